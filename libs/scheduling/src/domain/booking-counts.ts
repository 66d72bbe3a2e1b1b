/**
 * An organisation's booking totals, kept by a statement-level trigger on `bookings` (migrations
 * `BookingCounts`, `BookingDayCounts`) so a list filtered by status alone is counted without
 * scanning. Never written by the application.
 */
export class BookingCounts {
  organisationId: string;
  bookings: number;
  cancelled: number;
}

/**
 * An organisation's bookings on one UTC day (by service date), kept by the same trigger as
 * `BookingCounts`, so a list filtered by a service date range is counted by its days. Never
 * written by the application.
 */
export class BookingDayCounts {
  organisationId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  bookings: number;
  cancelled: number;
}
