export { PlatformModule, platformSchemas } from './platform.module.js';
export { EnsureBootstrapKey } from './api-keys/application/ensure-bootstrap-key.use-case.js';
export { MetricsEndpoint } from './metrics/metrics-endpoint.js';
