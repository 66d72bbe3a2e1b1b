import type { Booking } from './booking.js';

/** One provider's diary while its lock is held: no other booking for the provider can land meanwhile. */
export interface ProviderDiary {
  confirmedBookingsBetween(start: Date, end: Date): Promise<Booking[]>;
  /** A new booking. */
  add(booking: Booking): void;
  /** A booking already stored (and locked) that now holds another time or provider. */
  move(booking: Booking): void;
}

export abstract class BookingRepository {
  /**
   * Loads the booking with its row locked, applies `change` and saves it, in one transaction: two
   * concurrent changes of one booking run one after the other. `null` when there is no such booking.
   */
  abstract change(organisationId: string, id: string, change: (booking: Booking) => void): Promise<Booking | null>;
  /**
   * Loads the series' confirmed bookings that start after `after`, earliest first, with their rows
   * locked in that order (two such changes of one series never wait on each other in a circle),
   * applies `change` to each and saves them, in one transaction.
   */
  abstract changeLaterInSeries(organisationId: string, seriesId: string, after: Date, change: (booking: Booking) => void): Promise<Booking[]>;
  /** Runs `work` in one transaction: every write in it, a provider's diary included, commits or none does. */
  abstract inOneTransaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction holding the provider's booking lock, and commits what it added
   * or moved. Concurrent bookings for the same provider run one after another.
   */
  abstract withProviderDiary<T>(providerId: string, work: (diary: ProviderDiary) => Promise<T>): Promise<T>;
}
