// The scheduling context's public surface: the module, the port payments implements, and the
// settlement service payments calls when a booking is checked out.
export { SchedulingModule, schedulingSchemas } from './scheduling.module.js';
export { BookingTransactions } from './domain/booking-transactions.js';
export { BookingSettlements, type BookingToSettle } from './application/booking-settlements.js';
export type { BillableItem } from './domain/appointment-type.js';
export { CancellationFees, type FeeBooking } from './domain/cancellation-fees.js';
