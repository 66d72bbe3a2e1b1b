import { Temporal } from 'temporal-polyfill';
import { type Cents, newUuid, nextUpdatedAt } from '@app/shared/domain';
import { bookingAlreadyCancelled, bookingCancelled, bookingInPast, bookingNotStarted } from './scheduling.errors.js';

export interface Adjustment {
  id: string;
  amount: Cents;
  /** `1` adds to what the client owes, `-1` takes from it. */
  balanceEffectIndicator: number;
  description: string;
}

export interface NewBooking {
  id?: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  providerLocationLinkId: string;
  serviceDate: Date;
  durationMinutes: number;
  servicePrice: Cents;
  paymentMethodId?: string | null;
  healthFundCardId?: string | null;
  pmsBookingId?: string | null;
  pmsAttendeeId?: string | null;
  /** SHA-256 of the token a patient who booked online manages the booking with. */
  manageTokenHash?: string | null;
  /** The series of a repeated booking, shared by all its occurrences. */
  seriesId?: string | null;
}

export type BookingStatus = 'confirmed' | 'cancelled';

/** Whether the client came: `pending` until the clinic says. */
export type Attendance = 'pending' | 'arrived' | 'no_show';
export const ATTENDANCES: readonly Attendance[] = ['pending', 'arrived', 'no_show'];

/** An appointment of a client with a provider at a location. Confirmed until cancelled. */
export class Booking {
  id: string;
  organisationId: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  providerLocationLinkId: string;
  serviceDate: Date;
  endsAt: Date;
  /** The appointment type's price when booked; later price changes do not touch it. */
  servicePrice: Cents;
  paid: boolean;
  invoiced: boolean;
  adjustments: Adjustment[];
  cancelledAt: Date | null;
  paymentMethodId: string | null;
  healthFundCardId: string | null;
  pmsBookingId: string | null;
  pmsAttendeeId: string | null;
  manageTokenHash: string | null;
  attendance: Attendance;
  arrivedAt: Date | null;
  /** When a no-show fee was charged for it: a booking is charged one at most. */
  noShowFeeChargedAt: Date | null;
  seriesId: string | null;
  createdAt: Date;
  /** When it last changed: equal to `createdAt` until it does. */
  updatedAt: Date;

  static create(organisationId: string, props: NewBooking, now: Date): Booking {
    const booking = new Booking();
    booking.id = props.id ?? newUuid();
    booking.organisationId = organisationId;
    booking.clientId = props.clientId;
    booking.providerId = props.providerId;
    booking.locationId = props.locationId;
    booking.appointmentTypeId = props.appointmentTypeId;
    booking.providerLocationLinkId = props.providerLocationLinkId;
    booking.serviceDate = props.serviceDate;
    booking.endsAt = new Date(props.serviceDate.getTime() + props.durationMinutes * 60_000);
    booking.servicePrice = props.servicePrice;
    booking.paid = false;
    booking.invoiced = false;
    booking.adjustments = [];
    booking.cancelledAt = null;
    booking.paymentMethodId = props.paymentMethodId ?? null;
    booking.healthFundCardId = props.healthFundCardId ?? null;
    booking.pmsBookingId = props.pmsBookingId ?? null;
    booking.pmsAttendeeId = props.pmsAttendeeId ?? null;
    booking.manageTokenHash = props.manageTokenHash ?? null;
    booking.attendance = 'pending';
    booking.arrivedAt = null;
    booking.noShowFeeChargedAt = null;
    booking.seriesId = props.seriesId ?? null;
    booking.createdAt = now;
    booking.updatedAt = now;
    return booking;
  }

  cancel(now: Date): void {
    if (this.cancelledAt) throw bookingAlreadyCancelled(this.id);
    if (this.serviceDate.getTime() <= now.getTime()) throw bookingInPast(this.id, 'cancelled');
    this.cancelledAt = now;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** Whether `paid` changed. */
  setPaid(paid: boolean, now: Date): boolean {
    if (this.paid === paid) return false;
    this.paid = paid;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** An invoice was issued for it (at its check-out). Whether `invoiced` changed. */
  markInvoiced(now: Date): boolean {
    if (this.invoiced) return false;
    this.invoiced = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Only a confirmed booking that has not begun can move. */
  assertReschedulable(now: Date): void {
    if (this.cancelledAt) throw bookingCancelled(this.id);
    if (this.serviceDate.getTime() <= now.getTime()) throw bookingInPast(this.id, 'rescheduled');
  }

  /**
   * Moves the booking, keeping its length (a type's later change of duration is for new bookings),
   * its client, price, payment method and manage token. Whether anything moved.
   */
  reschedule(
    to: Pick<Booking, 'serviceDate' | 'providerId' | 'locationId' | 'providerLocationLinkId'>,
    now: Date,
  ): boolean {
    this.assertReschedulable(now);
    const moved =
      this.serviceDate.getTime() !== to.serviceDate.getTime() ||
      this.providerId !== to.providerId ||
      this.locationId !== to.locationId ||
      this.providerLocationLinkId !== to.providerLocationLinkId;
    if (!moved) return false;
    const duration = this.endsAt.getTime() - this.serviceDate.getTime();
    this.serviceDate = to.serviceDate;
    this.endsAt = new Date(to.serviceDate.getTime() + duration);
    this.providerId = to.providerId;
    this.locationId = to.locationId;
    this.providerLocationLinkId = to.providerLocationLinkId;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /**
   * The client is here: allowed from the start of the service day in `timeZone` (the location's),
   * so a client early for a booking later that day can be marked. Whether anything changed; a
   * booking already marked arrived keeps its first `arrivedAt`.
   */
  markArrived(now: Date, timeZone: string): boolean {
    if (this.cancelledAt) throw bookingCancelled(this.id);
    if (this.attendance === 'arrived') return false;
    const dayStarts = Temporal.Instant.fromEpochMilliseconds(this.serviceDate.getTime())
      .toZonedDateTimeISO(timeZone)
      .startOfDay();
    if (now.getTime() < dayStarts.epochMilliseconds) throw bookingNotStarted(this.id, 'its service day has not begun');
    return attend(this, 'arrived', now, now);
  }

  /** The client did not come: allowed once the booking has started. Whether anything changed. */
  markNoShow(now: Date): boolean {
    if (this.cancelledAt) throw bookingCancelled(this.id);
    if (this.attendance === 'no_show') return false;
    if (now.getTime() < this.serviceDate.getTime()) throw bookingNotStarted(this.id, 'it has not started');
    return attend(this, 'no_show', null, now);
  }

  /** Back to not yet known, as a mistaken mark is undone. Whether anything changed. */
  markPending(now: Date): boolean {
    if (this.cancelledAt) throw bookingCancelled(this.id);
    if (this.attendance === 'pending') return false;
    return attend(this, 'pending', null, now);
  }

  /** Its no-show fee was charged: never again, whatever is marked later. Nothing its answer shows changes. */
  recordNoShowFee(now: Date): void {
    this.noShowFeeChargedAt = now;
  }
}

/** The one way the marks above set a booking's attendance. */
function attend(booking: Booking, attendance: Attendance, arrivedAt: Date | null, now: Date): true {
  booking.attendance = attendance;
  booking.arrivedAt = arrivedAt;
  booking.updatedAt = nextUpdatedAt(booking.updatedAt, now);
  return true;
}

/**
 * Whether a new booking fits beside the provider's confirmed bookings that overlap it: only when
 * all of them are the same group session (same type, place and start) and it still has a place.
 */
export function fitsBeside(
  overlapping: readonly Pick<Booking, 'appointmentTypeId' | 'locationId' | 'serviceDate'>[],
  candidate: { appointmentTypeId: string; locationId: string; serviceDate: Date; maxAttendees: number },
): boolean {
  if (overlapping.length === 0) return true;
  const sameSession = overlapping.every(
    (booking) =>
      booking.appointmentTypeId === candidate.appointmentTypeId &&
      booking.locationId === candidate.locationId &&
      booking.serviceDate.getTime() === candidate.serviceDate.getTime(),
  );
  return sameSession && overlapping.length < candidate.maxAttendees;
}
