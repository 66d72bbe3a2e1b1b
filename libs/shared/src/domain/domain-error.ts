/** What went wrong, independent of transport. The HTTP layer maps each kind to one status. */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'gone'
  | 'payment_required'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export interface FieldError {
  /** JSON path of the offending input, e.g. `medicareCard.memberNumber`. */
  field: string;
  code: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Extra problem members a client can act on, e.g. `{ existingCardId }`. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (resource: string, id: string): DomainError =>
  new DomainError('not_found', 'not_found', `${resource} ${id} was not found.`);

export const conflict = (code: string, message: string, extensions?: Record<string, unknown>): DomainError =>
  new DomainError('conflict', code, message, undefined, extensions);

/** One invalid input field, reported the same way as a request validation failure. */
export const invalidField = (field: string, code: string, message: string): DomainError =>
  new DomainError('validation', 'validation_failed', message, [{ field, code, message }]);

export const validationFailed = (errors: FieldError[]): DomainError =>
  new DomainError('validation', 'validation_failed', 'The request is not valid.', errors);

/** An id inside a request body that names nothing within the caller's reach. */
export const referenceNotFound = (field: string, resource: string, id: string): DomainError =>
  new DomainError('not_found', 'not_found', `${resource} ${id} was not found.`, [
    { field, code: 'not_found', message: `names no ${resource.toLowerCase()} that this request can reach` },
  ]);
