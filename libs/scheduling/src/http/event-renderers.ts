import type { EventRenderers } from '@app/shared/domain';
import type { BookingView } from '../application/booking.queries.js';
import type { AppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeResponse } from './dto/appointment-type.response.js';
import { renderBooking } from './dto/booking.response.js';

/**
 * The `data` of scheduling's events: the resource as its GET answers it (`…/bookings/{id}`,
 * `…/appointment-types/{id}`).
 */
export function renderSchedulingEvents(renderers: EventRenderers): void {
  renderers.register(
    ['appointment_type.created', 'appointment_type.updated', 'appointment_type.deleted'],
    (type: AppointmentType) => AppointmentTypeResponse.from(type),
  );
  renderers.register(
    [
      'booking.created',
      'booking.cancelled',
      'booking.paid',
      'booking.rescheduled',
      'booking.arrived',
      'booking.no_show',
    ],
    (booking: BookingView) => renderBooking(booking, {}),
  );
}
