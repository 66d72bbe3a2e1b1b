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
    if (failed.some(([constraint]) => constraint === 'whitelistValidation'))
      own.push({ field, code: 'unknown_field', message: 'is not a known field' });
    else if (failed.length > 0 && error.value === undefined)
      own.push({ field, code: 'required', message: 'is required' });
    else if (failed.length > 0) {
      // A value of the wrong type is reported as such, whatever else it also fails.
      const [constraint, message] = failed.find(([name]) => CODE_OF_CONSTRAINT[name] === 'invalid_type') ?? failed[0];
      own.push({
        field,
        code: CODE_OF_CONSTRAINT[constraint] ?? 'invalid_format',
        message: withoutPropertyName(message, error.property),
      });
    }
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/**
 * Names every object answers to without declaring them (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`, …), and `prototype`. Nest strips `__proto__`, `constructor` and `prototype`
 * from a request before transforming it, and class-transformer skips any field whose name the new
 * object already answers to; both say nothing, so the whitelist, which looks at what they built,
 * never sees such a field. They are looked for in the request as it came, at every depth: no DTO
 * declares one, and in a free-form object (member metadata) one would be dropped all the same.
 */
const BUILT_IN_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Every field of `value`, at any depth, named like a built-in property. */
function fieldsNamedLikeBuiltIns(value: unknown, parent = ''): FieldError[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => fieldsNamedLikeBuiltIns(item, fieldPath(parent, String(index))));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const field = fieldPath(parent, key);
    return BUILT_IN_NAMES.has(key)
      ? [{ field, code: 'unknown_field', message: 'is not a known field' }]
      : fieldsNamedLikeBuiltIns(item, field);
  });
}

const refuseFieldsNamedLikeBuiltIns = (value: unknown): void => {
  const fields = fieldsNamedLikeBuiltIns(value);
  if (fields.length > 0) throw validationFailed(fields);
};

/** class-validator's default messages start with the property name, which `field` already says. */
const withoutPropertyName = (message: string, property: string): string =>
  message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;

/**
 * A request class with `static bodyMayBeOmitted = true` (its fields all optional, its route one
 * that worked without a body before it had any: `POST …/cancel`): no body at all is read as `{}`.
 */
const mayBeOmitted = (metatype: unknown): boolean =>
  (metatype as { bodyMayBeOmitted?: boolean } | undefined)?.bodyMayBeOmitted === true;

/** At most this many valid queries are remembered per query class (all forgotten when full). */
const MAX_REMEMBERED_QUERIES = 1_000;

type QueryValue = string | number | boolean | null | undefined | Date | unknown[];

/** A query object whose values are all flat, so a copy of its fields shares nothing mutable. */
const isFlat = (entity: object): entity is Record<string, QueryValue> =>
  Object.values(entity).every(
    (value) =>
      value === null ||
      typeof value !== 'object' ||
      value instanceof Date ||
      (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)),
  );

function copyOf(entity: Record<string, QueryValue>): object {
  const copy = Object.create(Object.getPrototypeOf(entity) as object | null) as Record<string, QueryValue>;
  for (const [name, value] of Object.entries(entity))
    copy[name] = Array.isArray(value) ? [...value] : value instanceof Date ? new Date(value) : value;
  return copy;
}

/**
 * Bodies and queries are whitelisted: an unknown field is an error, never silently dropped. A
 * route that reads a body needs one: a JSON object.
 */
class RequestValidationPipe extends ValidationPipe {
  /**
   * A query's DTO is a function of its class and its parameters alone, and lists are asked for with
   * the same few parameters again and again (`?limit=20`): a valid query's DTO is kept and handed
   * out as a copy, which skips class-transformer and class-validator (most of a list request's own
   * cost after the framework's). Invalid queries are checked every time, so their errors are built
   * as before.
   */
  private readonly validQueries = new Map<unknown, Map<string, Record<string, QueryValue>>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'query' && metadata.metatype) return this.transformQuery(value, metadata);
    if (metadata.type === 'body' && value === undefined && mayBeOmitted(metadata.metatype)) value = {};
    if (
      metadata.type === 'body' &&
      (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value))
    ) {
      throw validationFailed([{ field: 'body', code: 'required', message: 'must be a JSON object' }]);
    }
    if (metadata.type === 'body') refuseFieldsNamedLikeBuiltIns(value);
    return super.transform(value, metadata);
  }

  private async transformQuery(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    let remembered = this.validQueries.get(metadata.metatype);
    if (!remembered)
      this.validQueries.set(metadata.metatype, (remembered = new Map<string, Record<string, QueryValue>>()));
    // Taken before validation, which strips prototype keys from `value` in place.
    const key = JSON.stringify(value) ?? '';
    const known = remembered.get(key);
    if (known) return copyOf(known);
    // Only a valid query is remembered, so one that was is known to hold no such name.
    refuseFieldsNamedLikeBuiltIns(value);
    const entity = (await super.transform(value, metadata)) as unknown;
    if (entity !== null && typeof entity === 'object' && isFlat(entity)) {
      if (remembered.size >= MAX_REMEMBERED_QUERIES) remembered.clear();
      remembered.set(key, copyOf(entity) as Record<string, QueryValue>);
    }
    return entity;
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
