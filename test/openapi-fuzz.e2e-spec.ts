import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { OperationObject, ParameterObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { REQUEST_LIMITS } from '@app/shared';
import { newPrefixedId } from '@app/shared/domain';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  created,
  named,
  orgPath,
  postJson,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Property-based fuzzing driven by the OpenAPI document: for every operation, requests built from
 * its parameters and body schema, valid and poisoned (NUL bytes, huge numbers, deep nesting, wrong
 * types, unknown fields, odd integers and dates, other methods), sent to the real app on real
 * PostgreSQL with real fixture ids. Every answer is checked by the contract wrapper of `http()`
 * (documented status, schema, X-Request-Id); here: never a 5xx, and no PostgreSQL data exception
 * ever reaches the database (the problem filter logs one; validation must refuse it first).
 * Reproduce a failure with FUZZ_SEED=<the printed seed>; FUZZ_RUNS sets the runs per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 80);
const METHODS = ['get', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number] | 'put';

let t: TestApp;
const logLines: string[] = [];
let home: Tenant;
/** Real ids of the fixtures, by the parameter or field name that carries them. */
const realIds: Record<string, string> = {};
/** The provider's link to the location: the `linkId` of a provider's location-link paths (elsewhere a plan template link's). */
let locationLinkId: string;

/** The real id for a path parameter of an operation's path. */
const realPathId = (template: string, name: string): string | undefined =>
  name === 'linkId' && template.includes('/location-links/') ? locationLinkId : realIds[name];

beforeAll(async () => {
  // What the problem filter says about a database refusal or an unhandled error, whatever the log level.
  for (const level of ['warn', 'error'] as const) {
    jest
      .spyOn(Logger.prototype, level)
      .mockImplementation(
        (...args: unknown[]) => void logLines.push(args.map((arg) => (typeof arg === 'string' ? arg : '')).join(' ')),
      );
  }
  t = await createTestApp();
  home = await createTenant(t, 'Fuzz Clinic');
  const business = await createBusiness(t, home.id);
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id);
  locationLinkId = (await createLink(t, home.id, provider.id, location.id)).id;
  const type = await createAppointmentType(t, home.id, { providers: [provider.id], locations: [location.id] });
  const client = await createClient(t, home.id, { email: `fuzz-${randomUUID()}@example.com` });
  const card = await created(
    postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), {
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa' },
    }),
  );
  const booking = await created(
    postJson(t, orgPath(home.id, '/bookings'), {
      clientId: client.id,
      providerId: provider.id,
      locationId: location.id,
      appointmentTypeId: type.id,
      serviceDate: '2031-03-03T09:00:00.000Z',
    }),
  );
  const notificationId = await firstNotificationOf(booking.id);
  const member = await created(
    postJson(t, '/v1/members', {
      firstName: 'Fuzz',
      lastName: named('Member'),
      email: `fuzz-${randomUUID()}@example.com`,
    }),
  );
  const planLink = await created(
    postJson(t, orgPath(home.id, '/plans/templates/links'), { ...planLinkExample(), businessId: business.id }),
  );
  Object.assign(realIds, {
    organisationId: home.id,
    businessId: business.id,
    locationId: location.id,
    providerId: provider.id,
    appointmentTypeId: type.id,
    clientId: client.id,
    cardId: card.id,
    paymentMethodId: card.id,
    bookingId: booking.id,
    notificationId,
    memberId: member.id,
    linkId: planLink.id,
    // The appointment type's lists of the providers and locations that offer it.
    providers: provider.id,
    locations: location.id,
  });
  process.stdout.write(
    `openapi-fuzz: seed ${SEED}, ${RUNS_PER_OPERATION} runs per operation (FUZZ_SEED=${SEED} to reproduce)\n`,
  );
});

afterAll(async () => {
  await t?.close();
  jest.restoreAllMocks();
});

/** The id of the booking's first message (its confirmation, logged: this app has no mail server), once the job engine has written it. */
async function firstNotificationOf(bookingId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await sql<{ id: string }>(t, 'select id from notifications where booking_id = ? limit 1', [
      bookingId,
    ]);
    if (row) return row.id;
    if (Date.now() > deadline) throw new Error(`no notification of booking ${bookingId} was written`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The example body of the plan template link route, as its document gives it. */
function planLinkExample(): Body {
  return exampleOf(
    requestSchemaOf(t.contract.document.paths['/v1/organisations/{organisationId}/plans/templates/links'].post!) ?? {},
  ) as Body;
}

const components = () => (t.contract.document.components?.schemas ?? {}) as Record<string, SchemaObject>;

function resolve(schema: SchemaObject | ReferenceObject | undefined): SchemaObject {
  if (!schema) return {};
  if ('$ref' in schema) return resolve(components()[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.allOf) {
    const parts = schema.allOf.map(resolve);
    const { allOf: _, ...rest } = schema;
    return {
      ...Object.assign({}, ...parts),
      ...rest,
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), rest.properties),
      required: [...parts.flatMap((part) => part.required ?? []), ...(rest.required ?? [])],
    };
  }
  return schema;
}

function requestSchemaOf(operation: OperationObject): SchemaObject | undefined {
  const body = operation.requestBody;
  if (!body || '$ref' in body) return undefined;
  return resolve(body.content['application/json']?.schema);
}

/** The document's own example of a schema (its `example`, or one built from its properties'), with real fixture ids. */
function exampleOf(schema: SchemaObject, name = ''): unknown {
  if (schema.type === 'array') return [exampleOf(resolve(schema.items), name)];
  if (realIds[name] !== undefined) return realIds[name];
  if (schema.example !== undefined) return schema.example;
  if (schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties).map(([key, property]) => [key, exampleOf(resolve(property), key)]),
    );
  }
  return schema.enum?.[0] ?? null;
}

/** JSON text placed as is into a body: nesting too deep for `JSON.stringify` (or class-transformer) to walk. */
class RawJson {
  constructor(readonly text: string) {}
}

const deeplyNested = (depth: number): RawJson => new RawJson(`${'{"nested":['.repeat(depth)}1${']}'.repeat(depth)}`);

const RAW_MARKER = '\u0001raw-json\u0001';

/** The body as JSON text, with every `RawJson` in it spliced in verbatim. */
function jsonText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.text);
    return RAW_MARKER;
  });
  return raws.reduce((json, raw) => json.replace(JSON.stringify(RAW_MARKER), raw), text);
}

/** Values no field should let through to PostgreSQL or a library unchecked. */
const poisonValue: fc.Arbitrary<unknown> = fc.oneof(
  // Sizes of the integer columns and of JS numbers, often: each field has its own column behind it.
  { weight: 4, arbitrary: fc.constantFrom<unknown>(2 ** 31, 2 ** 53, 1e308, 2 ** 63, -(2 ** 31) - 1, 5e-324) },
  fc.constantFrom<unknown>(
    'a\u0000b',
    '\u0000',
    2 ** 53,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    1e308,
    -1,
    1.5,
    0,
    '',
    ' ',
    null,
    true,
    [],
    {},
    '9999-12-31T23:59:59.999Z',
    '2026-12-01T09:30:00',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '1e3',
    'x'.repeat(5000),
    "'; drop table organisations; --",
    '../../etc/passwd',
    '\ud800',
    'org_',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.constant(deeplyNested(20)),
  fc.constant(deeplyNested(5000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** For a number field: past every integer column, past JS's safe integers, and below the smallest step. */
const NUMBER_POISONS = [2 ** 31, 2 ** 53, 1e308, REQUEST_LIMITS.cents + 1, -1, 5e-324, 1.005];
const numberPoison = fc.constantFrom(...NUMBER_POISONS);

/** For a string field: what PostgreSQL text, a date column or an index cannot take. */
const STRING_POISONS = [
  'a\u0000b',
  '\ud800',
  'x'.repeat(5000),
  '',
  '9999-12-31T23:59:59.999Z',
  '2026-12-01T09:30:00',
  '0000-01-01',
  '00000000-0000-0000-0000-000000000000',
];
const stringPoison = fc.constantFrom(...STRING_POISONS);

/** Strings for path segments and query values: plain-integer tricks, NUL, odd dates and ids. */
const poisonString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000',
    '1e3',
    '0x10',
    '1e2',
    '+1',
    ' 1',
    '-1',
    '0',
    '1.5',
    '99999999999999999999',
    '9007199254740992',
    '',
    'true',
    '2026-12-01T09:30:00',
    '9999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00Z',
    '00000000-0000-0000-0000-000000000000',
    newPrefixedId('org'),
    newPrefixedId('memb'),
    'org_',
    '..',
    '%',
    'x'.repeat(3000),
  ),
  fc.uuid(),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const isoDateTime: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+10:00', '-05:30'),
  )
  .map(([date, offset]) => date.toISOString().replace('Z', offset === 'Z' ? 'Z' : offset));

/** Just past a field's bounds, and the sizes of the columns behind it. */
const numberEdges = (schema: SchemaObject): fc.Arbitrary<number> =>
  fc.constantFrom(
    ...[schema.minimum, schema.maximum]
      .filter((bound): bound is number => bound !== undefined)
      .flatMap((bound) => [bound - 1, bound, bound + 1, bound + 0.001]),
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    -(2 ** 31) - 1,
    5e-324,
    1e308,
  );

/** Date-times PostgreSQL or date arithmetic could choke on. */
const dateTimeEdges = fc.constantFrom(
  '9999-12-31T23:59:59.999Z',
  '2999-12-31T23:59:59.999Z',
  '1899-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  '2027-03-01T09:00:00',
  '2027-02-29T09:00:00Z',
  '2027-03-01T09:00:00+25:00',
);

/** A value the schema describes (mostly its example or a real id), which the domain may still refuse. */
function validValue(schema: SchemaObject, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (realIds[name] !== undefined && schema.type !== 'array')
    return fc.constantFrom(realIds[name], realIds[name], randomUUID());
  if (depth > 6) return fc.constant(exampleOf(schema));
  const generated = generatedValue(schema, name, depth);
  const withExample =
    schema.example !== undefined
      ? fc.oneof({ weight: 3, arbitrary: fc.constant(schema.example) }, { weight: 1, arbitrary: generated })
      : generated;
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: withExample }, { weight: 1, arbitrary: fc.constant(null) })
    : withExample;
}

function generatedValue(schema: SchemaObject, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (name.endsWith('Ids') || name === 'providers' || name === 'locations') {
    return fc.array(fc.constantFrom(...Object.values(realIds), randomUUID()), { maxLength: 3 });
  }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time')
        return fc.oneof({ weight: 3, arbitrary: isoDateTime }, { weight: 1, arbitrary: dateTimeEdges });
      if (schema.format === 'date') return isoDateTime.map((value) => value.slice(0, 10));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
    case 'integer':
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 }) },
        { weight: 1, arbitrary: numberEdges(schema) },
      );
    case 'number':
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000, noNaN: true }),
        },
        { weight: 1, arbitrary: numberEdges(schema) },
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(resolve(schema.items), name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    default: {
      const properties = Object.entries(schema.properties ?? {}).map(
        ([key, property]) => [key, validValue(resolve(property), key, depth + 1)] as const,
      );
      if (properties.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(properties), {
        requiredKeys: (schema.required ?? []).filter((key) => key in (schema.properties ?? {})),
      });
    }
  }
}

/** A body from the schema, then maybe poisoned: a field replaced, an unknown field added, or all of it replaced. */
function bodyOf(schema: SchemaObject): fc.Arbitrary<unknown> {
  const valid = validValue(schema, 'body');
  return fc.oneof(
    // The document's example names real fixtures, so it reaches the use case and the database.
    { weight: 2, arbitrary: fc.constant(exampleOf(schema)) },
    // One field of that example poisoned: everything else passes, so the poison meets the deepest check.
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.nat(), numberPoison, stringPoison, poisonValue)
        .map(([pick, number, string, other]) =>
          poisonOneField(exampleOf(schema), pick, (current) =>
            typeof current === 'number' ? number : typeof current === 'string' ? string : other,
          ),
        ),
    },
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.nat(), poisonValue)
        .map(([body, pick, poison]) => poisonOneField(body, pick, () => poison)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.string({ maxLength: 12 }), poisonValue)
        .map(([body, key, value]) => ({ ...(body as object), [`x${key}`]: value })),
    },
    { weight: 1, arbitrary: poisonValue },
  );
}

/** How many fields (at any depth) `poisonOneField` can pick from. */
function fieldCount(body: unknown): number {
  if (body === null || typeof body !== 'object') return 0;
  return Object.values(body).reduce((count: number, value) => count + 1 + fieldCount(value), 0);
}

/** Replaces the `pick`-th field found walking the body (objects and arrays) with the poison for its current value. */
function poisonOneField(body: unknown, pick: number, poisonFor: (current: unknown) => unknown): unknown {
  const copy = structuredClone(body);
  const slots: Array<[Record<string | number, unknown>, string | number]> = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const key of Object.keys(value)) {
      slots.push([value as Record<string, unknown>, Array.isArray(value) ? Number(key) : key]);
      walk((value as Record<string, unknown>)[key]);
    }
  };
  walk(copy);
  if (slots.length === 0) return poisonFor(copy);
  const [parent, key] = slots[pick % slots.length];
  parent[key] = poisonFor(parent[key]);
  return copy;
}

const parametersOf = (operation: OperationObject, where: 'path' | 'query' | 'header'): ParameterObject[] =>
  (operation.parameters ?? []).filter(
    (parameter): parameter is ParameterObject => !('$ref' in parameter) && parameter.in === where,
  );

function pathValue(template: string, parameter: ParameterObject): fc.Arbitrary<string> {
  const real = realPathId(template, parameter.name);
  return real === undefined
    ? poisonString
    : fc.oneof({ weight: 6, arbitrary: fc.constant(real) }, { weight: 3, arbitrary: poisonString });
}

function queryValue(parameter: ParameterObject): fc.Arbitrary<string[]> {
  const schema = resolve(parameter.schema);
  const valid: fc.Arbitrary<string> =
    schema.type === 'array'
      ? fc.constantFrom(...((resolve(schema.items).enum as string[] | undefined) ?? ['x']))
      : validValue(schema, parameter.name).map(String);
  return fc.array(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: poisonString }), {
    minLength: 1,
    maxLength: 2,
  });
}

/** Values of a documented request header (`If-Match`): the wildcard, versions that match nothing, odd lists, junk a header can carry. */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('*', '"0"', 'W/"0"', '"0", "1"', ',', '""', '"', 'x'.repeat(3000)),
  fc.string({ unit: fc.constantFrom(...' !"#*,-/0123456789WXYZaz'), maxLength: 40 }),
);

/** `encodeURIComponent`, which throws on a lone surrogate: those become `?` first. */
const encodeUnpaired = (value: string): string =>
  encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '?'));

interface FuzzRequest {
  method: Method;
  path: string;
  query: string;
  auth: string | undefined;
  headers: Array<[string, string]>;
  body: unknown;
  idempotencyKey: string | undefined;
}

function requestsFor(
  template: string,
  method: (typeof METHODS)[number],
  operation: OperationObject,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = parametersOf(operation, 'path');
  const queryParameters = parametersOf(operation, 'query');
  // Idempotency-Key has its own generator below; If-Match is the other header an operation documents.
  const headerParameters = parametersOf(operation, 'header').filter((parameter) => parameter.name === 'If-Match');
  const schema = requestSchemaOf(operation);
  const otherMethods = (['get', 'post', 'patch', 'delete', 'put'] as Method[]).filter((other) => other !== method);
  return fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Method>(method) },
      { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
    ),
    path: fc
      .tuple(...pathParameters.map((parameter) => pathValue(template, parameter)))
      .map((values) =>
        pathParameters.reduce(
          (path, parameter, index) => path.replace(`{${parameter.name}}`, encodeUnpaired(values[index])),
          template,
        ),
      ),
    query: fc
      .tuple(
        ...queryParameters.map((parameter) => fc.option(queryValue(parameter), { freq: 2 })),
        fc.option(fc.tuple(fc.constantFrom('unknown', 'page[]', 'expand[]', '\u0000'), poisonString), { freq: 5 }),
      )
      .map((values) => {
        const pairs = queryParameters.flatMap((parameter, index) =>
          (values[index] ?? []).map((value) => [parameter.name, value]),
        );
        const extra = values[queryParameters.length];
        return [...pairs, ...(extra ? [extra] : [])]
          .map(([key, value]) => `${encodeUnpaired(key)}=${encodeUnpaired(value)}`)
          .join('&');
      }),
    auth: fc.oneof(
      { weight: 6, arbitrary: fc.constant(t.platformAuth) },
      { weight: 3, arbitrary: fc.constant(home.auth) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, 'Bearer sk_not_a_key', 'Basic abc') },
    ),
    headers: fc
      .tuple(
        ...headerParameters.map((parameter) =>
          fc.option(
            headerValue.map((value): [string, string] => [parameter.name, value]),
            { freq: 2 },
          ),
        ),
      )
      .map((values) => values.filter((value): value is [string, string] => value !== null)),
    body: schema ? bodyOf(schema) : fc.constant(undefined),
    // Fresh keys only: a reused one is a 422 by design, and invalid ones have their own e2e tests.
    idempotencyKey:
      method === 'post' ? fc.boolean().map((withKey) => (withKey ? randomUUID() : undefined)) : fc.constant(undefined),
  });
}

async function send(request: FuzzRequest) {
  const url = request.query ? `${request.path}?${request.query}` : request.path;
  const call = t.http()[request.method](url);
  if (request.auth) call.set('Authorization', request.auth);
  if (request.idempotencyKey) call.set('Idempotency-Key', request.idempotencyKey);
  for (const [name, value] of request.headers) call.set(name, value);
  if (request.body !== undefined && request.method !== 'get' && request.method !== 'delete') {
    call.set('Content-Type', 'application/json').send(jsonText(request.body));
  }
  return call;
}

/**
 * Archiving routes are fuzzed like the others: what they archived of the fixtures is live again
 * before the next operation, which then meets the fixtures as they were made, not only archived.
 */
async function reviveFixtures(): Promise<void> {
  for (const table of ['clients', 'providers', 'appointment_types', 'provider_location_links']) {
    await sql(t, `update ${table} set deleted = false where organisation_id = ? and deleted`, [home.id]);
  }
}

const operations = (): Array<[string, (typeof METHODS)[number], OperationObject]> =>
  Object.entries(t.contract.document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map(
      (method) => [template, method, item[method]!] as [string, (typeof METHODS)[number], OperationObject],
    ),
  );

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('never answers 5xx, answers only documented statuses and bodies, and never lets PostgreSQL refuse a value', async () => {
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (const [template, method, operation] of operations()) {
      await fc.assert(
        fc.asyncProperty(requestsFor(template, method, operation), async (request) => {
          const response = await send(request);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) {
            const sent = request.body === undefined ? '' : ` with ${jsonText(request.body).slice(0, 1000)}`;
            throw new Error(
              `${request.method.toUpperCase()} ${request.path}?${request.query}${sent} → ${response.status}: ${response.text}`,
            );
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: false },
      );
      await reviveFixtures();
    }
    const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const tally = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `openapi-fuzz: ${requests} requests over ${operations().length} operations in ${seconds} s (seed ${SEED}): ${tally}\n`,
    );
    const databaseRefusals = logLines.filter((line) => /Database rejected request input|Unhandled error/.test(line));
    expect(databaseRefusals).toEqual([]);
  }, 240_000);
});

describe('every field of every example body, poisoned in turn', () => {
  it('answers each with a documented 4xx, and PostgreSQL never refuses a value', async () => {
    const started = Date.now();
    let requests = 0;
    for (const [template, method, operation] of operations()) {
      const schema = requestSchemaOf(operation);
      if (!schema) continue;
      const example = exampleOf(schema);
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => realPathId(template, name) ?? name);
      for (let pick = 0; pick < fieldCount(example); pick++) {
        for (const poison of [...NUMBER_POISONS, ...STRING_POISONS, null, [], {}, true]) {
          const body = poisonOneField(example, pick, () => poison);
          const response = await send({
            method,
            path,
            query: '',
            auth: t.platformAuth,
            headers: [],
            body,
            idempotencyKey: undefined,
          });
          requests++;
          if (response.status >= 500)
            throw new Error(
              `${method.toUpperCase()} ${path} with ${jsonText(body).slice(0, 1000)} → ${response.status}: ${response.text}`,
            );
        }
      }
      await reviveFixtures();
    }
    process.stdout.write(
      `openapi-fuzz sweep: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(logLines.filter((line) => /Database rejected request input|Unhandled error/.test(line))).toEqual([]);
  }, 240_000);
});
