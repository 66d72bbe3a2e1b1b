import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { type Cents, Clock, DomainEvents } from '@app/shared/domain';
import type { BillableItem } from '../domain/appointment-type.js';
import type { Attendance } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingQueries, type BookingView } from './booking.queries.js';

/** What a check-out needs to know of a booking, read under the booking's lock. */
export interface BookingToSettle {
  id: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  serviceDate: Date;
  /** Whether the client came: a payer pays only for a service that happened. */
  attendance: Attendance;
  servicePrice: Cents;
  paymentMethodId: string | null;
  healthFundCardId: string | null;
  paid: boolean;
  cancelled: boolean;
  appointmentTypeName: string;
  billableItems: BillableItem[];
  /** The row and its appointment type as the lock read them: `markCheckedOut` changes and renders them. */
  readonly locked: Pick<BookingView, 'booking' | 'appointmentType'>;
}

/** The parties a check-out read of its booking for its own answer: `booking.paid` shows them too. */
export type SettledBookingParties = Pick<BookingView, 'provider' | 'location' | 'client'>;

/**
 * The bookings side of taking money for one, for payments' check-outs, payment links and voids: the
 * booking locked while it is settled, `paid` set or cleared, and `invoiced` set. Each runs inside the caller's
 * database transaction.
 */
@Injectable()
export class BookingLedger {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * Holds the booking's row lock until the caller's transaction ends: check-outs of one booking
   * queue. Read with its appointment type in one statement. Unknown booking: 404.
   */
  async lock(organisationId: string, bookingId: string): Promise<BookingToSettle> {
    const found = await this.bookings.lockWithType(organisationId, bookingId);
    if (!found) throw bookingNotFound(bookingId);
    const { booking, appointmentType: type } = found;
    return {
      id: booking.id,
      clientId: booking.clientId,
      providerId: booking.providerId,
      locationId: booking.locationId,
      appointmentTypeId: booking.appointmentTypeId,
      serviceDate: booking.serviceDate,
      attendance: booking.attendance,
      servicePrice: booking.servicePrice,
      paymentMethodId: booking.paymentMethodId,
      healthFundCardId: booking.healthFundCardId,
      paid: booking.paid,
      cancelled: booking.cancelledAt !== null,
      appointmentTypeName: type?.name ?? 'Appointment',
      billableItems: type?.billableItems ?? [],
      locked: { booking, appointmentType: type },
    };
  }

  /** Sets the booking's `paid` and records `booking.paid`. */
  async markPaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) =>
      found.setPaid(true, this.clock.now()),
    );
    if (!booking) throw bookingNotFound(bookingId);
    const paid = await this.queries.get(organisationId, bookingId, Expansion.none());
    await this.events.record('booking.paid', organisationId, paid);
  }

  /**
   * The booking `lock` read was checked out: `invoiced` set, and `paid` unless a payment link is
   * left to pay, in one statement. `booking.paid` is rendered from the locked row and the parties
   * the check-out read for its own answer (what the booking's GET reads), so nothing is read again.
   */
  async markCheckedOut(
    organisationId: string,
    settled: BookingToSettle,
    { paid, parties }: { paid: boolean; parties: SettledBookingParties },
  ): Promise<void> {
    const { booking, appointmentType } = settled.locked;
    const now = this.clock.now();
    booking.markInvoiced(now);
    if (paid) booking.setPaid(true, now);
    await this.bookings.saveSettlement(booking);
    if (!paid) return;
    const { provider, location, client } = parties;
    await this.events.record('booking.paid', organisationId, {
      booking,
      expansion: Expansion.none(),
      provider,
      location,
      appointmentType,
      client,
    } satisfies BookingView);
  }

  /** Clears the booking's `paid`: part of what settled it was taken back (a claim voided). */
  async markUnpaid(organisationId: string, bookingId: string): Promise<void> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) =>
      found.setPaid(false, this.clock.now()),
    );
    if (!booking) throw bookingNotFound(bookingId);
  }
}
