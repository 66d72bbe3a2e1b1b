import { ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** class-validator's tree of errors as a flat list with JSON paths (`healthFundCard.cardholders[0]`). */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = fieldPath(parent, error.property);
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      code: CODE_OF_CONSTRAINT[constraint] ?? 'invalid_format',
      message: constraint === 'whitelistValidation' ? 'is not a known field' : message.replace(/^\S+ /, ''),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** Bodies and queries are whitelisted: an unknown field is an error, never silently dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}
