import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Temporal } from 'temporal-polyfill';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createOrganisation,
  createProvider,
  createTenant,
  created,
  ISO_INSTANT,
  named,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// Every test file shares one database with the others: each block makes its own organisations.
// Online bookings are a week or more ahead in Sydney, so the minimum notice never interferes.

const ZONE = 'Australia/Sydney';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const dayAhead = (days: number) => Temporal.Now.plainDateISO(ZONE).add({ days }).toString();
/** The instant of a wall-clock time in Sydney, as the API writes instants. */
const sydney = (date: string, time: string) =>
  new Date(
    Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) })
      .epochMilliseconds,
  ).toISOString();

// Jobs in a schema of this file's own: another file's app must not run this file's deliveries.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', JOBS_SCHEMA: `pgboss_${RUN}` };

let t: TestApp;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  t = await createTestApp(ENV);
  receiverUrl = await receiver.start();
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

interface Sent {
  auth?: string | null;
  ifMatch?: string;
}

const get = (path: string, auth: string | null = t.platformAuth) =>
  auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path);
const post = (path: string, body: unknown = {}, auth = t.platformAuth) => postJson(t, path, body, auth);
const put = (path: string, body: unknown) =>
  t
    .http()
    .put(path)
    .set('Authorization', t.platformAuth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const patch = (path: string, body: unknown, { auth = t.platformAuth, ifMatch }: Sent = {}) => {
  const request = t.http().patch(path).set('Content-Type', 'application/json');
  if (auth) request.set('Authorization', auth);
  if (ifMatch !== undefined) request.set('If-Match', ifMatch);
  return request.send(JSON.stringify(body));
};
const del = (path: string, { auth = t.platformAuth, ifMatch }: Sent = {}) => {
  const request = t.http().delete(path);
  if (auth) request.set('Authorization', auth);
  if (ifMatch !== undefined) request.set('If-Match', ifMatch);
  return request;
};
const publicPost = (path: string, body: unknown) =>
  t.http().post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));

interface Clinic {
  id: string;
  slug: string;
  location: Body;
  provider: Body;
  link: Body;
  type: Body;
  client: Body;
}

/** An organisation taking online bookings: one Sydney location, a provider working there 09:00 to 17:00 every day, an hour's service, a client. */
async function clinic(name: string): Promise<Clinic> {
  const organisation = await createOrganisation(t, name, { bookingsEnabled: true });
  const business = await createBusiness(t, organisation.id);
  const location = await createLocation(t, organisation.id, business.id, { timeZone: ZONE });
  const provider = await createProvider(t, organisation.id, { lastName: named('Raman'), bookingsEnabled: true });
  const link = await createLink(t, organisation.id, provider.id, location.id);
  await put(orgPath(organisation.id, `/providers/${provider.id}/working-hours`), {
    items: EVERY_DAY.map((dayOfWeek) => ({ locationId: location.id, dayOfWeek, startTime: '09:00', endTime: '17:00' })),
  }).expect(200);
  const type = await createAppointmentType(t, organisation.id, {
    durationMinutes: 60,
    price: 9500,
    providers: [provider.id],
    locations: [location.id],
  });
  const client = await createClient(t, organisation.id);
  return { id: organisation.id, slug: organisation.slug, location, provider, link, type, client };
}

const bookingOf = (c: Clinic, serviceDate: string, changes: Body = {}) => ({
  clientId: c.client.id,
  providerId: c.provider.id,
  locationId: c.location.id,
  appointmentTypeId: c.type.id,
  serviceDate,
  ...changes,
});

const publicBookingOf = (c: Clinic, startsAt: string, changes: Body = {}) => ({
  appointmentTypeId: c.type.id,
  locationId: c.location.id,
  providerId: c.provider.id,
  startsAt,
  patient: {
    firstName: 'Alex',
    lastName: named('Chen'),
    email: `alex.${RUN}.${Math.random().toString(36).slice(2)}@example.com`,
  },
  ...changes,
});

const bookingsOf = async (c: Clinic): Promise<number> =>
  (await get(orgPath(c.id, '/bookings?limit=200')).expect(200)).body.totalItems;

describe('a new booking of something archived', () => {
  let c: Clinic;

  beforeEach(async () => {
    c = await clinic('Archived Parties Clinic');
  });

  it('answers 409 client_deleted for an archived client, and books nothing', async () => {
    await sql(t, 'update clients set deleted = true where id = ?', [c.client.id]);
    expectProblem(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'client_deleted',
    );
    expect(await bookingsOf(c)).toBe(0);
  });

  it('answers 409 provider_deleted for an archived provider, back office and online, and books nothing', async () => {
    await del(orgPath(c.id, `/providers/${c.provider.id}`)).expect(200);
    expectProblem(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'provider_deleted',
    );
    expectProblem(
      await publicPost(orgPath(c.slug, '/public-bookings'), publicBookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'provider_deleted',
    );
    expect(await bookingsOf(c)).toBe(0);
  });

  it('answers 409 appointment_type_deleted for an archived appointment type, back office and online, and books nothing', async () => {
    await del(orgPath(c.id, `/appointment-types/${c.type.id}`)).expect(200);
    expectProblem(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'appointment_type_deleted',
    );
    expectProblem(
      await publicPost(orgPath(c.slug, '/public-bookings'), publicBookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'appointment_type_deleted',
    );
    expect(await bookingsOf(c)).toBe(0);
  });

  it("answers 409 location_link_deleted when the provider's link to the location is archived, back office and online", async () => {
    await sql(t, 'update provider_location_links set deleted = true where id = ?', [c.link.id]);
    expectProblem(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'location_link_deleted',
    );
    expectProblem(
      await publicPost(orgPath(c.slug, '/public-bookings'), publicBookingOf(c, sydney(dayAhead(8), '10:00'))),
      409,
      'location_link_deleted',
    );
    expect(await bookingsOf(c)).toBe(0);
  });

  it('books again through a new link made after the archived one', async () => {
    await sql(t, 'update provider_location_links set deleted = true where id = ?', [c.link.id]);
    await createLink(t, c.id, c.provider.id, c.location.id);
    await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'))));
  });

  it('still answers 404 for a client or type that never existed, and 400 for a provider never linked to the location', async () => {
    expectNotFound(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'), { clientId: UNKNOWN_UUID })),
      'clientId',
    );
    expectNotFound(
      await post(
        orgPath(c.id, '/bookings'),
        bookingOf(c, sydney(dayAhead(8), '10:00'), { appointmentTypeId: UNKNOWN_UUID }),
      ),
      'appointmentTypeId',
    );
    const stranger = await createProvider(t, c.id);
    expectInvalid(
      await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(8), '10:00'), { providerId: stranger.id })),
      'locationId',
      'provider_not_at_location',
    );
  });
});

const CONSULT_ITEM = {
  name: 'Initial consultation',
  basePrice: 9500,
  taxRate: 0,
  itemCode: '560',
  pmsBillableItemId: 'pms_bi_88213',
  serviceItem: {
    id: 'si_560',
    itemCode: '560',
    category: 'physiotherapy',
    description: 'Initial physiotherapy consultation',
  },
};
const BAND_ITEM = { name: 'Theraband', basePrice: 1255, taxRate: 10 };

/** The appointment type events of one organisation (its own key reads only its own), oldest first, as the event log holds them. */
async function typeEvents(tenant: Tenant, typeId?: string): Promise<Body[]> {
  const items = (await get('/v1/events?type=appointment_type.*&limit=200', tenant.auth).expect(200)).body
    .items as Body[];
  return items.filter((event) => typeId === undefined || event.data.id === typeId).reverse();
}

/** An organisation of its own, for checks on whole lists and event logs: two locations, two providers, a provider of another organisation. */
async function backOffice(name: string) {
  const [home, other] = await Promise.all([createTenant(t, name), createTenant(t, `${name} Other`)]);
  const business = await createBusiness(t, home.id);
  const [bondi, manly, priya, omar, foreign] = await Promise.all([
    createLocation(t, home.id, business.id, { name: named('Bondi') }),
    createLocation(t, home.id, business.id, { name: named('Manly') }),
    createProvider(t, home.id, { firstName: 'Priya' }),
    createProvider(t, home.id, { firstName: 'Omar' }),
    createProvider(t, other.id, { firstName: 'Foreign' }),
  ]);
  const typePath = (id: string, organisationId = home.id) => orgPath(organisationId, `/appointment-types/${id}`);
  const newType = (body: Body = {}) =>
    createAppointmentType(t, home.id, {
      providers: [priya.id],
      locations: [bondi.id],
      description: 'Assessment and first treatment.',
      category: 'physiotherapy',
      itemCode: '560',
      billableItems: [CONSULT_ITEM, BAND_ITEM],
      ...body,
    });
  return { home, other, bondi, manly, priya, omar, foreign, typePath, newType };
}

describe('PATCH an appointment type', () => {
  let o: Awaited<ReturnType<typeof backOffice>>;

  beforeAll(async () => {
    o = await backOffice('Type Changes Clinic');
  });

  it('changes only the fields sent, and answers the type as its GET does, with a new updatedAt and ETag', async () => {
    const type = await o.newType();
    const before = await get(o.typePath(type.id)).expect(200);
    expect(before.body).toEqual(type);
    expect(type.updatedAt).toBe(type.createdAt);

    const response = await patch(o.typePath(type.id), { name: named('Long consultation'), price: 12000 }).expect(200);
    expect(response.body).toEqual({
      ...type,
      name: named('Long consultation'),
      price: 12000,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(response.body.updatedAt > type.updatedAt).toBe(true);
    expect(response.headers.etag).toMatch(/^"[0-9a-z]+"$/);
    expect(response.headers.etag).not.toBe(before.headers.etag);

    const after = await get(o.typePath(type.id)).expect(200);
    expect(after.body).toEqual(response.body);
    expect(after.headers.etag).toBe(response.headers.etag);
  });

  it('clears description and category with null', async () => {
    const type = await o.newType();
    const response = await patch(o.typePath(type.id), { description: null, category: null, itemCode: null }).expect(
      200,
    );
    expect(response.body).toMatchObject({ description: null, category: null, name: type.name });
  });

  it('replaces providers, locations and billable items; an item sent with every field as it was keeps its id', async () => {
    const type = await o.newType();
    const response = await patch(o.typePath(type.id), {
      providers: [o.omar.id, o.priya.id, o.omar.id],
      locations: [o.manly.id],
      maxAttendees: 4,
      durationMinutes: 90,
      billableItems: [BAND_ITEM, { name: 'Tape', basePrice: 995 }],
    }).expect(200);
    expect(response.body).toMatchObject({
      providers: [o.omar.id, o.priya.id],
      locations: [o.manly.id],
      maxAttendees: 4,
      durationMinutes: 90,
    });
    expect(response.body.billableItems).toEqual([
      type.billableItems[1],
      {
        id: expect.any(String),
        name: 'Tape',
        basePrice: 995,
        totalPrice: 995,
        taxAmount: 0,
        taxRate: 0,
        itemCode: null,
        pmsBillableItemId: null,
        serviceItem: null,
      },
    ]);
    expect(type.billableItems.map((item: Body) => item.id)).not.toContain(response.body.billableItems[1].id);
    expect((await patch(o.typePath(type.id), { billableItems: [] }).expect(200)).body.billableItems).toEqual([]);
  });

  it('changes nothing for {} or for the fields sent back as they are: the same answer and ETag, and no event', async () => {
    const type = await o.newType();
    const read = await get(o.typePath(type.id)).expect(200);
    const empty = await patch(o.typePath(type.id), {}).expect(200);
    const same = await patch(o.typePath(type.id), {
      name: type.name,
      durationMinutes: type.durationMinutes,
      price: type.price,
      providers: type.providers,
      locations: type.locations,
      maxAttendees: type.maxAttendees,
      description: type.description,
      category: type.category,
      itemCode: '560',
      billableItems: [CONSULT_ITEM, BAND_ITEM],
    }).expect(200);
    for (const answer of [empty, same]) {
      expect(answer.body).toEqual(read.body);
      expect(answer.headers.etag).toBe(read.headers.etag);
    }
    expect((await typeEvents(o.home, type.id)).map((event) => event.type)).toEqual(['appointment_type.created']);
  });

  it.each([
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['a null name', { name: null }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a null price', { price: null }, 'price'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price in dollars', { price: 95.5 }, 'price'],
    ['a duration under 5 minutes', { durationMinutes: 4 }, 'durationMinutes'],
    ['a duration over a day', { durationMinutes: 1441 }, 'durationMinutes'],
    ['null providers', { providers: null }, 'providers'],
    ['a provider that is not an id', { providers: ['priya'] }, 'providers'],
    ['no place in a session', { maxAttendees: 0 }, 'maxAttendees'],
    ['null billable items', { billableItems: null }, 'billableItems'],
    ['a billable item without a price', { billableItems: [{ name: 'Tape' }] }, 'billableItems[0].basePrice'],
    ['a description over 2000 characters', { description: 'x'.repeat(2001) }, 'description'],
  ])('refuses %s with 400 naming it, and changes nothing', async (_case, body, field) => {
    const type = await o.newType();
    expectInvalid(await patch(o.typePath(type.id), body), field);
    expect((await get(o.typePath(type.id)).expect(200)).body).toEqual(type);
  });

  it('refuses providers and locations the organisation does not have with 404 naming each, and changes nothing', async () => {
    const type = await o.newType();
    const response = await patch(o.typePath(type.id), {
      providers: [o.priya.id, o.foreign.id],
      locations: [UNKNOWN_UUID],
    });
    expectProblem(response, 404, 'not_found');
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'providers[1]', code: 'not_found' }),
      expect.objectContaining({ field: 'locations[0]', code: 'not_found' }),
    ]);
    expect((await get(o.typePath(type.id)).expect(200)).body).toEqual(type);
  });

  it('keeps a provider who has left when the list is sent back, but refuses adding one', async () => {
    const leaving = await createProvider(t, o.home.id, { firstName: 'Leaving' });
    const type = await o.newType({ providers: [o.priya.id, leaving.id] });
    await del(orgPath(o.home.id, `/providers/${leaving.id}`)).expect(200);
    await patch(o.typePath(type.id), { providers: [leaving.id, o.priya.id] }).expect(200);
    const other = await o.newType();
    expectProblem(await patch(o.typePath(other.id), { providers: [o.priya.id, leaving.id] }), 404, 'not_found');
  });

  it("answers 404 for an unknown or malformed id and another organisation's type, and 403 to another organisation's key; nothing changes", async () => {
    const type = await o.newType();
    const theirs = await createAppointmentType(t, o.other.id, { providers: [o.foreign.id], locations: [] });
    expectNotFound(await patch(o.typePath(UNKNOWN_UUID), { price: 1 }));
    expectNotFound(await patch(o.typePath('not-an-id'), { price: 1 }));
    expectNotFound(await patch(o.typePath(theirs.id), { price: 1 }));
    expectNotFound(await del(o.typePath(theirs.id)));
    expectNotFound(await get(o.typePath(theirs.id)));
    expectProblem(await patch(o.typePath(type.id), { price: 1 }, { auth: o.other.auth }), 403, 'forbidden');
    expectProblem(await del(o.typePath(type.id), { auth: o.other.auth }), 403, 'forbidden');
    expectProblem(await get(o.typePath(type.id), o.other.auth), 403, 'forbidden');
    expect((await get(o.typePath(type.id)).expect(200)).body).toEqual(type);
    expect((await get(o.typePath(theirs.id, o.other.id)).expect(200)).body).toEqual(theirs);
    // The organisation's own key changes its own type.
    await patch(o.typePath(type.id), { price: 1 }, { auth: o.home.auth }).expect(200);
  });
});

describe('If-Match on PATCH and DELETE of an appointment type', () => {
  let o: Awaited<ReturnType<typeof backOffice>>;

  beforeAll(async () => {
    o = await backOffice('Type Versions Clinic');
  });

  it('changes the type only while If-Match names its current version: a stale one is 412 precondition_failed and changes nothing', async () => {
    const type = await o.newType();
    const first = (await get(o.typePath(type.id)).expect(200)).headers.etag;
    const changed = await patch(o.typePath(type.id), { price: 10000 }, { ifMatch: first }).expect(200);
    const second = changed.headers.etag;
    expect(second).not.toBe(first);

    expectProblem(await patch(o.typePath(type.id), { price: 20000 }, { ifMatch: first }), 412, 'precondition_failed');
    expectProblem(
      await patch(o.typePath(type.id), { price: 20000 }, { ifMatch: `W/${second}` }),
      412,
      'precondition_failed',
    );
    expectProblem(await del(o.typePath(type.id), { ifMatch: first }), 412, 'precondition_failed');
    const unchanged = await get(o.typePath(type.id)).expect(200);
    expect(unchanged.body).toEqual(changed.body);
    expect(unchanged.headers.etag).toBe(second);

    await patch(o.typePath(type.id), { price: 11000 }, { ifMatch: `"0", ${second}` }).expect(200);
    await patch(o.typePath(type.id), { price: 12000 }, { ifMatch: '*' }).expect(200);
    const current = (await get(o.typePath(type.id)).expect(200)).headers.etag;
    const archived = await del(o.typePath(type.id), { ifMatch: current }).expect(200);
    expect(archived.body).toMatchObject({ deleted: true, price: 12000 });
    expect(archived.headers.etag).not.toBe(current);
  });
});

describe('DELETE an appointment type', () => {
  let o: Awaited<ReturnType<typeof backOffice>>;

  beforeAll(async () => {
    o = await backOffice('Type Archive Clinic');
  });

  it('archives it: 200 with the type, deleted; GET still answers it; archiving again is a 200 that changes nothing', async () => {
    const type = await o.newType();
    const archived = await del(o.typePath(type.id)).expect(200);
    expect(archived.body).toEqual({ ...type, deleted: true, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(archived.body.updatedAt > type.updatedAt).toBe(true);

    const read = await get(o.typePath(type.id)).expect(200);
    expect(read.body).toEqual(archived.body);
    expect(read.headers.etag).toBe(archived.headers.etag);

    const again = await del(o.typePath(type.id)).expect(200);
    expect(again.body).toEqual(archived.body);
    expect(again.headers.etag).toBe(archived.headers.etag);
    expect((await typeEvents(o.home, type.id)).map((event) => event.type)).toEqual([
      'appointment_type.created',
      'appointment_type.deleted',
    ]);
  });

  it('leaves archived types out of the list unless includeDeleted=true', async () => {
    const { home, typePath, newType } = await backOffice('Type List Clinic');
    const first = await newType({ name: named('First') });
    const second = await newType({ name: named('Second') });
    const third = await newType({ name: named('Third') });
    await del(typePath(second.id)).expect(200);
    const ids = async (query: string) =>
      (await get(orgPath(home.id, `/appointment-types${query}`)).expect(200)).body.items.map((item: Body) => item.id);
    expect(await ids('')).toEqual([third.id, first.id]);
    expect(await ids('?includeDeleted=false')).toEqual([third.id, first.id]);
    expect(await ids('?includeDeleted=true')).toEqual([third.id, second.id, first.id]);
    const page = (await get(orgPath(home.id, '/appointment-types?limit=1')).expect(200)).body;
    expect({ totalItems: page.totalItems, totalPages: page.totalPages }).toEqual({ totalItems: 2, totalPages: 2 });
    expectInvalid(await get(orgPath(home.id, '/appointment-types?includeDeleted=yes')), 'includeDeleted');
  });
});

describe('an archived appointment type and the booking pages', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Archived Type Pages Clinic');
  });

  it('leaves booking data and availability, while its bookings keep it', async () => {
    const booking = await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(dayAhead(9), '10:00'))));
    const services = async () =>
      (await get(orgPath(c.slug, '/booking-data'), null).expect(200)).body.services.map((service: Body) => service.id);
    expect(await services()).toEqual([c.type.id]);
    const availability = () =>
      get(
        orgPath(
          c.slug,
          `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&from=${dayAhead(9)}&to=${dayAhead(9)}`,
        ),
        null,
      );
    await availability().expect(200);

    const archived = (await del(orgPath(c.id, `/appointment-types/${c.type.id}`)).expect(200)).body;
    expect(await services()).toEqual([]);
    expectNotFound(await availability(), 'appointmentTypeId');
    const kept = (await get(orgPath(c.id, `/bookings/${booking.id}`)).expect(200)).body;
    expect(kept).toEqual({ ...booking, appointmentType: archived });
  });
});

describe('the appointment types list in sync mode (updatedSince)', () => {
  it('lists what changed at or after the instant, oldest change first, archived types included', async () => {
    const { home, typePath, newType } = await backOffice('Type Sync Clinic');
    const a = await newType({ name: named('A') });
    const b = await newType({ name: named('B') });
    const c = await newType({ name: named('C') });
    const changedA = (await patch(typePath(a.id), { price: 100 }).expect(200)).body;
    const archivedB = (await del(typePath(b.id)).expect(200)).body;
    const list = async (since: string) =>
      (
        await get(orgPath(home.id, `/appointment-types?limit=200&updatedSince=${encodeURIComponent(since)}`)).expect(
          200,
        )
      ).body;

    const synced = await list(b.createdAt);
    expect(synced.items).toEqual([c, changedA, archivedB]);
    expect(synced.totalItems).toBe(3);
    expect((await list(archivedB.updatedAt)).items).toEqual([archivedB]);
    expect((await list(new Date(Date.parse(archivedB.updatedAt) + 1).toISOString())).items).toEqual([]);
    // An instant with an offset names the same moment.
    const offset = Temporal.Instant.from(changedA.updatedAt)
      .toZonedDateTimeISO('+10:00')
      .toString({ timeZoneName: 'never', fractionalSecondDigits: 3 });
    expect((await list(offset)).items).toEqual([changedA, archivedB]);
  });

  it('misses nothing when rows not yet read change between the reads of its pages', async () => {
    const { home, typePath, newType } = await backOffice('Type Paging Clinic');
    const types: Body[] = [];
    for (let index = 0; index < 7; index++) types.push(await newType({ name: named(`Type ${index}`) }));
    const seen = new Map<string, Body>();
    const changed = new Map<string, string>();
    for (let page = 1; page <= 10; page++) {
      const body = (
        await get(
          orgPath(
            home.id,
            `/appointment-types?limit=2&page=${page}&updatedSince=${encodeURIComponent(types[0].createdAt)}`,
          ),
        ).expect(200)
      ).body;
      for (const item of body.items) seen.set(item.id, item);
      if (body.items.length === 0) break;
      const unread = types.find((type) => !seen.has(type.id) && !changed.has(type.id));
      if (unread) {
        const name = named(`Changed on page ${page}`);
        await patch(typePath(unread.id), { name }).expect(200);
        changed.set(unread.id, name);
      }
    }
    expect([...seen.keys()].sort()).toEqual(types.map((type) => type.id).sort());
    expect(changed.size).toBeGreaterThan(0);
    for (const [id, name] of changed) expect(seen.get(id)?.name).toBe(name);
  });

  it.each(['yesterday', '2026-11-22T05:28:59', '2026-11-22'])('refuses updatedSince=%s with 400', async (since) => {
    const { home } = await backOffice('Type Bad Sync Clinic');
    expectInvalid(await get(orgPath(home.id, `/appointment-types?updatedSince=${since}`)), 'updatedSince');
  });
});

describe('the time-off list in sync mode (updatedSince)', () => {
  it('lists time off added at or after the instant, oldest first; without it, newest first', async () => {
    const c = await clinic('Time Off Sync Clinic');
    const path = orgPath(c.id, `/providers/${c.provider.id}/time-off`);
    const added: Body[] = [];
    for (const days of [20, 30, 40]) {
      added.push(
        await created(
          post(path, {
            startsAt: sydney(dayAhead(days), '09:00'),
            endsAt: sydney(dayAhead(days), '17:00'),
            reason: `Away ${days}`,
          }),
        ),
      );
    }
    const ids = async (query: string) =>
      (await get(`${path}${query}`).expect(200)).body.items.map((item: Body) => item.id);
    expect(await ids('')).toEqual([added[2].id, added[1].id, added[0].id]);
    expect(await ids(`?updatedSince=${encodeURIComponent(added[1].createdAt)}`)).toEqual([added[1].id, added[2].id]);
    expect(await ids(`?updatedSince=${encodeURIComponent(added[0].createdAt)}&limit=1&page=3`)).toEqual([added[2].id]);
    expectInvalid(await get(`${path}?updatedSince=soon`), 'updatedSince');
  });
});

describe('changing an appointment type never rewrites a booking', () => {
  let c: Clinic;
  let date: string;
  let manageToken: string;
  let backOfficeBooking: Body;

  beforeAll(async () => {
    c = await clinic('Type Change Bookings Clinic');
    date = dayAhead(9);
    const online = await publicPost(
      orgPath(c.slug, '/public-bookings'),
      publicBookingOf(c, sydney(date, '10:00')),
    ).expect(201);
    manageToken = online.body.manageToken;
    backOfficeBooking = await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(date, '13:00'))));
    await patch(orgPath(c.id, `/appointment-types/${c.type.id}`), { price: 12000, durationMinutes: 30 }).expect(200);
  });

  const startsOn = async (): Promise<string[]> => {
    const response = await get(
      orgPath(
        c.slug,
        `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&from=${date}&to=${date}`,
      ),
      null,
    );
    return response.body.days[0].slots.map((slot: Body) => slot.startsAt);
  };

  it('keeps the servicePrice each booking was made at; the type it shows is the type as it is now', async () => {
    const read = (await get(orgPath(c.id, `/bookings/${backOfficeBooking.id}`)).expect(200)).body;
    expect(read.servicePrice).toBe(9500);
    expect(read.appointmentType).toMatchObject({ price: 12000, durationMinutes: 30 });
    expect(read).toEqual({
      ...backOfficeBooking,
      appointmentType: (await get(orgPath(c.id, `/appointment-types/${c.type.id}`))).body,
    });
  });

  it('shows the patient the length and price they booked, and the booked end', async () => {
    const seen = (await get(`/v1/public-bookings/${manageToken}`, null).expect(200)).body;
    expect(seen).toMatchObject({
      startsAt: sydney(date, '10:00'),
      endsAt: sydney(date, '11:00'),
      service: { name: c.type.name, durationMinutes: 60, price: 9500 },
    });
  });

  it('keeps each booking its booked length in availability and in the overlap check; new bookings take the new length and price', async () => {
    const starts = await startsOn();
    // The new 30 minutes fit before 10:00 and from 11:00, beside the hour booked at 10:00; the same around 13:00.
    expect(starts).toEqual(
      expect.arrayContaining([
        sydney(date, '09:30'),
        sydney(date, '11:00'),
        sydney(date, '12:30'),
        sydney(date, '14:00'),
      ]),
    );
    for (const busy of ['10:00', '10:15', '10:30', '10:45', '12:45', '13:00', '13:30', '13:45'])
      expect(starts).not.toContain(sydney(date, busy));

    expectProblem(await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(date, '10:30'))), 409, 'slot_unavailable');
    expectProblem(await post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(date, '13:45'))), 409, 'slot_unavailable');
    const later = await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(date, '11:00'))));
    expect(later.servicePrice).toBe(12000);
    // It lasts the new 30 minutes: 11:30 is free again.
    await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(date, '11:30'))));
    expect(await startsOn()).not.toContain(sydney(date, '11:00'));
  });
});

describe('appointment type events', () => {
  it('delivers appointment_type.created, .updated and .deleted to a webhook receiver, each with data equal to the GET answer at the time', async () => {
    const { home, priya, bondi, typePath } = await backOffice('Type Events Clinic');
    const hook = await created(
      post(orgPath(home.id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['appointment_type.*'] }),
    );
    receiver.secret = hook.secret;

    const type = await createAppointmentType(t, home.id, { providers: [priya.id], locations: [bondi.id] });
    const afterCreate = (await get(typePath(type.id)).expect(200)).body;
    const updated = (
      await patch(typePath(type.id), { name: named('Renamed'), description: 'Now with a description.' }).expect(200)
    ).body;
    await patch(typePath(type.id), {}).expect(200);
    const archived = (await del(typePath(type.id)).expect(200)).body;
    await del(typePath(type.id)).expect(200);

    const received = (await receiver.waitFor(3)).filter((delivery) => delivery.event?.organisationId === home.id);
    expect(received.map((delivery) => delivery.event?.type)).toEqual([
      'appointment_type.created',
      'appointment_type.updated',
      'appointment_type.deleted',
    ]);
    expect(received.map((delivery) => delivery.event?.data)).toEqual([afterCreate, updated, archived]);
    expect(afterCreate).toEqual(type);
    const logged = await typeEvents(home, type.id);
    expect(logged.map((event) => event.id)).toEqual(received.map((delivery) => delivery.event?.id));
  });
});

describe("a date range's totalItems, from the day counters, after every kind of booking write", () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Day Counters Clinic');
  });

  const day = (n: number) => dayAhead(20 + n);
  const utcMidnight = (date: string) => `${date}T00:00:00.000Z`;
  // Sydney's working day spans two UTC days (09:00 there is 22:00 or 23:00 UTC the day before).
  const ranges = () => [
    [utcMidnight(day(0)), utcMidnight(day(30))],
    [sydney(day(1), '00:00'), sydney(day(3), '12:30')],
    [sydney(day(2), '09:00'), sydney(day(2), '16:00')],
    [utcMidnight(day(2)), undefined],
    [undefined, sydney(day(9), '10:30')],
    [utcMidnight(day(30)), utcMidnight(day(1))],
  ];
  const STATUSES = [undefined, 'confirmed', 'cancelled', 'confirmed,cancelled'];

  /** Every range and status: the list's totalItems against the bookings counted one by one. */
  async function expectTrueTotals(): Promise<void> {
    for (const [min, max] of ranges()) {
      for (const status of STATUSES) {
        const query = new URLSearchParams({
          limit: '1',
          ...(min ? { serviceDateMin: min } : {}),
          ...(max ? { serviceDateMax: max } : {}),
          ...(status ? { status } : {}),
        });
        const answer = (await get(orgPath(c.id, `/bookings?${query.toString()}`)).expect(200)).body;
        const [{ count }] = await sql<{ count: number }>(
          t,
          `select count(*)::int as count from bookings where organisation_id = ? and (?::timestamptz is null or service_date >= ?::timestamptz)
             and (?::timestamptz is null or service_date < ?::timestamptz) and (? or (cancelled_at is null) = ?)`,
          [
            c.id,
            min ?? null,
            min ?? null,
            max ?? null,
            max ?? null,
            status === undefined || status.includes(','),
            status === 'confirmed',
          ],
        );
        expect({ min, max, status, totalItems: answer.totalItems }).toEqual({ min, max, status, totalItems: count });
      }
    }
  }

  it('creates, repeats, cancels, reschedules and books online, one after the other', async () => {
    const made = [];
    for (const [n, time] of [
      [1, '09:00'],
      [1, '15:00'],
      [2, '09:00'],
      [2, '12:00'],
      [3, '16:00'],
    ] as const)
      made.push(await created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(day(n), time)))));
    const series = await created(
      post(
        orgPath(c.id, '/bookings'),
        bookingOf(c, sydney(day(2), '10:00'), { repeat: { frequency: 'weekly', count: 4 } }),
      ),
    );
    await expectTrueTotals();

    await post(orgPath(c.id, `/bookings/${made[0].id}/cancel`)).expect(200);
    await post(orgPath(c.id, `/bookings/${series.id}/cancel`), { scope: 'following' }).expect(200);
    await post(orgPath(c.id, `/bookings/${made[1].id}/reschedule`), { serviceDate: sydney(day(5), '09:30') }).expect(
      200,
    );
    await post(orgPath(c.id, `/bookings/${made[2].id}/reschedule`), { serviceDate: sydney(day(2), '14:00') }).expect(
      200,
    );
    const online = (
      await publicPost(orgPath(c.slug, '/public-bookings'), publicBookingOf(c, sydney(day(3), '09:00'))).expect(201)
    ).body;
    const other = (
      await publicPost(orgPath(c.slug, '/public-bookings'), publicBookingOf(c, sydney(day(4), '09:00'))).expect(201)
    ).body;
    await publicPost(`/v1/public-bookings/${online.manageToken}/cancel`, {}).expect(200);
    await post(orgPath(c.id, `/bookings/${made[3].id}/attendance`), { attendance: 'pending' }).expect(200);
    await expectTrueTotals();
    expect(other.manageToken).toBeDefined();
  });

  it('answers every page past the first with the bookings offset paging gives, seeking with the day counters', async () => {
    for (const [min, max] of ranges()) {
      for (const status of STATUSES) {
        const [{ count }] = await sql<{ count: number }>(
          t,
          `select count(*)::int as count from bookings where organisation_id = ? and (?::timestamptz is null or service_date >= ?::timestamptz)
             and (?::timestamptz is null or service_date < ?::timestamptz) and (? or (cancelled_at is null) = ?)`,
          [
            c.id,
            min ?? null,
            min ?? null,
            max ?? null,
            max ?? null,
            status === undefined || status.includes(','),
            status === 'confirmed',
          ],
        );
        for (let page = 2; page <= Math.ceil(count / 2) + 1; page++) {
          const query = new URLSearchParams({
            limit: '2',
            page: String(page),
            ...(min ? { serviceDateMin: min } : {}),
            ...(max ? { serviceDateMax: max } : {}),
            ...(status ? { status } : {}),
          });
          const answer = (await get(orgPath(c.id, `/bookings?${query.toString()}`)).expect(200)).body;
          const expected = await sql<{ id: string }>(
            t,
            `select id from bookings where organisation_id = ? and (?::timestamptz is null or service_date >= ?::timestamptz)
               and (?::timestamptz is null or service_date < ?::timestamptz) and (? or (cancelled_at is null) = ?)
             order by service_date desc, id desc limit 2 offset ?`,
            [
              c.id,
              min ?? null,
              min ?? null,
              max ?? null,
              max ?? null,
              status === undefined || status.includes(','),
              status === 'confirmed',
              (page - 1) * 2,
            ],
          );
          expect({ min, max, status, page, ids: answer.items.map((item: Body) => item.id) }).toEqual({
            min,
            max,
            status,
            page,
            ids: expected.map((row) => row.id),
          });
        }
      }
    }
  });

  it('stays true under concurrent creates, cancels and reschedules', async () => {
    const first = await Promise.all(
      ['09:00', '10:00', '11:00', '12:00'].map((time, n) =>
        created(post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(day(10 + n), time)))),
      ),
    );
    await Promise.all([
      ...['13:00', '14:00', '15:00'].map((time, n) =>
        post(orgPath(c.id, '/bookings'), bookingOf(c, sydney(day(10 + n), time))).expect(201),
      ),
      post(orgPath(c.id, `/bookings/${first[0].id}/cancel`)).expect(200),
      post(orgPath(c.id, `/bookings/${first[1].id}/reschedule`), { serviceDate: sydney(day(12), '16:00') }).expect(200),
      post(orgPath(c.id, `/bookings/${first[2].id}/reschedule`), { serviceDate: sydney(day(10), '16:00') }).expect(200),
    ]);
    await expectTrueTotals();
  });
});
