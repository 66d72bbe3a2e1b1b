export { type JobAttempt, Jobs, type QueueOptions, type SendOptions } from './jobs.js';
export { JobsModule } from './jobs.module.js';
export { jobIdOf } from './job-id.js';
