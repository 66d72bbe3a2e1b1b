import { MikroORM } from '@mikro-orm/postgresql';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from './config/app-config.js';
import { AllowedMethods } from './http/allowed-methods.js';
import { Clock, EventReactions, EventRenderers, SystemClock } from './domain/index.js';
import { MetricsRegistry } from './metrics/metrics-registry.js';
import { JobMetrics, WebhookDeliveryMetrics } from './metrics/operational-metrics.js';
import { ChangeNotices } from './sql/change-notices.js';
import { DirectDatabaseUrl } from './sql/direct-database-url.js';
import { ReadReplicas } from './sql/read-replicas.js';
import { SqlReader } from './sql/sql-reader.js';

/**
 * Configuration, the database URL for sessions, the clock, the read side's SQL (and its replica
 * routing), change notices, the event renderers and reactions, the metrics registry and the routes' methods,
 * available to every module.
 */
@Global()
@Module({})
export class SharedModule {
  static forRoot(config: AppConfig, directDatabaseUrl: string): DynamicModule {
    return {
      module: SharedModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: DirectDatabaseUrl, useValue: new DirectDatabaseUrl(directDatabaseUrl) },
        { provide: Clock, useClass: SystemClock },
        ReadReplicas,
        {
          provide: SqlReader,
          inject: [MikroORM, ReadReplicas],
          useFactory: (orm: MikroORM, replicas: ReadReplicas) =>
            new SqlReader(orm, { preparedStatements: config.databasePreparedStatements, replicas }),
        },
        EventRenderers,
        EventReactions,
        ChangeNotices,
        MetricsRegistry,
        JobMetrics,
        WebhookDeliveryMetrics,
        AllowedMethods,
      ],
      exports: [
        AppConfig,
        DirectDatabaseUrl,
        Clock,
        SqlReader,
        ReadReplicas,
        ChangeNotices,
        EventRenderers,
        EventReactions,
        MetricsRegistry,
        JobMetrics,
        WebhookDeliveryMetrics,
        AllowedMethods,
      ],
    };
  }
}
