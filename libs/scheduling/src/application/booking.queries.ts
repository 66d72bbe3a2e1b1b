import type { Expansion } from '@app/shared';
import type { Page, PageRequest } from '@app/shared/domain';
import type { ClientView } from '@app/membership';
import type { Business, Location } from '@app/organisations';
import type { ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import type { Attendance, Booking, BookingStatus } from '../domain/booking.js';

export const BOOKING_EXPANSIONS = [
  'paymentMethod',
  'healthFundCard',
  'cancellationPolicy',
  'latestTransaction',
  'latestTransaction.transactionItems.billableItem',
  'location.business.capabilities',
  'providerLocationLink',
  'pmsAttendeeId',
  'location.registrations',
  'appointmentType.billableItems.serviceItem',
] as const;
export type BookingExpansion = (typeof BOOKING_EXPANSIONS)[number];

export interface BookingFilters {
  status?: BookingStatus[];
  serviceDateMin?: Date;
  serviceDateMax?: Date;
  paid?: boolean;
  providerId?: string;
  locationId?: string;
  clientId?: string;
  /** The start of the client's first, last or full name, ignoring case and accents (as client search matches names). */
  clientName?: string;
  attendance?: Attendance[];
  seriesId?: string;
}

/**
 * A booking with the parties its answer shows: provider, location, appointment type and client.
 * `business` is set when the location's business is expanded; the other expansions are read above
 * this context.
 */
export interface BookingView {
  booking: Booking;
  expansion: Expansion<BookingExpansion>;
  provider: ProviderView | null;
  location: Location | null;
  business?: Business | null;
  appointmentType: AppointmentType | null;
  client: ClientView | null;
}

/** Reads of bookings: pages and single bookings for answers, and a booking with its parties for writes. */
export abstract class BookingQueries {
  /**
   * A page of the organisation's bookings, newest service date first, or in sync mode
   * (`updatedSince`) those changed since, `updatedAt, id` ascending; 404 for an unknown organisation.
   */
  abstract list(organisationId: string, page: PageRequest, filters: BookingFilters): Promise<Page<Booking>>;
  /** The organisation's booking, or its 404. */
  abstract find(organisationId: string, bookingId: string): Promise<Booking>;
  /** The booking a manage token names, or its 404. */
  abstract byManageToken(token: string): Promise<Booking>;
  /** The parties of each booking, one read per kind of party whatever the number of bookings. */
  abstract withParties(
    organisationId: string,
    rows: Booking[],
    expansion: Expansion<BookingExpansion>,
  ): Promise<BookingView[]>;
  /**
   * The booking with its parties, as a write answers and records it, read in the write's
   * transaction. Only the parties are read here, whatever `expansion` asks of the answer.
   */
  async get(organisationId: string, bookingId: string, expansion: Expansion<BookingExpansion>): Promise<BookingView> {
    const [view] = await this.withParties(organisationId, [await this.find(organisationId, bookingId)], expansion);
    return view;
  }
}
