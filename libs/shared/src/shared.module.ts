import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config.js';
import { Clock, SystemClock } from './domain/index.js';
import { MetricsRegistry } from './metrics/metrics-registry.js';
import { JobMetrics, WebhookDeliveryMetrics } from './metrics/operational-metrics.js';
import { ChangeNotices } from './sql/change-notices.js';
import { SqlReader } from './sql/sql-reader.js';

/** Configuration, the clock, the read side's SQL, change notices and the metrics registry, available to every module. */
@Global()
@Module({})
export class SharedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SharedModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useClass: SystemClock },
        SqlReader,
        ChangeNotices,
        MetricsRegistry,
        JobMetrics,
        WebhookDeliveryMetrics,
      ],
      exports: [AppConfig, Clock, SqlReader, ChangeNotices, MetricsRegistry, JobMetrics, WebhookDeliveryMetrics],
    };
  }
}
