import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiProperty,
  type ApiPropertyOptions,
  ApiResponse,
  getSchemaPath,
  type ResponseObject,
} from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'medicareCard.memberNumber', description: 'JSON path of the offending input.' })
  field: string;

  @ApiProperty({ example: 'invalid_format' })
  code: string;

  @ApiProperty({ example: 'must be 10 digits with a valid check digit' })
  message: string;
}

export class ProblemDto {
  @ApiProperty({ example: '/problems/validation_failed', description: 'URI reference naming the problem type.' })
  type: string;

  @ApiProperty({ example: 'Bad Request' })
  title: string;

  @ApiProperty({ example: 400 })
  status: number;

  @ApiProperty({ example: 'The request is not valid.' })
  detail: string;

  @ApiProperty({ example: '/v1/organisations/org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' })
  instance: string;

  @ApiProperty({
    example: 'validation_failed',
    description:
      'Stable machine-readable code: validation_failed, malformed_json, malformed_request, unauthenticated, forbidden, not_found, method_not_allowed, conflict (or a more precise conflict code), precondition_failed, payload_too_large, unsupported_media_type, idempotency_key_reused, rate_limited, request_header_fields_too_large, service_unavailable, internal_error.',
  })
  code: string;

  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' })
  requestId: string;

  @ApiProperty({ type: [FieldErrorDto], required: false, description: 'Present on validation failures.' })
  errors?: FieldErrorDto[];
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (`validation_failed`, `malformed_json`): a field, a query parameter, or a NUL character anywhere in the URL.',
  401: 'No API key, or an unknown one (`unauthenticated`).',
  402: 'The payment processor declined the card (`card_declined`).',
  403: 'The API key is not scoped to this resource (`forbidden`).',
  404: "No such resource within the API key's scope (`not_found`).",
  405: 'The path does not support this method; `Allow` lists those it does (`method_not_allowed`).',
  409: 'The request conflicts with the current state.',
  410: 'The resource is no longer usable (`payment_link_expired`).',
  412: 'The resource changed since the ETag sent in `If-Match`; nothing was changed (`precondition_failed`).',
  413: 'The body is over 100 kB (`payload_too_large`).',
  415: 'The body is not `application/json` (`unsupported_media_type`).',
  422: 'The Idempotency-Key was used with another body (`idempotency_key_reused`).',
  429: 'Rate limit reached; see `Retry-After` (`rate_limited`).',
  431: 'The URL and headers are over 16 kB (`request_header_fields_too_large`).',
  500: 'An unexpected error (`internal_error`). The answer shows no internal detail; quote its `requestId` when reporting it.',
  503: 'The database, or the card processor, is unreachable for the moment: nothing was kept; retry after `Retry-After` (`service_unavailable`, `payment_processor_unavailable`).',
};

/** A problem+json answer with its status's description, for decorators and for the document pass in `openapi.ts`. */
export function problemResponse(status: HttpStatus, description = DESCRIPTIONS[status] ?? 'Error'): ResponseObject {
  return { description, content: { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } } };
}

/**
 * Documents the problem+json answers particular to a route. Those every route can give (500; 413 and
 * 415 with a body) and the common response headers are added to the whole document by `openapi.ts`.
 */
export function ApiErrors(...statuses: HttpStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDto),
    ...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })),
  );
}

/** The bearer key, and the statuses every keyed route can answer besides its own. */
export const ApiKeyed = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    ApiBearerAuth(),
    ApiErrors(HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN, HttpStatus.TOO_MANY_REQUESTS),
  );

/** A 200 answer with one DTO. */
export const ApiOk = (type: Type<unknown>, description?: string): MethodDecorator =>
  ApiOkResponse({ type, description });

/** The largest amount of cents a field holds: money is stored in PostgreSQL `integer` columns. */
export const MAX_CENTS = 2_147_483_647;

/**
 * A money field of an answer: integer cents within the columns' range, so a generated client types
 * it as an integer. `signed` for the amounts that can be negative (adjustments, a payout).
 */
export const ApiCents = ({
  signed = false,
  ...options
}: ApiPropertyOptions & { signed?: boolean }): PropertyDecorator =>
  ApiProperty({
    ...options,
    type: 'integer',
    minimum: signed ? -MAX_CENTS - 1 : 0,
    maximum: MAX_CENTS,
  } as ApiPropertyOptions);
