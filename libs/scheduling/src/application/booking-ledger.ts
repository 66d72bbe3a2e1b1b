import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { type Cents, Clock, DomainEvents } from '@app/shared/domain';
import type { BillableItem } from '../domain/appointment-type.js';
import { AppointmentTypeRepository } from '../domain/appointment-type.repository.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingQueries } from './booking.queries.js';

/** What a check-out needs to know of a booking, read under the booking's lock. */
export interface BookingToSettle {
  id: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  serviceDate: Date;
  servicePrice: Cents;
  paymentMethodId: string | null;
  healthFundCardId: string | null;
  paid: boolean;
  cancelled: boolean;
  appointmentTypeName: string;
  billableItems: BillableItem[];
}

/**
 * The bookings side of taking money for one, for payments' check-outs, payment links and voids: the
 * booking locked while it is settled, `paid` set or cleared, and `invoiced` set. Each runs inside the caller's
 * database transaction.
 */
@Injectable()
export class BookingLedger {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly appointmentTypes: AppointmentTypeRepository,
    private readonly queries: BookingQueries,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** Holds the booking's row lock until the caller's transaction ends: check-outs of one booking queue. Unknown booking: 404. */
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

  /** Sets the booking's `paid` and records `booking.paid`. */
  async markPaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => found.setPaid(true, this.clock.now()));
    if (!booking) throw bookingNotFound(bookingId);
    const paid = await this.queries.get(organisationId, bookingId, Expansion.none());
    await this.events.record('booking.paid', organisationId, paid);
  }

  /** Sets the booking's `invoiced`: its check-out issued an invoice. */
  async markInvoiced(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => found.markInvoiced(this.clock.now()));
    if (!booking) throw bookingNotFound(bookingId);
  }

  /** Clears the booking's `paid`: part of what settled it was taken back (a claim voided). */
  async markUnpaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => found.setPaid(false, this.clock.now()));
    if (!booking) throw bookingNotFound(bookingId);
  }
}
