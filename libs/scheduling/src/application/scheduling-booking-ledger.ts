import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import { BookingLedger, type BookingToSettle } from '@app/payments-and-claims';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingQueries } from './booking.queries.js';

/** Payments' `BookingLedger` over scheduling's bookings and appointment types. */
@Injectable()
export class SchedulingBookingLedger extends BookingLedger {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly queries: BookingQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {
    super();
  }

  async lock(organisationId: string, bookingId: string): Promise<BookingToSettle> {
    const booking = await this.bookings.change(organisationId, bookingId, () => undefined);
    if (!booking) throw bookingNotFound(bookingId);
    const type = await this.appointmentTypes.findById(organisationId, booking.appointmentTypeId);
    return {
      id: booking.id,
      clientId: booking.clientId,
      providerId: booking.providerId,
      locationId: booking.locationId,
      appointmentTypeId: booking.appointmentTypeId,
      serviceDate: booking.serviceDate,
      servicePrice: booking.servicePrice,
      paymentMethodId: booking.paymentMethodId,
      healthFundCardId: booking.healthFundCardId,
      paid: booking.paid,
      cancelled: booking.cancelledAt !== null,
      appointmentTypeName: type?.name ?? 'Appointment',
      billableItems: type?.billableItems ?? [],
    };
  }

  async markPaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => {
      found.paid = true;
    });
    if (!booking) throw bookingNotFound(bookingId);
    const paid = await this.queries.get(organisationId, bookingId, Expansion.none(), this.clock.now());
    await this.events.record('booking.paid', organisationId, paid);
  }

  async markUnpaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => {
      found.paid = false;
    });
    if (!booking) throw bookingNotFound(bookingId);
  }
}
