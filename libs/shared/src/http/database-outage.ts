import { DomainError } from '../domain/index.js';

/** Seconds a client is told to wait: about what the embedded server's first restart attempts take. */
export const RETRY_AFTER_OUTAGE_SECONDS = 2;

export const SERVICE_UNAVAILABLE = new DomainError(
  'unavailable',
  'service_unavailable',
  'The database is unreachable for a moment; retry after the time in Retry-After.',
);

/** Node's socket errors for a server that is not there (or went away mid-statement). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs of a server that cannot take the statement now: class 08 (connection
 * exception), 57P01-57P03 (shut down by an administrator, crash shutdown, cannot connect now:
 * starting up or shutting down) and 53300 (too many connections).
 */
const SERVER_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** `pg` and `pg-pool` say these in plain errors without a code. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether a failure means the database is unreachable rather than that the statement was wrong:
 * raw `pg` errors (the read side), MikroORM's wrapped ones (`ConnectionException`, or a
 * `DriverException` carrying the SQLSTATE), pool acquire time-outs, and any of these as a `cause`
 * or inside an `AggregateError` (one per address tried).
 */
export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, sqlState, name, message, cause, errors } = error as Record<string, unknown>;
  if (name === 'ConnectionException') return true;
  for (const value of [code, sqlState]) {
    if (typeof value === 'string' && (SOCKET_CODES.has(value) || SERVER_UNAVAILABLE.test(value))) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseOutage(inner, depth + 1))) return true;
  return isDatabaseOutage(cause, depth + 1);
}
