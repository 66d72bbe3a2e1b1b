// Scheduling's http layer as the composition above the contexts uses it: the requests of the booking
// routes it mounts, and how a booking and its parts render, so a booking has one shape everywhere.
export { CreateBookingRequest } from './dto/create-booking.request.js';
export { CancelBookingRequest } from './dto/cancel-booking.request.js';
export { RescheduleBookingRequest, ReschedulePublicBookingRequest } from './dto/reschedule-booking.request.js';
export { AttendanceRequest } from './dto/attendance.request.js';
export { CreatePublicBookingRequest } from './dto/create-public-booking.request.js';
export { AppointmentTypeResponse } from './dto/appointment-type.response.js';
export {
  AdjustmentResponse,
  CancellationPolicyResponse,
  renderBooking,
  type BookingFields,
} from './dto/booking.response.js';
