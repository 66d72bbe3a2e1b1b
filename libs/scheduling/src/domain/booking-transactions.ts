/**
 * The seam to the payments-and-claims context: the newest transaction of each booking, as the
 * booking's `latestTransaction`. Scheduling owns the port; payments implements it.
 */
export abstract class BookingTransactions {
  /**
   * The latest transaction of each of these bookings, as an answer-ready object, in a fixed number
   * of statements; bookings without one are absent from the map.
   */
  abstract latestOf(organisationId: string, bookingIds: readonly string[], options: { withBillableItems: boolean }): Promise<Map<string, object>>;
}
