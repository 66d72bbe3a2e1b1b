export { EventsModule } from './events.module.js';
export { eventsSchemas } from './infrastructure/persistence/events.schemas.js';
export { SealWebhookSecrets } from './application/seal-webhook-secrets.js';
