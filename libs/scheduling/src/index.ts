// The scheduling context's public surface: the module; its answer to organisations' `LocationBookings` port; the booking use cases the routes above it
// call (create, reschedule) and the steps of a cancellation; the ledger payments locks and marks
// bookings through; and the reads of bookings and appointment types that answers spanning several
// contexts are composed from.
export { SchedulingModule, schedulingSchemas } from './scheduling.module.js';
export { SqlLocationBookings } from './infrastructure/persistence/sql-location-bookings.js';
export {
  BOOKING_EXPANSIONS,
  type BookingExpansion,
  type BookingFilters,
  BookingQueries,
  type BookingView,
} from './application/booking.queries.js';
export { AppointmentTypeQueries } from './application/appointment-type.queries.js';
export { CreateBooking } from './application/create-booking.use-case.js';
export { RescheduleBooking } from './application/reschedule-booking.use-case.js';
export { RescheduleOnline } from './application/reschedule-online.use-case.js';
export { BookingCancellation } from './application/booking-cancellation.js';
export { BookingAttendance } from './application/booking-attendance.js';
export { BookingLedger, type BookingToSettle, type SettledBookingParties } from './application/booking-ledger.js';
export { BookOnline } from './application/book-online.use-case.js';
export { ManageTokens } from './application/manage-tokens.js';
export { assertClientMayCancel, type CancellationPolicy, cancellationPolicyOf } from './domain/cancellation-policy.js';
export { ATTENDANCES, type Attendance, type Booking, type BookingStatus } from './domain/booking.js';
export {
  MAX_OCCURRENCES,
  MIN_OCCURRENCES,
  REPEAT_FREQUENCIES,
  type Repeat,
  type RepeatFrequency,
} from './domain/repeat.js';
export type { AppointmentType } from './domain/appointment-type.js';
