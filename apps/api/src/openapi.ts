import { HttpStatus, type INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type HeadersObject,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { AllowedMethods, type AppConfig, problemResponse } from '@app/shared';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '@app/platform';

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = new DocumentBuilder()
    .setTitle('Healthcare Platform Business API')
    .setDescription(
      [
        'The business API of an Australian healthcare platform: organisations, members, practitioners and locations, bookings, payouts and claims, and wallet cards.',
        '',
        'Authenticate with `Authorization: Bearer <api key>`. Amounts are integer cents of AUD. Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`.',
        'Lists take `page` (from 1) and `limit` (1 to 200, default 10).',
        '',
        `This document: [${DOCUMENT_PATH}](${DOCUMENT_PATH}) (OpenAPI 3.0, JSON), for generating clients.`,
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addServer(config.apiBaseUrl, 'Production')
    .addServer(config.apiStagingBaseUrl, 'Staging')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_…',
      description:
        'An API key: an opaque secret starting `sk_` (not a JWT), sent as `Authorization: Bearer sk_…`. Made by `POST /v1/api-keys` (shown once), or the bootstrap key printed at start-up.',
    })
    .build();
  const openApi = SwaggerModule.createDocument(app, document, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  documentIdempotentPosts(openApi);
  documentHttpConventions(openApi);
  describeOptionalExamples(openApi);
  declareTags(openApi);
  closeRequestBodies(openApi);
  return openApi;
}

const DOCUMENT_PATH = '/docs/openapi.json';

const TAG_DESCRIPTIONS: Record<string, string> = {
  'api-keys': 'Keys for calling the API: platform-wide or scoped to one organisation.',
  health: 'Liveness and readiness for orchestrators and load balancers; no key.',
  organisations: 'Clinic groups: the tenant everything else belongs to, with its booking settings.',
  businesses: 'The legal entities (ABN) of an organisation that receive payouts.',
  locations: 'Where appointments happen, each in its IANA time zone.',
  'plan template links': 'Links that let a client join a treatment plan template.',
  members: 'People with a login, shared across organisations.',
  clients: "An organisation's patients.",
  providers: 'Practitioners and the locations they practise at.',
  wallet: "A client's payment methods, health fund cards and Medicare cards.",
  'health funds': 'Reference data: Australian private health insurers.',
  'appointment types': 'The services an organisation offers, with their billable items.',
  bookings: 'Appointments: create, list, read and cancel.',
  'booking data': 'Public: what a booking page reads; no key.',
  payouts: 'Money paid out to a business, and the transactions it is made of.',
};

/** Every tag an operation uses, declared once at the top of the document (in order of first use). */
function declareTags(openApi: OpenAPIObject): void {
  const names = new Set<string>();
  for (const path of Object.values(openApi.paths)) {
    for (const method of OPERATION_METHODS) for (const tag of path[method]?.tags ?? []) names.add(tag);
  }
  openApi.tags = [...names].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
}

/**
 * Swagger UI fills "Try it out" with a parameter's example (else its default) and sends it. An
 * optional filter or header sent that way narrows the answer (or replays an Idempotency-Key), so
 * optional parameters show their example in the description instead, and `limit` its default.
 */
function describeOptionalExamples(openApi: OpenAPIObject): void {
  for (const path of Object.values(openApi.paths)) {
    for (const method of OPERATION_METHODS) {
      for (const parameter of (path[method]?.parameters ?? []) as ParameterObject[]) {
        const schema = parameter.schema as SchemaObject | undefined;
        // Parameters (path, query, header) have scalar examples, or lists of them.
        const example = (parameter.example ?? schema?.example) as string | number | boolean | Array<string | number | boolean> | undefined;
        if (parameter.required || example === undefined) continue;
        delete parameter.example;
        if (schema) delete schema.example;
        if (schema?.default !== undefined) continue;
        const shown = Array.isArray(example) ? example.join(',') : String(example);
        parameter.description = [parameter.description, `For example \`${shown}\`.`].filter(Boolean).join(' ');
      }
    }
  }
}

/**
 * The document as Swagger UI gets it: required path parameters and request body ids show ids of
 * real rows in this database (the demo clinic's, see `readDemoIds`), so "Try it out" answers on the
 * first click. Ids are generated from the day the demo was loaded, so they are read, not written here.
 */
export function withExampleIds(openApi: OpenAPIObject, ids: Record<string, string>): OpenAPIObject {
  const document = structuredClone(openApi);
  for (const path of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      for (const parameter of (path[method]?.parameters ?? []) as ParameterObject[]) {
        if (parameter.in === 'path' && ids[parameter.name]) parameter.example = ids[parameter.name];
      }
    }
  }
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {}) as Array<[string, SchemaObject]>) {
    if (!name.endsWith('Request')) continue;
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {}) as Array<[string, SchemaObject]>) {
      if (ids[property] && propertySchema.type === 'string') propertySchema.example = ids[property];
    }
  }
  return document;
}

const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDto' } } };

/** Every POST takes `Idempotency-Key` (CONTRACT §6); one place documents it for all of them. */
function documentIdempotentPosts(openApi: OpenAPIObject): void {
  for (const path of Object.values(openApi.paths)) {
    const post = path.post;
    if (!post) continue;
    post.parameters = [
      ...(post.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retrying with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`); another body is a 422.',
        schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, example: '5f0c2a1e-booking-retry-1' },
      },
    ];
    const conflict = post.responses['409'] as { description?: string } | undefined;
    post.responses['409'] = {
      description: [conflict?.description, 'A request with this Idempotency-Key is still running (`idempotency_request_in_progress`).']
        .filter(Boolean)
        .join(' '),
      content: PROBLEM,
    };
    post.responses['422'] = { description: 'The Idempotency-Key was used with another body (`idempotency_key_reused`).', content: PROBLEM };
  }
}

const REQUEST_ID: HeadersObject = {
  'X-Request-Id': {
    description:
      "The request's id: the caller's own `X-Request-Id` when it is 1 to 128 of `A-Za-z0-9._:-`, else a new UUID. Problems repeat it as `requestId`.",
    schema: { type: 'string', example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' },
  },
};

const RATE_LIMIT: HeadersObject = {
  'RateLimit-Limit': {
    description:
      'Requests allowed per minute: per API key, or per client IP on public routes. Not on a 401 or 403 (the key is checked first) nor on a replayed Idempotency-Key answer.',
    schema: { type: 'integer', example: 600 },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer', example: 599 } },
  'RateLimit-Reset': { description: 'Seconds until the budget is refilled.', schema: { type: 'integer', example: 42 } },
};

const RETRY_AFTER: HeadersObject = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', example: 42 } } };

const WWW_AUTHENTICATE: HeadersObject = { 'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', example: 'Bearer' } } };

const LOCATION: HeadersObject = {
  Location: { description: 'Where to read the new resource.', schema: { type: 'string' } },
};

/** An API key has no address to read it back at, so its 201 has no Location. */
const CREATED_WITHOUT_LOCATION = new Set(['ApiKeys_create']);

const BOOKING_DATA_CACHING: HeadersObject = {
  ETag: {
    description: 'Weak validator of this copy; send it back as `If-None-Match`.',
    schema: { type: 'string', example: 'W/"Jx6tq2nq0wq6m3vQbq0Ck1m5oVQ"' },
  },
  'Cache-Control': { description: 'Shared caches may keep the copy for 60 s.', schema: { type: 'string', example: 'public, max-age=60' } },
};

/** Headers that one route's controller sets itself, by operation id and status. */
const ROUTE_HEADERS: Record<string, Record<string, HeadersObject>> = {
  Organisations_update: {
    '200': {
      Deprecation: { description: 'Present, as `true`, when the request sent the deprecated `websiteUrl`.', schema: { type: 'string', example: 'true' } },
    },
  },
  BookingData_get: { '200': BOOKING_DATA_CACHING, '304': BOOKING_DATA_CACHING },
};

const EVERY_ROUTE_MAY_ANSWER = [
  HttpStatus.BAD_REQUEST,
  HttpStatus.METHOD_NOT_ALLOWED,
  431 as HttpStatus, // Request Header Fields Too Large: not in Nest's HttpStatus
  HttpStatus.INTERNAL_SERVER_ERROR,
  HttpStatus.SERVICE_UNAVAILABLE,
];

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * What holds for every route (CONTRACT §4, §5), applied to the whole document so no controller can
 * leave it out: any route may answer 400 (a NUL in the URL), 405 (for its path's other methods),
 * 431, 500 and 503, a route with a body 413 and 415; every answer carries `X-Request-Id`; a
 * rate-limited route (one that documents 429) sends the RateLimit headers.
 */
function documentHttpConventions(openApi: OpenAPIObject): void {
  const seen = new Set<string>();
  for (const path of Object.values(openApi.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation: OperationObject | undefined = path[method];
      if (!operation) continue;
      const { responses } = operation;
      for (const status of EVERY_ROUTE_MAY_ANSWER) responses[String(status)] ??= problemResponse(status);
      if (operation.requestBody) {
        responses['413'] ??= problemResponse(HttpStatus.PAYLOAD_TOO_LARGE);
        responses['415'] ??= problemResponse(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
      }
      const rateLimited = responses['429'] !== undefined;
      const operationId = operation.operationId ?? '';
      if (ROUTE_HEADERS[operationId]) seen.add(operationId);
      for (const [status, response] of Object.entries(responses) as Array<[string, ResponseObject]>) {
        // A fresh object: one response object may be shared by the operations of a controller.
        responses[status] = {
          ...response,
          headers: {
            ...REQUEST_ID,
            ...(rateLimited && status !== '401' && status !== '403' ? RATE_LIMIT : {}),
            ...(status === '429' ? RETRY_AFTER : {}),
            ...(status === '401' ? WWW_AUTHENTICATE : {}),
            ...(status === '201' && !CREATED_WITHOUT_LOCATION.has(operationId) ? LOCATION : {}),
            ...ROUTE_HEADERS[operationId]?.[status],
            ...response.headers,
          },
        };
      }
    }
  }
  const unknown = Object.keys(ROUTE_HEADERS).filter((operationId) => !seen.has(operationId));
  if (unknown.length) throw new Error(`ROUTE_HEADERS names operations that do not exist: ${unknown.join(', ')}`);
}

/**
 * Request bodies are whitelisted (an unknown field is a 400), so their schemas and every schema
 * they reach say `additionalProperties: false`, unless they declare their own. Response schemas reached
 * only from responses stay open.
 */
function closeRequestBodies(openApi: OpenAPIObject): void {
  const schemas = (openApi.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const closed = new Set<string>();
  const close = (schema: SchemaObject | ReferenceObject | undefined): void => {
    if (!schema) return;
    if ('$ref' in schema) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (closed.has(name)) return;
      closed.add(name);
      return close(schemas[name]);
    }
    // A free-form map (metadata, capabilities) declares its own `additionalProperties`: kept.
    if ((schema.type === 'object' || schema.properties) && schema.additionalProperties === undefined) schema.additionalProperties = false;
    Object.values(schema.properties ?? {}).forEach(close);
    if (schema.items) close(schema.items);
    [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach(close);
  };
  for (const path of Object.values(openApi.paths)) {
    for (const method of OPERATION_METHODS) {
      const body = path[method]?.requestBody;
      if (body && 'content' in body) Object.values(body.content).forEach((media) => close(media.schema));
    }
  }
}

/**
 * Swagger UI's page links its assets relative to the address it was served at, and gets them right
 * only at `/docs` and a bare `/docs/`: at `/docs/index.html` or `/docs/?…` they resolve under
 * `/docs/docs/` (404). So the page has one address, and the others redirect to it.
 */
function redirectToDocs(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const query = request.originalUrl.indexOf('?');
  const search = query === -1 ? '' : request.originalUrl.slice(query);
  if (request.path === '/docs/' || request.path === '/docs/index.html') return response.redirect(301, `/docs${search}`);
  // Nest's usual address for the document.
  if (request.path === '/docs-json') return response.redirect(301, `${DOCUMENT_PATH}${search}`);
  next();
}

/**
 * Swagger UI at `/docs`, the document at `/docs/openapi.json` (and `/docs-json`). `exampleIds`
 * gives the ids of real rows to fill the examples with; it is asked on each request for the
 * document, since the demo data may be loaded after the app starts.
 *
 * The document is built on the first request for it (about 0.1 s), not at start: most processes
 * are never asked, and held from the start it costs each of them 2 MB of heap (and 6 MB of RSS).
 */
export function serveApiDocs(app: INestApplication, config: AppConfig, exampleIds: () => Promise<Record<string, string>>): void {
  app.use(redirectToDocs);
  const yamlPath = '/docs/openapi.yaml';
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: DOCUMENT_PATH.slice(1),
    yamlDocumentUrl: yamlPath.slice(1),
    customSiteTitle: 'Healthcare Platform Business API',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true },
    patchDocumentOnRequest: async (_request, _response, document) => withExampleIds(document, await exampleIds()),
  });
  app.get(AllowedMethods).add(['GET'], ['/docs', DOCUMENT_PATH, yamlPath]);
}
