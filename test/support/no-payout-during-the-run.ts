/**
 * For every service on the shared test database: the daily payout half a day away, never during a
 * run. It pays out every business with money waiting, and tests count their own payouts (they queue
 * runs by hand). The job engine keeps one schedule per queue, as the last instance to start set it.
 */
export const NO_PAYOUT_DURING_THE_RUN = {
  PAYOUT_TIME: `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`,
  PAYOUT_TIME_ZONE: 'UTC',
};
