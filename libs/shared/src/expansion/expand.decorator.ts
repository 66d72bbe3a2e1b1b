import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

/**
 * A list-valued query parameter in every common form: `x=a,b`, `x=a&x=b` and `x[]=a&x[]=b`.
 * With the extended query parser the last two arrive as arrays; the first is split here.
 */
export function toStringList(value: unknown): unknown {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string')) return value;
  return [
    ...new Set(
      values
        .flatMap((item: string) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
}

/** Declares a query parameter that takes a list of values from `allowed`; anything else is a 400 naming them. */
export function ListQueryParam(allowed: readonly string[], description: string, example: string[]): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      required: false,
      type: [String],
      enum: allowed,
      isArray: true,
      description: `${description} Comma-separated or repeated.`,
      example,
    }),
    IsOptional(),
    Transform(({ value }) => toStringList(value)),
    IsIn(allowed, { each: true, message: `each value must be one of: ${allowed.join(', ')}` }),
  );
}
