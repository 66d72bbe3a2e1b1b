export { EventsModule } from './events.module.js';
export { eventsSchemas } from './infrastructure/persistence/events.schemas.js';
