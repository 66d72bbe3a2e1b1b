import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { type FieldError, validationFailed } from '../domain/index.js';

const CODE_OF_CONSTRAINT: Record<string, string> = {
  whitelistValidation: 'unknown_field',
  isDefined: 'required',
  isNotEmpty: 'required',
  isString: 'invalid_type',
  isBoolean: 'invalid_type',
  isInt: 'invalid_type',
  isNumber: 'invalid_type',
  isObject: 'invalid_type',
  isArray: 'invalid_type',
  nestedValidation: 'invalid_type',
  min: 'out_of_range',
  max: 'out_of_range',
  maxLength: 'too_long',
  minLength: 'too_short',
  arrayMaxSize: 'too_many',
  isIn: 'invalid_value',
  isEnum: 'invalid_value',
};

function fieldPath(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/**
 * class-validator's tree of errors as a flat list with JSON paths (`healthFundCard.cardholders[0]`),
 * one error per field: `required` when it is missing, otherwise the first check it failed in the
 * order the decorators are written (class-validator runs them bottom-up).
 */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = fieldPath(parent, error.property);
    const failed = Object.entries(error.constraints ?? {}).reverse();
    const own: FieldError[] = [];
    if (failed.some(([constraint]) => constraint === 'whitelistValidation')) own.push({ field, code: 'unknown_field', message: 'is not a known field' });
    else if (failed.length > 0 && error.value === undefined) own.push({ field, code: 'required', message: 'is required' });
    else if (failed.length > 0) {
      // A value of the wrong type is reported as such, whatever else it also fails.
      const [constraint, message] = failed.find(([name]) => CODE_OF_CONSTRAINT[name] === 'invalid_type') ?? failed[0];
      own.push({ field, code: CODE_OF_CONSTRAINT[constraint] ?? 'invalid_format', message: withoutPropertyName(message, error.property) });
    }
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** class-validator's default messages start with the property name, which `field` already says. */
const withoutPropertyName = (message: string, property: string): string => (message.startsWith(`${property} `) ? message.slice(property.length + 1) : message);

/**
 * A request class with `static bodyMayBeOmitted = true` (its fields all optional, its route one
 * that worked without a body before it had any: `POST …/cancel`): no body at all is read as `{}`.
 */
const mayBeOmitted = (metatype: unknown): boolean => (metatype as { bodyMayBeOmitted?: boolean } | undefined)?.bodyMayBeOmitted === true;

/**
 * Bodies and queries are whitelisted: an unknown field is an error, never silently dropped. A
 * route that reads a body needs one: a JSON object.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && value === undefined && mayBeOmitted(metadata.metatype)) value = {};
    if (metadata.type === 'body' && (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value))) {
      throw validationFailed([{ field: 'body', code: 'required', message: 'must be a JSON object' }]);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    // `value` tells a missing field from a wrong one; it is never echoed back.
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}
