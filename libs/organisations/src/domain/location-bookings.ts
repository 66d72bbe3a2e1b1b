/**
 * What this context asks of a location's bookings. Bookings belong to scheduling, which depends on
 * this context, never the reverse: scheduling binds this port.
 */
export abstract class LocationBookings {
  /** Whether the location has a confirmed (not cancelled) booking that starts after `now`. */
  abstract hasUpcomingConfirmed(organisationId: string, locationId: string, now: Date): Promise<boolean>;
}
