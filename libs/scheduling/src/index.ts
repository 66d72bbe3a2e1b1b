// The scheduling context's public surface: the module, and the port payments implements.
export { SchedulingModule, schedulingSchemas } from './scheduling.module.js';
