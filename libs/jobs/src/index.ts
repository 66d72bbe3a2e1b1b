export { type JobAttempt, Jobs, type LeadingWrite, type QueueOptions } from './jobs.js';
export { JobsModule } from './jobs.module.js';
export { jobIdOf } from './job-id.js';
