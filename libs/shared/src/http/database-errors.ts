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

/**
 * The one place where PostgreSQL errors become API errors: the request's data → 400; anything
 * else → `undefined`, an unexpected failure (500). Connection failures (SQLSTATE class 08, 57P0x,
 * 53300) belong here too, as 503.
 */
export function domainErrorOfDatabase(error: unknown): DomainError | undefined {
  if (!isPostgresError(error)) return undefined;
  if (INPUT_SQLSTATES.some((matches) => matches(error.code))) return INPUT_REJECTED_BY_DATABASE;
  return undefined;
}
