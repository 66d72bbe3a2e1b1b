export { PlatformModule, platformSchemas } from './platform.module.js';
export { EnsureBootstrapKey } from './api-keys/application/ensure-bootstrap-key.use-case.js';
export { MetricsEndpoint } from './metrics/metrics-endpoint.js';
export { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency/idempotency.middleware.js';
