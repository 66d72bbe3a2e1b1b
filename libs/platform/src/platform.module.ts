import {
  type Abstract,
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig, RequestInputGuard } from '@app/shared';
import { ApiKeyQueries } from './api-keys/application/api-key.queries.js';
import { CreateApiKey } from './api-keys/application/create-api-key.use-case.js';
import { RevokeApiKey } from './api-keys/application/revoke-api-key.use-case.js';
import { EnsureBootstrapKey } from './api-keys/application/ensure-bootstrap-key.use-case.js';
import { ApiKeyRepository } from './keys/domain/api-key.repository.js';
import { ApiKeysController } from './api-keys/http/api-keys.controller.js';
import { ApiKeySchema } from './keys/infrastructure/api-key.schema.js';
import { MikroOrmApiKeyRepository } from './keys/infrastructure/mikro-orm-api-key.repository.js';
import { ApiKeyAuthenticator } from './access/api-key-authenticator.js';
import { ApiKeyCache } from './access/api-key-cache.js';
import { ApiKeyChangeListener } from './access/api-key-change-listener.js';
import { ApiKeyUsage } from './access/api-key-usage.js';
import { AccessGuard } from './access/access.guard.js';
import { ApiKeyScope } from './access/api-key-scope.js';
import { OrganisationLookup } from './access/organisation-lookup.js';
import { ReadRoutingInterceptor } from './access/read-routing.interceptor.js';
import { HealthController } from './health/health.controller.js';
import { MetricsEndpoint } from './metrics/metrics-endpoint.js';
import { IdempotencyMiddleware } from './idempotency/idempotency.middleware.js';
import { IdempotencyStore } from './idempotency/idempotency.store.js';
import { InMemoryThrottlerStorage } from './rate-limit/in-memory-throttler.storage.js';
import { RateLimit } from './rate-limit/rate-limit.js';

export const platformSchemas = [ApiKeySchema];

/**
 * What every request passes through before a context sees it: the API key and its scope, the
 * rate limit, body checks, and idempotent POSTs. Also API keys, health and metrics.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(platformSchemas),
    TerminusModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      // Only its storage is used: `RateLimit` counts in it (the limits are there). The Redis client
      // (ioredis and its dependencies) is loaded only when `REDIS_URL` is set.
      useFactory: async (config: AppConfig) => ({
        throttlers: [],
        storage: config.redisUrl
          ? new (await import('./rate-limit/redis-throttler.storage.js')).RedisThrottlerStorage(config.redisUrl)
          : new InMemoryThrottlerStorage(),
      }),
    }),
  ],
  controllers: [ApiKeysController, HealthController],
  providers: [
    { provide: APP_GUARD, useClass: AccessGuard },
    ApiKeyScope,
    RateLimit,
    RequestInputGuard,
    { provide: ApiKeyRepository, useClass: MikroOrmApiKeyRepository },
    ApiKeyAuthenticator,
    ApiKeyCache,
    ApiKeyChangeListener,
    ApiKeyUsage,
    ApiKeyQueries,
    CreateApiKey,
    RevokeApiKey,
    EnsureBootstrapKey,
    IdempotencyStore,
    MetricsEndpoint,
  ],
  exports: [EnsureBootstrapKey, MetricsEndpoint],
})
export class PlatformModule implements NestModule {
  /**
   * The platform with its `OrganisationLookup` port bound to `lookup`, a provider that `module`
   * exports (the organisations context's directory). The composition root chooses. Read routing
   * only with `readReplicas` (`DATABASE_READ_URLS`): any global interceptor makes Nest run its
   * RxJS chain on every request, which without replicas would route nothing.
   */
  static withOrganisationsFrom(
    module: Type | DynamicModule,
    lookup: Abstract<OrganisationLookup>,
    options: { readReplicas: boolean },
  ): DynamicModule {
    return {
      module: PlatformModule,
      imports: [module],
      providers: [
        { provide: OrganisationLookup, useExisting: lookup },
        ...(options.readReplicas ? [{ provide: APP_INTERCEPTOR, useClass: ReadRoutingInterceptor }] : []),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(IdempotencyMiddleware).forRoutes({ path: '*path', method: RequestMethod.POST });
  }
}
