import type { AppointmentType } from './appointment-type.js';
import type { Booking } from './booking.js';

declare const held: unique symbol;

/**
 * That the running database transaction holds a provider's booking lock, until it ends: made only
 * by the read that takes the lock, and asked for by the diary, which then needs no statement of
 * its own to take it.
 */
export interface ProviderLock {
  readonly providerId: string;
  readonly [held]: true;
}

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
   * Inside the caller's transaction: the booking with its row locked until the transaction ends (a
   * second lock of it waits), read with its appointment type in one statement; `null` when there is
   * no such booking. What a check-out changes of it is saved with `saveSettlement`.
   */
  abstract lockWithType(
    organisationId: string,
    id: string,
  ): Promise<{ booking: Booking; appointmentType: AppointmentType | null } | null>;
  /** Inside the caller's transaction: `paid`, `invoiced` and `updatedAt` of a booking `lockWithType` read, in one statement. */
  abstract saveSettlement(booking: Booking): Promise<void>;
  /**
   * Loads the series' confirmed bookings that start after `after`, earliest first, with their rows
   * locked in that order (two such changes of one series never wait on each other in a circle),
   * applies `change` to each and saves them, in one transaction.
   */
  abstract changeLaterInSeries(
    organisationId: string,
    seriesId: string,
    after: Date,
    change: (booking: Booking) => void,
  ): Promise<Booking[]>;
  /** Runs `work` in one transaction: every write in it, a provider's diary included, commits or none does. */
  abstract inOneTransaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` on the diary of the provider whose lock the running transaction holds, and saves
   * what it added or moved in that transaction. Concurrent bookings for the same provider run one
   * after another, as each waits for the lock.
   */
  abstract withProviderDiary<T>(lock: ProviderLock, work: (diary: ProviderDiary) => Promise<T>): Promise<T>;
}
