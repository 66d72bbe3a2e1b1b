export { Jobs, type QueueOptions, type SendOptions } from './jobs.js';
export { JobsModule } from './jobs.module.js';
