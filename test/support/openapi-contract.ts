import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Response } from 'supertest';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const COMPONENTS_ID = 'openapi-components';

/** Served beside the API and outside its document: Swagger UI (its assets, redirects, the document itself), the booking pages and the pay page. */
const OUTSIDE_THE_DOCUMENT = /^\/(docs(\/|$|-json)|book(\/|$)|pay\/)/;

interface DocumentedOperation {
  template: string;
  pattern: RegExp;
  operations: Partial<Record<(typeof METHODS)[number], OperationObject>>;
}

/**
 * OpenAPI 3.0's `nullable` as JSON Schema, and references into one shared components schema, so
 * that ajv validates answers exactly as the document describes them.
 */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? item.replace(/^#/, `${COMPONENTS_ID}#`) : asJsonSchema(item),
    ]),
  );
  if (nullable !== true) return converted;
  const composed = ['$ref', 'allOf', 'anyOf', 'oneOf', 'enum'].some((keyword) => keyword in converted);
  if (typeof converted.type === 'string' && !composed) return { ...converted, type: [converted.type, 'null'] };
  // `nullable` beside `allOf: [$ref]` (how Nest writes a nullable object) admits null, as Swagger UI and generators read it.
  return { anyOf: [converted, { type: 'null' }] };
}

/** Express routes are not strict: `/v1/organisations/` is `/v1/organisations`. */
const patternOf = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}/?$`);

/**
 * Checks an answer against the generated OpenAPI document: the status is documented for the
 * operation, the body matches the schema of its content type, every answer has `X-Request-Id`.
 * A method a documented path does not have must be a 405 with `Allow`; an undocumented path a 404
 * problem. Throws an error that says what differs.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly paths: DocumentedOperation[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly problemValidator: ValidateFunction;

  constructor(readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: COMPONENTS_ID, components: asJsonSchema(document.components) });
    this.paths = Object.entries(document.paths).map(([template, item]) => ({
      template,
      pattern: patternOf(template),
      operations: Object.fromEntries(METHODS.filter((method) => item[method]).map((method) => [method, item[method]])),
    }));
    this.problemValidator = this.ajv.compile({ $ref: `${COMPONENTS_ID}#/components/schemas/ProblemDto` });
  }

  /** The documented path a request path falls under (the most literal one when several match). */
  pathOf(path: string): DocumentedOperation | undefined {
    const matches = this.paths.filter(({ pattern }) => pattern.test(path));
    return matches
      .sort((a, b) => (b.template.match(/\{/g)?.length ?? 0) - (a.template.match(/\{/g)?.length ?? 0))
      .pop();
  }

  check(method: string, url: string, response: Response): void {
    // As sent, not as `new URL` would normalise it: the server routes `/payouts/..` as a payout id.
    const pathname = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
    const where = `${method.toUpperCase()} ${pathname} → ${response.status}`;
    const fail = (reason: string): never => {
      throw new Error(`OpenAPI contract: ${where}: ${reason}\n${response.text?.slice(0, 2000) ?? ''}`);
    };
    if (!response.headers['x-request-id']) fail('no X-Request-Id header');
    if (
      response.status === 431 ||
      (response.status === 400 && (response.body as { code?: unknown } | undefined)?.code === 'malformed_request')
    )
      return this.checkProblem(response, fail);
    const documented = this.pathOf(pathname);
    if (!documented) {
      if (OUTSIDE_THE_DOCUMENT.test(pathname)) return;
      if (response.status !== 404) fail('the path is not in the document, so the answer must be 404');
      return this.checkProblem(response, fail);
    }
    const verb = method.toLowerCase() as (typeof METHODS)[number];
    const operation = documented.operations[verb] ?? (verb === 'head' ? documented.operations.get : undefined);
    if (!operation) {
      if (response.status !== 405) fail(`${documented.template} documents no ${verb}, so the answer must be 405`);
      if (!response.headers.allow) fail('a 405 without Allow');
      return this.checkProblem(response, fail);
    }
    const answer = (operation.responses[String(response.status)] ?? operation.responses.default) as
      ResponseObject | undefined;
    if (!answer) fail(`status ${response.status} is not documented for ${operation.operationId}`);
    if (verb === 'head' || response.status === 204 || response.status === 304) return;
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!answer!.content) {
      if (response.text) fail('a body where the document has none');
      return;
    }
    if (!answer!.content[contentType])
      fail(`content type "${contentType}" is not documented (${Object.keys(answer!.content).join(', ')})`);
    // A CSV or a PDF is checked for its documented type only; its text is not JSON to validate.
    if (!/[/+]json$/.test(contentType)) return;
    const validate = this.validatorOf(
      documented.template,
      verb,
      String(response.status),
      contentType,
      answer!.content[contentType].schema,
    );
    if (!validate(response.body))
      fail(`the body does not match the schema: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }

  private checkProblem(response: Response, fail: (reason: string) => never): void {
    if (!/^application\/problem\+json/.test(String(response.headers['content-type'])))
      fail('an error that is not application/problem+json');
    if (!this.problemValidator(response.body))
      fail(`the problem does not match ProblemDto: ${this.ajv.errorsText(this.problemValidator.errors)}`);
  }

  private validatorOf(
    template: string,
    method: string,
    status: string,
    contentType: string,
    schema: unknown,
  ): ValidateFunction {
    const key = `${method} ${template} ${status} ${contentType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(asJsonSchema(schema ?? {}) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
