// The scheduling context's public surface: the module (which also provides payments' BookingLedger).
export { SchedulingModule, schedulingSchemas } from './scheduling.module.js';
