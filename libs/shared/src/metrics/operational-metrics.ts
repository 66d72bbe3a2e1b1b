import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry.js';

/**
 * The job engine's metrics, named here so every queue reports the same way. The engine calls
 * `reportQueueDepth` once with a reader of its queue sizes (read at each scrape, never polled)
 * and counts each job that ends.
 */
@Injectable()
export class JobMetrics {
  private readonly finished: Counter<'queue' | 'outcome'>;
  private readQueueDepths?: () => Promise<Record<string, number>>;

  constructor(metrics: MetricsRegistry) {
    this.finished = metrics.counter({
      name: 'jobs_finished_total',
      help: 'Jobs that ended, by queue and outcome',
      labelNames: ['queue', 'outcome'] as const,
    });
    const reader = () => this.readQueueDepths;
    metrics.gauge({
      name: 'jobs_queue_depth',
      help: 'Jobs waiting to run, by queue (read at scrape time)',
      labelNames: ['queue'] as const,
      async collect() {
        const read = reader();
        if (!read) return;
        this.reset();
        for (const [queue, depth] of Object.entries(await read())) this.set({ queue }, depth);
      },
    });
  }

  reportQueueDepth(read: () => Promise<Record<string, number>>): void {
    this.readQueueDepths = read;
  }

  /** Counts `jobs_finished_total{queue, outcome="completed"}`. */
  completed(queue: string): void {
    this.finished.inc({ queue, outcome: 'completed' });
  }

  /** Counts `jobs_finished_total{queue, outcome="failed"}`. */
  failed(queue: string): void {
    this.finished.inc({ queue, outcome: 'failed' });
  }
}

/** What became of one webhook delivery attempt: `retrying` failed with a retry left, `failed` had none. */
export type WebhookDeliveryOutcome = 'delivered' | 'retrying' | 'failed';

/** Webhook delivery attempts by outcome, and how long the receiving endpoint took to answer. */
@Injectable()
export class WebhookDeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly duration: Histogram<'outcome'>;

  constructor(metrics: MetricsRegistry) {
    this.attempts = metrics.counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome',
      labelNames: ['outcome'] as const,
    });
    this.duration = metrics.histogram({
      name: 'webhook_delivery_duration_seconds',
      help: 'Time from sending a webhook to its answer (or failure)',
      labelNames: ['outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    });
  }

  record(outcome: WebhookDeliveryOutcome, seconds: number): void {
    this.attempts.inc({ outcome });
    this.duration.observe({ outcome }, seconds);
  }
}
