import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REQUEST_LIMITS } from '@app/shared';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createBookableClinic,
  created,
  createTenant,
  named,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * The kinds of input that reached a 500 before, each by a hand case: every one is a
 * 400 (or the 404/431 its kind calls for) with problem+json, and nothing is written.
 */
let t: TestApp;
let home: Tenant;
let location: Body;
let provider: Body;
let type: Body;
let client: Body;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Hardening Clinic');
  const business = await createBusiness(t, home.id);
  location = await createLocation(t, home.id, business.id);
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id);
  type = await createAppointmentType(t, home.id, { providers: [provider.id], locations: [location.id] });
  client = await createClient(t, home.id);
});

afterAll(() => t.close());

const get = (path: string, auth: string | null = t.platformAuth) => {
  const call = t.http().get(path);
  return auth ? call.set('Authorization', auth) : call;
};

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('refuses one in a path id, on a keyed route and on the public booking-data route', async () => {
    expectInvalid(await get(`/v1/organisations/${home.id}%00`), 'path', 'invalid_character');
    expectInvalid(await get('/v1/organisations/some-slug%00/booking-data', null), 'path', 'invalid_character');
    expectInvalid(await get(orgPath(home.id, `/clients/${client.id}%00`)), 'path', 'invalid_character');
  });

  it('refuses one in a query value or a query name, naming the parameter', async () => {
    expectInvalid(await get(orgPath(home.id, '/bookings?providerId=%00')), 'providerId', 'invalid_character');
    expectInvalid(
      await get(orgPath(home.id, '/providers?includeDeleted=true%00')),
      'includeDeleted',
      'invalid_character',
    );
    expectInvalid(await get('/v1/health-funds?x%00y=1'), 'xy', 'invalid_character');
  });

  it('refuses one in a body string or a body field name, naming the field, and writes nothing', async () => {
    const clientsBefore = await sql(t, 'select count(*)::int as n from clients where organisation_id = ?', [home.id]);
    expectInvalid(
      await postJson(t, orgPath(home.id, '/clients'), { firstName: 'Al\u0000ex', lastName: 'Chen' }),
      'firstName',
      'invalid_character',
    );
    expectInvalid(
      await postJson(t, '/v1/organisations', { name: 'Ok', ['na\u0000me']: 'x' }),
      'body',
      'invalid_character',
    );
    expect(await sql(t, 'select count(*)::int as n from clients where organisation_id = ?', [home.id])).toEqual(
      clientsBefore,
    );
  });

  it('refuses a lone UTF-16 surrogate in a body string, which has no UTF-8 form', async () => {
    const response = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send('{"name":"Clinic \\ud800"}');
    expectInvalid(response, 'name', 'invalid_character');
  });
});

describe('JSON nested deeper than REQUEST_LIMITS.jsonDepth', () => {
  const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

  it('refuses 45,000 levels (90 kB) with 400 too_deep instead of overflowing the stack', async () => {
    const response = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send(`{"name":"Deep","metadata":${'['.repeat(45_000)}${']'.repeat(45_000)}}`);
    expectProblem(response, 400, 'validation_failed');
    expect(response.body.errors[0].code).toBe('too_deep');
  });

  it('refuses one level over the limit, and reads a body at the limit', async () => {
    // Each `{"a":[` is two levels.
    const over = await postJson(t, '/v1/members', JSON.parse(nested(REQUEST_LIMITS.jsonDepth / 2 + 1)));
    expectProblem(over, 400, 'validation_failed');
    expect(over.body.errors[0].code).toBe('too_deep');
    const within = await postJson(t, '/v1/members', JSON.parse(nested(REQUEST_LIMITS.jsonDepth / 2)));
    expectInvalid(within, 'a', 'unknown_field');
  });
});

describe(`integers over their kind's maximum (cents ≤ ${REQUEST_LIMITS.cents})`, () => {
  it.each([
    ['2^31', 2 ** 31],
    ['2^53', 2 ** 53],
    ['one cent over the maximum', REQUEST_LIMITS.cents + 1],
  ])('refuses a price of %s on appointment types, billable items and cancellation fees', async (_, amount) => {
    const base = { name: 'Pricey', durationMinutes: 30, providers: [provider.id], locations: [location.id] };
    expectInvalid(
      await postJson(t, orgPath(home.id, '/appointment-types'), { ...base, price: amount }),
      'price',
      'out_of_range',
    );
    expectInvalid(
      await postJson(t, orgPath(home.id, '/appointment-types'), {
        ...base,
        price: 100,
        billableItems: [{ name: 'Item', basePrice: amount }],
      }),
      'billableItems[0].basePrice',
      'out_of_range',
    );
    const fee = await t
      .http()
      .patch(orgPath(home.id, '/booking-settings'))
      .set('Authorization', t.platformAuth)
      .send({ cancellationFeeAmount: amount });
    expectInvalid(fee, 'cancellationFeeAmount', 'out_of_range');
  });

  it('accepts the maximum itself, and the column holds it', async () => {
    const created = await createAppointmentType(t, home.id, {
      price: REQUEST_LIMITS.cents,
      providers: [provider.id],
      locations: [location.id],
    });
    expect(created.price).toBe(REQUEST_LIMITS.cents);
  });

  it('refuses a percentage like 5e-324, which has more than two decimals though it prints none', async () => {
    const response = await t
      .http()
      .patch(orgPath(home.id, '/booking-settings'))
      .set('Authorization', t.platformAuth)
      .send({ cancellationFeePercent: 5e-324 });
    expectInvalid(response, 'cancellationFeePercent');
  });

  it('documents every maximum in the OpenAPI document', () => {
    const schemas = t.contract.document.components!.schemas as Record<
      string,
      { properties: Record<string, { maximum?: number }> }
    >;
    expect(schemas.CreateAppointmentTypeRequest.properties.price.maximum).toBe(REQUEST_LIMITS.cents);
    expect(schemas.CreateBillableItemRequest.properties.basePrice.maximum).toBe(REQUEST_LIMITS.cents);
    expect(schemas.UpdateBookingSettingsRequest.properties.cancellationFeeAmount.maximum).toBe(REQUEST_LIMITS.cents);
    expect(schemas.CreateAppointmentTypeRequest.properties.durationMinutes.maximum).toBe(REQUEST_LIMITS.minutes);
    expect(schemas.CreateAppointmentTypeRequest.properties.maxAttendees.maximum).toBe(REQUEST_LIMITS.count);
  });
});

describe('date-times', () => {
  const book = (serviceDate: string) =>
    postJson(t, orgPath(home.id, '/bookings'), {
      clientId: client.id,
      providerId: provider.id,
      locationId: location.id,
      appointmentTypeId: type.id,
      serviceDate,
    });

  it.each([
    ['without an offset or Z', '2027-03-01T09:00:00'],
    ['on the last instant JS can add a duration to', '+275760-09-13T00:00:00.000Z'],
    ['in year 9999, where adding the duration overflows the year', '9999-12-31T23:30:00.000Z'],
    ['in year 0, which PostgreSQL has no such year for', '0000-01-01T00:00:00.000Z'],
    ['on a day that does not exist', '2027-02-30T09:00:00.000Z'],
    ['with an hour of 24', '2027-03-01T24:00:00.000Z'],
  ])('refuses a serviceDate %s with 400, and books nothing', async (_, serviceDate) => {
    expectInvalid(await book(serviceDate), 'serviceDate');
    expect(await sql(t, 'select id from bookings where organisation_id = ?', [home.id])).toEqual([]);
  });

  it('refuses list filters without an offset or far out of range', async () => {
    expectInvalid(await get(orgPath(home.id, '/bookings?serviceDateMin=2027-01-01T00:00:00')), 'serviceDateMin');
    expectInvalid(await get(orgPath(home.id, '/bookings?serviceDateMax=275760-09-13T00:00:00Z')), 'serviceDateMax');
    expectInvalid(await get(orgPath(home.id, '/bookings?serviceDateMin=0001-01-01T00:00:00Z')), 'serviceDateMin');
  });
});

describe('ids that pass a type check but name nothing', () => {
  it.each([
    ['empty', ''],
    ['of another shape', 'nope'],
  ])('answers an %s organisationId on POST /v1/api-keys with 404, and issues no key', async (_, organisationId) => {
    const before = await sql(t, 'select count(*)::int as n from api_keys');
    expectProblem(await postJson(t, '/v1/api-keys', { name: 'Ghost key', organisationId }), 404, 'not_found');
    expect(await sql(t, 'select count(*)::int as n from api_keys')).toEqual(before);
  });
});

describe('page and limit take plain decimal integers only', () => {
  it.each(['1e3', '0x10', '1e2', '+1', ' 1', '1 ', '1.0', '１', '99999999999999999999'])(
    'refuses page=%j',
    async (value) => {
      expectInvalid(await get(`/v1/organisations?page=${encodeURIComponent(value)}`), 'page');
    },
  );

  it.each(['1e2', '0x10', '+5', '5.0'])('refuses limit=%j', async (value) => {
    expectInvalid(await get(`/v1/organisations?limit=${encodeURIComponent(value)}`), 'limit');
  });

  it('reads plain integers, leading zeros included', async () => {
    const response = await get('/v1/organisations?page=01&limit=007').expect(200);
    expect(response.body).toMatchObject({ page: 1, limit: 7 });
  });
});

/** Node refuses these before Express: sent over a raw socket, as a client would. */
function rawRequest(
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const server = t.app.getHttpServer();
  return new Promise((resolve, reject) => {
    const listening = server.listening
      ? Promise.resolve()
      : new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    void listening.then(() => {
      const { port } = server.address() as AddressInfo;
      const call = httpRequest(
        { host: '127.0.0.1', port, path, method: 'GET', headers: { Authorization: t.platformAuth } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      call.on('error', reject);
      call.end();
    });
  });
}

describe('URLs over 16 kB', () => {
  afterAll(
    () =>
      new Promise<void>((done) =>
        t.app.getHttpServer().listening ? t.app.getHttpServer().close(() => done()) : done(),
      ),
  );

  it('answers 431 as problem+json with X-Request-Id, and the requestId in the body', async () => {
    const response = await rawRequest(`/v1/organisations?name=${'a'.repeat(17 * 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/problem+json');
    const problem = JSON.parse(response.body);
    expect(problem).toMatchObject({
      status: 431,
      code: 'request_header_fields_too_large',
      title: 'Request Header Fields Too Large',
    });
    expect(problem.requestId).toBe(response.headers['x-request-id']);
  });
});

describe('broken percent-encoding in a path', () => {
  it('answers 400 problem+json, not a bare error', async () => {
    expectProblem(await get('/v1/organisations/%E0%A4%A'), 400, 'validation_failed');
    expectProblem(await get('/v1/organisations/%ED%A0%80/booking-data', null), 400, 'validation_failed');
  });
});

describe('body fields named like built-in properties', () => {
  // Every name an object answers to without declaring it, and `prototype`: unknown fields like any other.
  const NAMES = [
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'toLocaleString',
    'valueOf',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    '__defineGetter__',
    '__defineSetter__',
    '__lookupGetter__',
    '__lookupSetter__',
  ];

  type Method = 'post' | 'patch' | 'put';
  interface Route {
    name: string;
    method: Method;
    path: string;
    body: Body;
    /** The object inside `body` that gets the field; `[]`: the body itself. */
    at: Array<string | number>;
    auth: string | null;
  }

  let a: TestApp;
  let clinic: Awaited<ReturnType<typeof createBookableClinic>>;
  let routes: Route[];
  const email = `built.in.${RUN}@example.com`;
  const hookUrl = 'http://127.0.0.1:9/built-in';

  beforeAll(async () => {
    // A webhook URL that needs no DNS; jobs of its own schema, though the endpoint's one event type never happens here.
    a = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', JOBS_SCHEMA: `pgboss_${RUN}` });
    clinic = await createBookableClinic(a, 'Built-in Names Clinic');
    const orgId = clinic.id;
    const card = await created(
      postJson(a, orgPath(orgId, `/clients/${clinic.client.id}/wallet/cards`), {
        type: 'payment_method',
        paymentMethod: { paymentMethodId: 'pm_card_visa' },
      }),
    );
    const bookingBody = {
      clientId: clinic.client.id,
      providerId: clinic.provider.id,
      locationId: clinic.location.id,
      appointmentTypeId: clinic.type.id,
      serviceDate: '2027-08-02T00:00:00.000Z',
    };
    const booking = await created(postJson(a, orgPath(orgId, '/bookings'), bookingBody));
    const hook = await created(
      postJson(a, orgPath(orgId, '/webhook-endpoints'), { url: hookUrl, enabledEvents: ['medicare_claim.voided'] }),
    );
    const checkOut = orgPath(orgId, `/bookings/${booking.id}/transactions`);
    const payment = { paymentMethodId: card.id };
    routes = [
      {
        name: 'create client',
        method: 'post',
        path: orgPath(orgId, '/clients'),
        body: { firstName: 'Built', lastName: named('In') },
        at: [],
        auth: a.platformAuth,
      },
      {
        name: 'create booking',
        method: 'post',
        path: orgPath(orgId, '/bookings'),
        body: { ...bookingBody, serviceDate: '2027-08-03T00:00:00.000Z' },
        at: [],
        auth: a.platformAuth,
      },
      {
        name: 'update organisation',
        method: 'patch',
        path: orgPath(orgId),
        body: { name: named('Renamed') },
        at: [],
        auth: a.platformAuth,
      },
      {
        name: 'update booking settings',
        method: 'patch',
        path: orgPath(orgId, '/booking-settings'),
        body: { cancellationNoFeeBeforeHours: 12 },
        at: [],
        auth: a.platformAuth,
      },
      {
        name: 'create webhook endpoint',
        method: 'post',
        path: orgPath(orgId, '/webhook-endpoints'),
        body: { url: hookUrl, enabledEvents: ['medicare_claim.voided'] },
        at: [],
        auth: a.platformAuth,
      },
      {
        name: 'update webhook endpoint',
        method: 'patch',
        path: orgPath(orgId, `/webhook-endpoints/${hook.id}`),
        body: { description: 'x' },
        at: [],
        auth: a.platformAuth,
      },
      { name: 'check-out', method: 'post', path: checkOut, body: { payment }, at: [], auth: a.platformAuth },
      {
        name: 'check-out, in payment',
        method: 'post',
        path: checkOut,
        body: { payment },
        at: ['payment'],
        auth: a.platformAuth,
      },
      {
        name: 'check-out, in an item',
        method: 'post',
        path: checkOut,
        body: { items: [{ description: 'Consultation', chargeAmount: 9500 }], payment },
        at: ['items', 0],
        auth: a.platformAuth,
      },
      {
        name: 'create location, in its address',
        method: 'post',
        path: orgPath(orgId, '/locations'),
        body: {
          businessId: clinic.location.businessId,
          name: named('Built-in Location'),
          timeZone: 'Australia/Sydney',
          address: { ...clinic.location.address },
        },
        at: ['address'],
        auth: a.platformAuth,
      },
      {
        name: 'create wallet card, in paymentMethod',
        method: 'post',
        path: orgPath(orgId, `/clients/${clinic.client.id}/wallet/cards`),
        body: { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_mastercard' } },
        at: ['paymentMethod'],
        auth: a.platformAuth,
      },
      {
        name: 'replace working hours, in an item',
        method: 'put',
        path: orgPath(orgId, `/providers/${clinic.provider.id}/working-hours`),
        body: { items: [{ locationId: clinic.location.id, dayOfWeek: 1, startTime: '08:00', endTime: '12:00' }] },
        at: ['items', 0],
        auth: a.platformAuth,
      },
      {
        name: 'create member, in its metadata',
        method: 'post',
        path: '/v1/members',
        body: { firstName: 'Built', lastName: named('In'), email, metadata: { referralSource: 'front_desk' } },
        at: ['metadata'],
        auth: a.platformAuth,
      },
      {
        name: 'public booking, in its patient (no key)',
        method: 'post',
        path: orgPath(orgId, '/public-bookings'),
        body: {
          appointmentTypeId: clinic.type.id,
          locationId: clinic.location.id,
          providerId: clinic.provider.id,
          startsAt: '2027-08-04T00:00:00.000Z',
          patient: { firstName: 'Built', lastName: named('In'), email },
        },
        at: ['patient'],
        auth: null,
      },
    ];
  });

  afterAll(async () => {
    await a?.close();
  });

  /** What any of these requests would write: rows of the clinic, its events, and members with this email. */
  const written = async () => {
    const [row] = await sql(
      a,
      `select (select to_jsonb(o) from organisations o where o.id = ?) as organisation,
         (select count(*)::int from clients where organisation_id = ?) as clients,
         (select count(*)::int from bookings where organisation_id = ?) as bookings,
         (select count(*)::int from transactions where organisation_id = ?) as transactions,
         (select jsonb_agg(to_jsonb(w)) from webhook_endpoints w where organisation_id = ?) as endpoints,
         (select count(*)::int from locations where organisation_id = ?) as locations,
         (select count(*)::int from wallet_cards where client_id = ?) as cards,
         (select count(*)::int from working_hours where provider_id = ?) as hours,
         (select count(*)::int from events where organisation_id = ?) as events,
         (select count(*)::int from members where email = ?) as members`,
      [
        clinic.id,
        clinic.id,
        clinic.id,
        clinic.id,
        clinic.id,
        clinic.id,
        clinic.client.id,
        clinic.provider.id,
        clinic.id,
        email,
      ],
    );
    return row;
  };

  /** `body` with the field `name` added to the object at `at`, as its own property (as JSON.parse makes it). */
  function withField(body: Body, at: Array<string | number>, name: string): Body {
    const copy = JSON.parse(JSON.stringify(body)) as Body;
    const target = at.reduce<Body>((object, key) => object[key] as Body, copy);
    Object.defineProperty(target, name, {
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }

  it('refuses each one, at the top of a body and inside it, with 400 naming the field, and writes nothing', async () => {
    const before = await written();
    const answers: string[] = [];
    for (const route of routes) {
      for (const name of NAMES) {
        let call = a.http()[route.method](route.path).set('Content-Type', 'application/json');
        if (route.auth) call = call.set('Authorization', route.auth);
        const response = await call.send(JSON.stringify(withField(route.body, route.at, name)));
        const field = route.at.reduce<string>(
          (path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key),
          '',
        );
        const expected = field ? `${field}.${name}` : name;
        const errors = (response.body as { errors?: Array<{ field: string; code: string }> }).errors ?? [];
        const namesTheField = errors.some((error) => error.field === expected && error.code === 'unknown_field');
        if (response.status !== 400 || response.body.code !== 'validation_failed' || !namesTheField)
          answers.push(`${route.name} ${expected}: ${response.status} ${response.body.code ?? ''}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await written()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a query parameter of such a name on a list route, naming it, as any unknown parameter', async () => {
    const answers: string[] = [];
    for (const path of [orgPath(clinic.id, '/bookings'), orgPath(clinic.id, '/locations'), '/v1/organisations']) {
      for (const name of NAMES) {
        const response = await a.http().get(`${path}?limit=5&${name}=1`).set('Authorization', a.platformAuth);
        const namesIt = (response.body.errors ?? []).some(
          (error: { field: string; code: string }) => error.field === name && error.code === 'unknown_field',
        );
        if (response.status !== 400 || !namesIt) answers.push(`${path}?${name}: ${response.status}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('still refuses an unknown field of an ordinary name the same way', async () => {
    for (const route of routes.slice(0, 3)) {
      const http = a.http();
      const response = await http[route.method](route.path)
        .set('Authorization', a.platformAuth)
        .send({ ...route.body, foo: 1 });
      expectInvalid(response, 'foo', 'unknown_field');
    }
  });
});

describe('what the OpenAPI document states about requests', () => {
  const document = () => t.contract.document;
  const operations = () =>
    Object.values(document().paths).flatMap((item) =>
      (['get', 'post', 'patch', 'delete'] as const).flatMap((method) => (item[method] ? [item[method]] : [])),
    );

  it('documents 400, 405, 431, 500 and 503 on every operation, and 400 on cancel', () => {
    for (const operation of operations())
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '405', '431', '500', '503']));
    expect(
      document().paths['/v1/organisations/{organisationId}/bookings/{bookingId}/cancel'].post!.responses['400'],
    ).toBeDefined();
  });

  it('closes every request body schema, and the schemas inside it, with additionalProperties: false', () => {
    const schemas = document().components!.schemas as Record<string, { additionalProperties?: boolean }>;
    for (const name of [
      'CreateOrganisationRequest',
      'CreateAppointmentTypeRequest',
      'CreateBillableItemRequest',
      'ServiceItemDto',
      'UpdateBookingSettingsRequest',
    ]) {
      expect({ name, additionalProperties: schemas[name].additionalProperties }).toEqual({
        name,
        additionalProperties: false,
      });
    }
  });

  it('bounds Idempotency-Key to 1 to 255 characters, and refuses an empty one', async () => {
    const post = document().paths['/v1/organisations'].post!;
    const header = post.parameters!.find(
      (parameter) => 'name' in parameter && parameter.name === 'Idempotency-Key',
    ) as { schema: object };
    expect(header.schema).toMatchObject({ minLength: 1, maxLength: 255 });
    const empty = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Idempotency-Key', '')
      .send({ name: 'Empty key' });
    expectInvalid(empty, 'Idempotency-Key');
  });

  it('describes the bearer key as an API key, not a JWT', () => {
    expect(document().components!.securitySchemes!.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_…',
    });
  });
});
