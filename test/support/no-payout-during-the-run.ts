/**
 * For every service on the shared test database: the daily payout and the daily remittance fetch
 * half a day away, never during a run. They pay out (and ask the payers about) every business with
 * money or claims waiting, and tests count their own (they queue runs and fetch by hand). The job
 * engine keeps one schedule per queue, as the last instance to start set it.
 */
const HALF_A_DAY_AWAY = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

export const NO_PAYOUT_DURING_THE_RUN = {
  PAYOUT_TIME: HALF_A_DAY_AWAY,
  REMITTANCE_FETCH_TIME: HALF_A_DAY_AWAY,
  PAYOUT_TIME_ZONE: 'UTC',
};
