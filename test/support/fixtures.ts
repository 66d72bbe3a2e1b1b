import { randomBytes } from 'node:crypto';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Response } from 'supertest';
import type { TestApp } from './test-app.js';

// A response body as the tests read it: supertest types bodies as `any`, and the assertions are what check them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e specs read fields of these bodies as strings, numbers and lists without a cast each
export type Body = Record<string, any>;

/** An organisation and the `Authorization` value of a key scoped to it. */
export interface Tenant {
  id: string;
  auth: string;
}

// Every test file shares one database and runs in parallel with the others. Jest loads this
// module afresh for each test file, so every file gets its own suffix for the names it creates.
export const RUN = randomBytes(5).toString('hex');
export const named = (name: string) => `${name} ${RUN}`;

export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Well-formed, so it reaches the lookup, and names nothing. */
export const UNKNOWN_UUID = '0193a6f7-0000-7000-8000-000000000000';
export const VALID_ABN = '51 824 753 556';
export const ADDRESS = {
  line1: '88 Bondi Road',
  suburb: 'Bondi Junction',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2022',
  country: 'Australia',
  countryCode: 'AU',
};

export const keysOf = (value: object) => Object.keys(value).sort();
export const orgPath = (organisationId: string, rest = '') => `/v1/organisations/${organisationId}${rest}`;

export const randomWalletKey = () => randomBytes(32).toString('hex');

/** Sent as a JSON string, so that the body reaches the API exactly as written. */
export function postJson(
  app: TestApp,
  path: string,
  body: unknown = {},
  auth = app.platformAuth,
  idempotencyKey?: string,
) {
  const request = app.http().post(path).set('Authorization', auth).set('Content-Type', 'application/json');
  if (idempotencyKey) request.set('Idempotency-Key', idempotencyKey);
  return request.send(JSON.stringify(body));
}

/** Pays a payment link through its public route, as the client would, with the test processor's card. */
export function payLink(app: TestApp, linkUrl: string) {
  const token = linkUrl.split('/pay/')[1];
  return app
    .http()
    .post(`/v1/payment-links/${token}/pay`)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ paymentMethodId: 'pm_card_visa' }));
}

/** The body of a 201; anything else fails the set-up with what the API answered. */
export async function created(response: Promise<Response> | Response): Promise<Body> {
  const answer = await response;
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}: ${answer.text}`);
  return answer.body as Body;
}

export function createOrganisation(app: TestApp, name: string, body: Body = {}): Promise<Body> {
  return created(postJson(app, '/v1/organisations', { name: named(name), ...body }));
}

/** The `Authorization` value of a new key scoped to the organisation. */
export async function createScopedKey(app: TestApp, organisationId: string, name: string): Promise<string> {
  const key = await created(postJson(app, '/v1/api-keys', { name: `${name} key`, organisationId }));
  return `Bearer ${key.key}`;
}

export async function createTenant(app: TestApp, name: string, body: Body = {}): Promise<Tenant> {
  const { id } = (await createOrganisation(app, name, body)) as { id: string };
  return { id, auth: await createScopedKey(app, id, name) };
}

/**
 * A business connected to the card processor: its `merchantId` is a Stripe connected account id of
 * its own, so card payments at it go through on both processors the suites run on.
 */
export function createBusiness(
  app: TestApp,
  organisationId: string,
  body: Body = {},
  auth = app.platformAuth,
): Promise<Body> {
  return created(
    postJson(
      app,
      orgPath(organisationId, '/businesses'),
      { name: named('Harbour Physio Pty Ltd'), taxIdentifier: VALID_ABN, merchantId: connectedAccount(), ...body },
      auth,
    ),
  );
}

/** A new Stripe connected account id (`acct_…`), as a business's `merchantId`. */
export const connectedAccount = () => `acct_1${randomBytes(8).toString('hex')}`;

/** A location registered with Medicare (its minor id) and the health funds, both active: it may claim from either. */
export const CLAIMING_REGISTRATIONS = [
  { medicare: { minorId: 'BJ001', status: 'active' }, phi: { phiLocationId: 'HICAPS-00001', status: 'active' } },
];

/** A bulk bill's assignment of benefit, signed as the check-out is made (after any test service, never after the server's now). */
export const SIGNED_ASSIGNMENT = { method: 'signed', signedAt: new Date().toISOString() } as const;

/** The claiming terminal every test location has: a fund claim swiped there is the patient's agreement. */
export const CLAIMING_TERMINAL = 'HICAPS-T-0001';

export function createLocation(
  app: TestApp,
  organisationId: string,
  businessId: string,
  body: Body = {},
  auth = app.platformAuth,
): Promise<Body> {
  return created(
    postJson(
      app,
      orgPath(organisationId, '/locations'),
      {
        businessId,
        name: named('Bondi Junction'),
        timeZone: 'Australia/Sydney',
        address: ADDRESS,
        registrations: CLAIMING_REGISTRATIONS,
        terminalIds: [CLAIMING_TERMINAL],
        ...body,
      },
      auth,
    ),
  );
}

export function createProvider(app: TestApp, organisationId: string, body: Body = {}): Promise<Body> {
  return created(
    postJson(app, orgPath(organisationId, '/providers'), { firstName: 'Priya', lastName: 'Raman', ...body }),
  );
}

export function createLink(
  app: TestApp,
  organisationId: string,
  providerId: string,
  locationId: string,
  body: Body = {},
): Promise<Body> {
  return created(
    postJson(app, orgPath(organisationId, `/providers/${providerId}/location-links`), { locationId, ...body }),
  );
}

export function createAppointmentType(app: TestApp, organisationId: string, body: Body = {}): Promise<Body> {
  return created(
    postJson(app, orgPath(organisationId, '/appointment-types'), {
      name: named('Consultation'),
      durationMinutes: 60,
      price: 9500,
      ...body,
    }),
  );
}

export function createClient(
  app: TestApp,
  organisationId: string,
  body: Body = {},
  auth = app.platformAuth,
): Promise<Body> {
  return created(
    postJson(app, orgPath(organisationId, '/clients'), { firstName: 'Alex', lastName: named('Chen'), ...body }, auth),
  );
}

/** A booking of the client with the provider at the location, for the appointment type, at `serviceDate`. */
export function createBooking(
  app: TestApp,
  organisationId: string,
  of: Record<'client' | 'provider' | 'location' | 'type', Body>,
  serviceDate: string,
  auth = app.platformAuth,
): Promise<Body> {
  return created(
    postJson(
      app,
      orgPath(organisationId, '/bookings'),
      {
        clientId: of.client.id as string,
        providerId: of.provider.id as string,
        locationId: of.location.id as string,
        appointmentTypeId: of.type.id as string,
        serviceDate,
      },
      auth,
    ),
  );
}

/** An organisation that can take a booking: a location, a provider linked to it, an appointment type of both, and a client. */
export async function createBookableClinic(
  app: TestApp,
  name: string,
): Promise<{ id: string; location: Body; provider: Body; client: Body; type: Body }> {
  const idOf = (body: Body) => body.id as string;
  const id = idOf(await createOrganisation(app, name));
  const business = await createBusiness(app, id);
  const [location, provider, client] = await Promise.all([
    createLocation(app, id, idOf(business)),
    createProvider(app, id),
    createClient(app, id),
  ]);
  await createLink(app, id, idOf(provider), idOf(location));
  const type = await createAppointmentType(app, id, { providers: [provider.id], locations: [location.id] });
  return { id, location, provider, client, type };
}

/** Every organisation the platform key can see, read page by page. */
export async function everyOrganisation(app: TestApp): Promise<Array<{ id: string; name: string }>> {
  const all: Array<{ id: string; name: string }> = [];
  for (let page = 1; ; page++) {
    const response = await app
      .http()
      .get(`/v1/organisations?limit=200&page=${page}`)
      .set('Authorization', app.platformAuth)
      .expect(200);
    const body = response.body as { items: Array<{ id: string; name: string }>; totalPages: number };
    all.push(...body.items);
    if (body.items.length === 0 || page >= body.totalPages) return all;
  }
}

export function sql<T = Body>(app: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return app.app.get(MikroORM).em.fork().getConnection().execute<T[]>(query, params);
}

/** Polls `probe` until it answers `status`; the time it took, or a failure after `deadlineMs`. */
export async function untilStatus(
  probe: () => Promise<Response>,
  status: number,
  deadlineMs: number,
): Promise<{ elapsedMs: number; response: Response }> {
  const started = Date.now();
  for (;;) {
    const response = await probe();
    const elapsedMs = Date.now() - started;
    if (response.status === status) return { elapsedMs, response };
    if (elapsedMs > deadlineMs) throw new Error(`still ${response.status} after ${elapsedMs} ms, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs application services the way a request would, in their own unit of work. */
export function inContext<T>(app: TestApp, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(app.app.get(MikroORM).em, work);
}

/**
 * Runs `work` while SQL statements matching `pattern` reach PostgreSQL `delayMs` late (the app runs
 * in this process, on `pg` clients): a slow database, made on purpose.
 */
export async function withSlowStatements<T>(pattern: RegExp, delayMs: number, work: () => Promise<T>): Promise<T> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args;
    const text = typeof config === 'string' ? config : String((config as { text?: string })?.text ?? '');
    if (!pattern.test(text)) return original.apply(this, args);
    return new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => original.apply(this, args));
  };
  try {
    return await work();
  } finally {
    prototype.query = original;
  }
}
