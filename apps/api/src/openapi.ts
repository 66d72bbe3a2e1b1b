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
import { AllowedMethods, type AppConfig, ETAG_EXTENSION, problemResponse } from '@app/shared';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '@app/platform';
import { inPathOrder } from './openapi-order.js';

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
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_…',
      description:
        'An API key: an opaque secret starting `sk_` (not a JWT), sent as `Authorization: Bearer sk_…`. Made by `POST /v1/api-keys` (shown once), or the bootstrap key printed at start-up.',
    })
    .build();
  document.servers = serversOf(config);
  const openApi = SwaggerModule.createDocument(app, document, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  openApi.paths = inPathOrder(openApi.paths);
  // By name, so that which module mounts a route first never reorders them.
  openApi.components!.schemas = Object.fromEntries(
    Object.entries(openApi.components?.schemas ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  documentIdempotentPosts(openApi);
  documentHttpConventions(openApi);
  describeOptionalExamples(openApi);
  exampleOneChangePerPatch(openApi);
  groupByClinicTask(openApi);
  closeRequestBodies(openApi);
  return openApi;
}

const DOCUMENT_PATH = '/docs/openapi.json';

/**
 * The servers "Try it out" can send to, each named by where its address comes from. Without
 * `API_BASE_URL` the service's own address on this machine is the only one; the staging server is
 * listed only when `API_STAGING_BASE_URL` names one.
 */
function serversOf(config: AppConfig): Array<{ url: string; description: string }> {
  const local = `http://localhost:${config.port}`;
  const servers = [
    {
      url: config.apiBaseUrl,
      description: config.apiBaseUrl === local ? 'This server' : 'API_BASE_URL: this deployment',
    },
  ];
  if (config.apiStagingBaseUrl && config.apiStagingBaseUrl !== config.apiBaseUrl) {
    servers.push({ url: config.apiStagingBaseUrl, description: 'API_STAGING_BASE_URL: staging' });
  }
  return servers;
}

/**
 * Swagger UI's groups are what a clinic does, not how the code is split: each controller's own tag
 * (left as it is, close to its routes) is mapped here to one group. A tag missing from this map
 * stops the document from building, so a new controller cannot start a group of its own unnoticed.
 */
const CLINIC_GROUPS: Array<{ name: string; description: string; tags: string[] }> = [
  {
    name: 'Clients and patients',
    description:
      "An organisation's clients (its patients), the members (logins) they link to, their wallet cards, and the referrals Medicare's referred items are claimed under.",
    tags: ['clients', 'members', 'wallet', 'referrals'],
  },
  {
    name: 'Bookings',
    description:
      'Appointments: book, list, read and cancel (with the cancellation fee), and the emails clients and providers get about them.',
    tags: ['bookings', 'notifications'],
  },
  {
    name: 'Check-out and payments',
    description:
      'Check a booking out (items, Medicare and health fund claims, the card or a payment link for the gap), refunds, claim voids and rebate estimates.',
    tags: ['transactions', 'payment links'],
  },
  {
    name: 'Invoices',
    description: 'The tax invoice each check-out issues, as JSON or a printable PDF (a receipt once it is paid).',
    tags: ['invoices'],
  },
  {
    name: 'Payouts and remittances',
    description:
      "Card money paid out to a business and the payment transactions each payout is made of; what Medicare and the health funds deposited for the business's claims, and its reconciliation.",
    tags: ['payouts', 'remittances'],
  },
  {
    name: 'Webhooks and events',
    description: 'The event log of every change, and the endpoints that receive those events as signed webhooks.',
    tags: ['events', 'webhook endpoints'],
  },
  {
    name: 'Practitioners',
    description: 'Providers, the locations they practise at, their working hours and time off.',
    tags: ['providers', 'working hours and time off'],
  },
  {
    name: 'Organisation set-up',
    description:
      'The clinic group, its businesses (ABNs that receive payouts), locations, appointment types and plan template links.',
    tags: ['organisations', 'businesses', 'locations', 'appointment types', 'plan template links'],
  },
  {
    name: 'Online booking (public)',
    description:
      "No key: what a patients' booking page reads and does (booking data, free times, booking and cancelling).",
    tags: ['booking data', 'online booking'],
  },
  {
    name: 'Platform',
    description: 'API keys, health checks for load balancers, and reference data (health funds).',
    tags: ['api-keys', 'health', 'health funds'],
  },
  {
    name: 'Stripe',
    description:
      'No key, and not for clinics: where Stripe sends its signed events (payments after 3-D Secure, payouts, failed refunds) when it is the card processor.',
    tags: ['stripe'],
  },
];

/**
 * Every operation's tag becomes its clinic group; the groups are declared in the order above. An
 * operation has its controller's tag, or its own where it sets one (the check-out among the booking's
 * routes is check-out, not bookings): Nest lists the method's own tag last.
 */
function groupByClinicTask(openApi: OpenAPIObject): void {
  const groupOf = new Map(CLINIC_GROUPS.flatMap((group) => group.tags.map((tag) => [tag, group.name] as const)));
  const unmapped = new Set<string>();
  for (const path of Object.values(openApi.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = path[method];
      if (!operation?.tags) continue;
      const tag = operation.tags.at(-1)!;
      operation.tags = [groupOf.get(tag) ?? (unmapped.add(tag), tag)];
    }
  }
  if (unmapped.size) throw new Error(`Controller tags with no group in CLINIC_GROUPS: ${[...unmapped].join(', ')}`);
  openApi.tags = CLINIC_GROUPS.map(({ name, description }) => ({ name, description }));
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
        const example = (parameter.example ?? schema?.example) as
          string | number | boolean | Array<string | number | boolean> | undefined;
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
 * What "Try it out" sends for each PATCH, by operation: one change a clinic makes, never who a person
 * is (a name, an email, a date of birth, a Medicare number). Without an example of its own, Swagger UI
 * fills a body with every field's example: a PATCH of the whole resource, which renamed the demo
 * clinic's patients and gave each the example's email. A PATCH not named here is offered `{}`, which
 * changes nothing.
 */
const PATCH_EXAMPLES: Record<string, Record<string, unknown>> = {
  Clients_update: { mobileNumber: '0412 345 678' },
  Members_update: { settings: { showPlanHelp: false } },
  Providers_update: { mobileNumber: '0412 345 678' },
  Providers_updateLink: { acceptedTerms: true },
  AppointmentTypes_update: { description: 'Assessment and first treatment.' },
  WebhookEndpoints_update: { description: 'Practice management sync' },
  Organisations_update: { brandImageUrl: 'https://cdn.harbourphysio.com.au/brand.png' },
  Organisations_updateSettings: { reminderHoursBefore: 24 },
  Businesses_update: { settings: { autoReconciliationEnabled: true } },
  Locations_update: { address: { line2: 'Level 1' } },
};

function exampleOneChangePerPatch(openApi: OpenAPIObject): void {
  const seen = new Set<string>();
  for (const path of Object.values(openApi.paths)) {
    const body = path.patch?.requestBody;
    const media = body && 'content' in body ? body.content['application/json'] : undefined;
    if (!media) continue;
    const operationId = path.patch!.operationId ?? '';
    if (PATCH_EXAMPLES[operationId]) seen.add(operationId);
    media.example = PATCH_EXAMPLES[operationId] ?? {};
  }
  const unknown = Object.keys(PATCH_EXAMPLES).filter((operationId) => !seen.has(operationId));
  if (unknown.length) throw new Error(`PATCH_EXAMPLES names operations that do not exist: ${unknown.join(', ')}`);
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

/** Every POST takes `Idempotency-Key`; one place documents it for all of them. */
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
        description:
          'Retrying with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`); another body is a 422.',
        schema: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
          example: '5f0c2a1e-booking-retry-1',
        },
      },
    ];
    const conflict = post.responses['409'] as { description?: string } | undefined;
    post.responses['409'] = {
      description: [
        conflict?.description,
        'A request with this Idempotency-Key is still running (`idempotency_request_in_progress`); `Retry-After` says when its key may be free.',
      ]
        .filter(Boolean)
        .join(' '),
      headers: {
        'Retry-After': {
          description:
            'With `idempotency_request_in_progress`: seconds until the running request, had it died, lets its key go.',
          schema: { type: 'integer', example: 42 },
        },
      },
      content: PROBLEM,
    };
    post.responses['422'] = {
      description: 'The Idempotency-Key was used with another body (`idempotency_key_reused`).',
      content: PROBLEM,
    };
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
  'RateLimit-Remaining': {
    description: 'Requests left in the current minute.',
    schema: { type: 'integer', example: 599 },
  },
  'RateLimit-Reset': { description: 'Seconds until the budget is refilled.', schema: { type: 'integer', example: 42 } },
};

const RETRY_AFTER: HeadersObject = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', example: 42 } },
};

const WWW_AUTHENTICATE: HeadersObject = {
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', example: 'Bearer' } },
};

const ETAG: HeadersObject = {
  ETag: {
    description: 'The version of the resource: send it in `If-Match` to change only this version.',
    schema: { type: 'string', example: '"mhx3k2bq"' },
  },
};
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
  'Cache-Control': {
    description: 'Shared caches may keep the copy for 60 s.',
    schema: { type: 'string', example: 'public, max-age=60' },
  },
};

/** Headers that one route's controller sets itself, by operation id and status. */
const ROUTE_HEADERS: Record<string, Record<string, HeadersObject>> = {
  Organisations_update: {
    '200': {
      Deprecation: {
        description: 'Present, as `true`, when the request sent the deprecated `websiteUrl`.',
        schema: { type: 'string', example: 'true' },
      },
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
 * What holds for every route, applied to the whole document so no controller can
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
      const extensions = operation as unknown as Record<string, unknown>;
      const etagged = extensions[ETAG_EXTENSION] === true;
      delete extensions[ETAG_EXTENSION];
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
            ...(status === '200' && etagged ? ETAG : {}),
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
    if ((schema.type === 'object' || schema.properties) && schema.additionalProperties === undefined)
      schema.additionalProperties = false;
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
export function serveApiDocs(
  app: INestApplication,
  config: AppConfig,
  exampleIds: () => Promise<Record<string, string>>,
): void {
  app.use(redirectToDocs);
  const yamlPath = '/docs/openapi.yaml';
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: DOCUMENT_PATH.slice(1),
    yamlDocumentUrl: yamlPath.slice(1),
    customSiteTitle: 'Healthcare Platform Business API',
    swaggerOptions: {
      persistAuthorization: true,
      displayRequestDuration: true,
      filter: true,
      fn: { opsFilter },
      plugins: [filterSaysWhatItMatches],
    },
    patchDocumentOnRequest: async (_request, _response, document) => withExampleIds(document, await exampleIds()),
  });
  app.get(AllowedMethods).add(['GET'], ['/docs', DOCUMENT_PATH, yamlPath]);
}

/** The parts of Swagger UI's system that `filterSaysWhatItMatches` uses. */
interface FilterProps {
  layoutSelectors: { currentFilter(): string | boolean };
  layoutActions: { updateFilter(phrase: string): void };
  specSelectors: { loadingStatus(): string };
  getComponent: (name: string) => unknown;
}
interface SwaggerSystem {
  React: { createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): unknown };
}

/**
 * Swagger UI's filter box as its own, but for the placeholder: Swagger UI's says "Filter by tag", and
 * `opsFilter` also matches a method, a path or a summary. It runs in the browser, as `opsFilter` does.
 */
function filterSaysWhatItMatches() {
  return {
    wrapComponents: {
      FilterContainer: (_original: unknown, { React }: SwaggerSystem) =>
        function FilterContainer({ layoutSelectors, layoutActions, specSelectors, getComponent }: FilterProps) {
          const phrase = layoutSelectors.currentFilter();
          if (phrase === false) return null;
          const status = specSelectors.loadingStatus();
          const input = React.createElement('input', {
            className: [
              'operation-filter-input',
              ...(status === 'loading' || status === 'failed' ? [status] : []),
            ].join(' '),
            placeholder: 'Filter by group, method, path or summary',
            'aria-label': 'Filter operations by group, method, path or summary',
            type: 'text',
            value: typeof phrase === 'string' ? phrase : '',
            disabled: status === 'loading',
            onChange: (event: { target: { value: string } }) => layoutActions.updateFilter(event.target.value),
          });
          const column = React.createElement(getComponent('Col'), { className: 'filter wrapper', mobile: 12 }, input);
          return React.createElement(
            'div',
            null,
            React.createElement('div', { className: 'filter-container' }, column),
          );
        },
    },
  };
}

/** The parts of Swagger UI's Immutable.js collections that `opsFilter` reads. */
interface ImmutableSeq<T> {
  filter(keep: (value: T) => boolean): ImmutableSeq<T>;
  map(change: (value: T, key: string) => T): ImmutableSeq<T>;
  readonly size: number;
}
interface ImmutableRecord {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  set(key: string, value: unknown): ImmutableRecord;
}

/**
 * The filter box of Swagger UI. Its own matches tag names exactly as typed; this one ignores case and
 * also finds an operation by its method, path or summary ("refund", "post /v1/members"). It runs in
 * the browser: Swagger UI's page gets its source text, so it uses nothing from this module.
 */
function opsFilter(taggedOps: ImmutableSeq<ImmutableRecord>, phrase: string): ImmutableSeq<ImmutableRecord> {
  const wanted = String(phrase).trim().toLowerCase();
  if (!wanted) return taggedOps;
  const matches = (operation: ImmutableRecord) =>
    [operation.get('method'), operation.get('path'), operation.getIn(['operation', 'summary'])]
      .join(' ')
      .toLowerCase()
      .includes(wanted);
  return taggedOps
    .map((tag, name) =>
      name.toLowerCase().includes(wanted)
        ? tag
        : tag.set('operations', (tag.get('operations') as ImmutableSeq<ImmutableRecord>).filter(matches)),
    )
    .filter((tag) => (tag.get('operations') as ImmutableSeq<ImmutableRecord>).size > 0);
}
