import type { EventRenderers } from '@app/shared/domain';
import type { BookingView } from '../application/booking.queries.js';
import { renderBooking } from './dto/booking.response.js';

/** The `data` of booking events: the booking as `GET /v1/organisations/{id}/bookings/{id}` answers it. */
export function renderSchedulingEvents(renderers: EventRenderers): void {
  renderers.register(['booking.created', 'booking.cancelled', 'booking.paid', 'booking.rescheduled'], (booking: BookingView) => renderBooking(booking, {}));
}
