import { Injectable } from '@nestjs/common';
import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  type Metric,
  Registry,
} from 'prom-client';

type Config<T> = Omit<T, 'registers'>;

/**
 * The Prometheus registry of one running application, where any context registers its metrics.
 * One per application rather than prom-client's global one, so two applications in one process
 * (as tests build them) never collide; `counter`, `gauge` and `histogram` return the metric
 * already registered under a name, so a provider built twice shares it.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  counter<L extends string>(config: Config<CounterConfiguration<L>>): Counter<L> {
    return this.getOrCreate(config.name, () => new Counter({ ...config, registers: [this.registry] }));
  }

  gauge<L extends string>(config: Config<GaugeConfiguration<L>>): Gauge<L> {
    return this.getOrCreate(config.name, () => new Gauge({ ...config, registers: [this.registry] }));
  }

  histogram<L extends string>(config: Config<HistogramConfiguration<L>>): Histogram<L> {
    return this.getOrCreate(config.name, () => new Histogram({ ...config, registers: [this.registry] }));
  }

  /** The Prometheus text exposition of every registered metric. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private getOrCreate<M extends Metric>(name: string, create: () => M): M {
    return (this.registry.getSingleMetric(name) as M | undefined) ?? create();
  }
}
