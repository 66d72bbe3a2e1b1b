import { DomainError } from '../domain/index.js';

/** A PostgreSQL error as `pg` raises it and MikroORM's `DriverException` copies it: `code` is the SQLSTATE. */
interface PostgresError {
  code: string;
  severity: string;
}

const isPostgresError = (error: unknown): error is PostgresError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PostgresError).code === 'string' &&
  typeof (error as PostgresError).severity === 'string';

/**
 * SQLSTATEs that say a value from the request could not be stored: class 22 (data exception: out
 * of range, bad date, NUL, bad text representation) and the integrity violations a missing or
 * dangling value causes. Validation is meant to refuse all of them first; one that reaches the
 * database is still the request's fault, so a 400, and is logged so that the gap is closed.
 */
const INPUT_SQLSTATES: Array<(sqlState: string) => boolean> = [
  (sqlState) => sqlState.startsWith('22'),
  (sqlState) => sqlState === '23502', // not_null_violation
  (sqlState) => sqlState === '23503', // foreign_key_violation
  (sqlState) => sqlState === '23514', // check_violation
];

export const INPUT_REJECTED_BY_DATABASE = new DomainError(
  'validation',
  'validation_failed',
  'A value in the request is out of the range this service can store.',
);

/** A deadlock (40P01) or a serialisation failure (40001): another transaction's locks, not the request, ended it. */
export function isTransactionConflict(error: unknown, depth = 0): boolean {
  if (isPostgresError(error) && (error.code === '40P01' || error.code === '40001')) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return depth < 3 && cause !== undefined && isTransactionConflict(cause, depth + 1);
}

export const TRANSACTION_CONFLICT = new DomainError(
  'unavailable',
  'service_unavailable',
  'Another request changed the same records at the same moment: this one was undone; retry after the time in Retry-After.',
);

/**
 * The one place where PostgreSQL errors become API errors: the request's data → 400; a deadlock or
 * a serialisation failure (another request's locks) → 503, to retry; anything else → `undefined`, an
 * unexpected failure (500). Connection failures (SQLSTATE class 08, 57P0x, 53300) are 503 too
 * (`isDatabaseOutage`).
 */
export function domainErrorOfDatabase(error: unknown): DomainError | undefined {
  if (isTransactionConflict(error)) return TRANSACTION_CONFLICT;
  if (!isPostgresError(error)) return undefined;
  if (INPUT_SQLSTATES.some((matches) => matches(error.code))) return INPUT_REJECTED_BY_DATABASE;
  return undefined;
}
