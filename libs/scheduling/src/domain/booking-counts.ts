/**
 * An organisation's booking totals, kept by statement-level triggers on `bookings` (migration
 * `BookingCounts`) so a list filtered by status alone is counted without scanning. Never written
 * by the application.
 */
export class BookingCounts {
  organisationId: string;
  bookings: number;
  cancelled: number;
}
