/**
 * The anchor is the day generated data is built around: "now" for the data, with bookings from
 * 18 months before it to 6 months after. Every timestamp, and so every UUID v7, derives from it,
 * so scale, seed and anchor together fix every row (card ciphertext aside: its random IV is what
 * keeps it safe). It is a date, not an instant, so that every load on one day is identical.
 */

/** The default anchor: a demo loaded today has both past and upcoming bookings. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as that day's UTC midnight; undefined when it is not a calendar date. */
export function parseAnchor(date: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const anchor = new Date(`${date}T00:00:00.000Z`);
  // `Date` rolls 2026-02-30 over to 2 March instead of rejecting it.
  return !Number.isNaN(anchor.getTime()) && anchor.toISOString().startsWith(date) ? anchor : undefined;
}
