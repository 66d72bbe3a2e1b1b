/**
 * The year after the current one: the year of the fixed dates a test needs to lie ahead of the clock
 * (a filter's window, an order of bookings, a fee's deadline), so that they still do in whatever year
 * the tests run. Write such a date as `${FUTURE_YEAR}-02-03T09:00:00.000Z`, never with a year of its own.
 */
export const FUTURE_YEAR = new Date().getUTCFullYear() + 1;

/**
 * The year before the current one: the year of a service that has happened (a payer pays only for
 * one), whatever day the tests run.
 */
export const PAST_YEAR = new Date().getUTCFullYear() - 1;
