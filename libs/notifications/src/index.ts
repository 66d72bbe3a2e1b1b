// The notifications context's public surface: its module, and its schemas for the ORM's configuration.
export { NotificationsModule } from './notifications.module.js';
export { notificationsSchemas } from './infrastructure/persistence/notification.schema.js';
