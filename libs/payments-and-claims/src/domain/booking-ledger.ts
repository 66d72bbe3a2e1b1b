import type { Cents } from '@app/shared/domain';
import type { BillableItemSnapshot } from './transaction.js';

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
  billableItems: BillableItemSnapshot[];
}

/**
 * The bookings side of taking money for one (scheduling implements it; payments owns the port,
 * because scheduling already reads payments for `latestTransaction` and the dependency runs one
 * way): the booking locked for the check-out, and `paid` set when its transaction settles. Both run
 * inside the caller's database transaction.
 */
export abstract class BookingLedger {
  /** Holds the booking's row lock until the caller's transaction ends: check-outs of one booking queue. Unknown booking: 404. */
  abstract lock(organisationId: string, bookingId: string): Promise<BookingToSettle>;

  /** Sets the booking's `paid` and records `booking.paid`. */
  abstract markPaid(organisationId: string, bookingId: string): Promise<void>;

  /** Clears the booking's `paid`: part of what settled it was taken back (a claim voided). */
  abstract markUnpaid(organisationId: string, bookingId: string): Promise<void>;
}
