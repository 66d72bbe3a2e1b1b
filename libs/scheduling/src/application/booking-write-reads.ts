import type { ClientView } from '@app/membership';
import type { Location } from '@app/organisations';
import type { ProviderLocationLink, ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import type { Booking } from '../domain/booking.js';
import type { ProviderLock } from '../domain/booking.repository.js';

/** Who a booking is with, where, and for what. */
export interface Place {
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
}

/** Who and what a booking names, as its answer shows them; `null` for what the organisation does not have. */
export interface Parties {
  provider: ProviderView | null;
  location: Location | null;
  appointmentType: AppointmentType | null;
  client: ClientView | null;
}

/** What the checks of a place read, archived or not: its parties, and the provider's link to the location (the live one, else the last archived). */
export interface PlaceParties extends Parties {
  link: ProviderLocationLink | null;
}

/**
 * The reads a booking's writes make, each one statement: what a new or moved booking's checks
 * read and its answer shows, taking the provider's lock at the same time; and the booking a change
 * locks, with its parties. A write waits on each round trip to the database, so what it needs at
 * one moment it reads at once.
 */
export abstract class BookingWriteReads {
  /**
   * The parties of a booking of `clientId` at `place`, and the provider's booking lock, held until
   * the running transaction ends (refused outside one): no other booking for the provider can be
   * placed meanwhile.
   */
  abstract lockPlace(
    organisationId: string,
    place: Place,
    clientId: string,
  ): Promise<PlaceParties & { lock: ProviderLock }>;
  /** What `lockPlace` reads, but no client, and without the lock: for checks made before a write's transaction. */
  abstract ofPlace(organisationId: string, place: Place): Promise<PlaceParties>;
  /**
   * Loads the booking with its row locked until the running transaction ends, and its parties, then
   * applies `change` and saves it (as `BookingRepository.change`). `null` when the organisation has
   * no such booking.
   */
  abstract change(
    organisationId: string,
    bookingId: string,
    change: (booking: Booking) => void,
  ): Promise<{ booking: Booking; parties: Parties } | null>;
}
