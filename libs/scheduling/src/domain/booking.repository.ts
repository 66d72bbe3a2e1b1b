import type { Booking } from './booking.js';

/** One provider's diary while its lock is held: no other booking for the provider can land meanwhile. */
export interface ProviderDiary {
  confirmedBookingsBetween(start: Date, end: Date): Promise<Booking[]>;
  add(booking: Booking): void;
}

export abstract class BookingRepository {
  abstract findById(organisationId: string, id: string): Promise<Booking | null>;
  abstract save(booking: Booking): Promise<void>;
  /**
   * Runs `work` in one transaction holding the provider's booking lock, and commits what it added.
   * Concurrent bookings for the same provider run one after another.
   */
  abstract withProviderDiary<T>(providerId: string, work: (diary: ProviderDiary) => Promise<T>): Promise<T>;
}
