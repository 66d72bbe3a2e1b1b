import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
  ISO_INSTANT,
  named,
  orgPath,
  postJson,
  RUN,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// Editing, archiving and syncing providers and their location links, as a clinic's back office
// does it. Jobs in a schema of this file's own: another file's app must not run its deliveries.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', JOBS_SCHEMA: `pgboss_practitioners_${RUN}` };

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

interface Clinic {
  id: string;
  /** `Authorization` of a key scoped to this organisation. */
  auth: string;
  locations: Body[];
}

async function clinic(name: string, locationCount = 2): Promise<Clinic> {
  const { id, auth } = await createTenant(t, name);
  const business = await createBusiness(t, id);
  const locations = [];
  for (let i = 0; i < locationCount; i++)
    locations.push(await createLocation(t, id, business.id, { name: named(`${name} ${i}`) }));
  return { id, auth, locations };
}

interface Sent {
  auth?: string;
  ifMatch?: string;
}

const get = (path: string, { auth = t.platformAuth }: Sent = {}) => t.http().get(path).set('Authorization', auth);
const patch = (path: string, body: unknown, { auth = t.platformAuth, ifMatch }: Sent = {}) => {
  const request = t.http().patch(path).set('Authorization', auth).set('Content-Type', 'application/json');
  if (ifMatch !== undefined) request.set('If-Match', ifMatch);
  return request.send(JSON.stringify(body));
};
const del = (path: string, { auth = t.platformAuth, ifMatch }: Sent = {}) => {
  const request = t.http().delete(path).set('Authorization', auth);
  if (ifMatch !== undefined) request.set('If-Match', ifMatch);
  return request;
};

const providerPath = (c: Clinic, providerId: string, rest = '') => orgPath(c.id, `/providers/${providerId}${rest}`);
const linksPath = (c: Clinic, providerId: string, rest = '') => providerPath(c, providerId, `/location-links${rest}`);

/** The provider as its GET answers it, with the answer's ETag. */
async function read(c: Clinic, providerId: string): Promise<{ body: Body; etag: string }> {
  const response = await get(providerPath(c, providerId)).expect(200);
  return { body: response.body, etag: response.headers.etag };
}

/** Every link of a provider, archived ones too, as the list shows them. */
async function linksOf(c: Clinic, providerId: string): Promise<Body[]> {
  return (await get(linksPath(c, providerId, '?includeDeleted=true&limit=200')).expect(200)).body.items;
}

/** The organisation's events of one type about one resource, newest first, with the organisation's own key. */
async function eventsAbout(c: Clinic, type: string, id: string): Promise<Body[]> {
  const items = (await get(`/v1/events?type=${type}&limit=200`, { auth: c.auth }).expect(200)).body.items as Body[];
  return items.filter((event) => event.data.id === id);
}

/** Every page of a list, read in turn; `between` runs after each page but the last. */
async function walk(
  path: string,
  limit: number,
  between: (pageNumber: number) => Promise<void> = async () => {},
): Promise<Body[]> {
  const items: Body[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await get(`${path}${separator}limit=${limit}&page=${page}`).expect(200);
    items.push(...response.body.items);
    if (page >= response.body.totalPages) return items;
    await between(page);
  }
}

/** A confirmed booking of a new client with the provider at the location, of a new appointment type of both. */
async function book(c: Clinic, providerId: string, locationId: string, serviceDate: string): Promise<Body> {
  const type = await createAppointmentType(t, c.id, { providers: [providerId], locations: [locationId] });
  const client = await createClient(t, c.id);
  return created(
    postJson(t, orgPath(c.id, '/bookings'), {
      clientId: client.id,
      providerId,
      locationId,
      appointmentTypeId: type.id,
      serviceDate,
    }),
  );
}

const bySync = (a: Body, b: Body): number =>
  a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? -1 : 1;
const FULL_MEDICARE = {
  suggestedProviderNumber: '2429592A',
  providerNumber: '2429591L',
  startDate: '2026-02-01T00:00:00.000Z',
  registrationLetter: 'https://files.example.com/letters/2429591L.pdf',
};
const FULL_LINK = {
  acceptedTerms: true,
  categoryCode: 'physiotherapist',
  medicare: FULL_MEDICARE,
  association: { registrationLetter: 'https://files.example.com/apa.pdf' },
};

describe('PATCH /v1/organisations/{organisationId}/providers/{providerId}', () => {
  let home: Clinic;
  let other: Clinic;

  beforeAll(async () => {
    [home, other] = await Promise.all([clinic('Provider Edits', 1), clinic('Provider Edits Other', 0)]);
  });

  it('changes only the fields sent, clears with null, keeps the mobile as E.164, and answers as GET does with a new ETag', async () => {
    const provider = await createProvider(t, home.id, {
      firstName: 'Priya',
      middleName: 'Anjali',
      email: 'priya@harbourphysio.com.au',
      profileImageUrl: 'https://cdn.example.com/priya.jpg',
    });
    const before = await read(home, provider.id);
    expect(before.body.updatedAt).toBe(provider.createdAt);
    expect(before.etag).toMatch(/^"[0-9a-z]+"$/);

    const response = await patch(providerPath(home, provider.id), {
      lastName: 'Raman-Iyer',
      middleName: null,
      mobileNumber: '0412 345 678',
      bookingsEnabled: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...provider,
      lastName: 'Raman-Iyer',
      middleName: null,
      mobileNumber: '+61412345678',
      bookingsEnabled: false,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(response.body.updatedAt > provider.updatedAt).toBe(true);
    expect(response.headers.etag).not.toBe(before.etag);

    const after = await read(home, provider.id);
    expect(after.body).toEqual(response.body);
    expect(after.etag).toBe(response.headers.etag);
  });

  it('changes nothing, records nothing and keeps the ETag for {} and for the values already there', async () => {
    const provider = await createProvider(t, home.id, {
      firstName: 'Same',
      email: 'same@example.com.au',
      mobileNumber: '+61412345678',
    });
    const before = await read(home, provider.id);
    for (const body of [
      {},
      { firstName: 'Same', email: 'same@example.com.au' },
      { mobileNumber: '0412 345 678', bookingsEnabled: true },
    ]) {
      const response = await patch(providerPath(home, provider.id), body, { ifMatch: before.etag }).expect(200);
      expect(response.body).toEqual(before.body);
      expect(response.headers.etag).toBe(before.etag);
    }
    expect(await eventsAbout(home, 'provider.updated', provider.id)).toEqual([]);
  });

  it.each<[string, Body, string, string | undefined]>([
    ['firstName null', { firstName: null }, 'firstName', undefined],
    ['an empty lastName', { lastName: '' }, 'lastName', 'required'],
    ['a firstName over 100 characters', { firstName: 'x'.repeat(101) }, 'firstName', 'too_long'],
    ['bookingsEnabled null', { bookingsEnabled: null }, 'bookingsEnabled', undefined],
    ['bookingsEnabled that is not a boolean', { bookingsEnabled: 'no' }, 'bookingsEnabled', 'invalid_type'],
    ['a bad email', { email: 'priya@' }, 'email', undefined],
    ['a mobile number no plan has', { mobileNumber: '0400' }, 'mobileNumber', 'invalid_phone_number'],
    [
      'a profile image that is not an http(s) URL',
      { profileImageUrl: 'ftp://cdn.example.com/p.jpg' },
      'profileImageUrl',
      undefined,
    ],
    ['an unknown field', { ahpraNumber: 'PHY0001234567' }, 'ahpraNumber', 'unknown_field'],
    ['a field of the answer that cannot be sent', { deleted: true }, 'deleted', 'unknown_field'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_, body, field, code) => {
    const provider = await createProvider(t, home.id);
    const before = await read(home, provider.id);
    expectInvalid(await patch(providerPath(home, provider.id), { firstName: 'Changed', ...body }), field, code);
    expect(await read(home, provider.id)).toEqual(before);
  });

  it('answers 412 precondition_failed to a stale If-Match and changes nothing; the current ETag, one of a list, or * goes through', async () => {
    const provider = await createProvider(t, home.id, { firstName: 'Versioned' });
    const first = await read(home, provider.id);
    const changed = await patch(
      providerPath(home, provider.id),
      { firstName: 'Second' },
      { ifMatch: first.etag },
    ).expect(200);

    expectProblem(
      await patch(providerPath(home, provider.id), { firstName: 'Lost' }, { ifMatch: first.etag }),
      412,
      'precondition_failed',
    );
    expect((await read(home, provider.id)).body).toEqual(changed.body);

    const third = await patch(
      providerPath(home, provider.id),
      { firstName: 'Third' },
      { ifMatch: `"stale", ${changed.headers.etag}` },
    ).expect(200);
    expect(third.body.firstName).toBe('Third');
    await patch(providerPath(home, provider.id), { firstName: 'Fourth' }, { ifMatch: '*' }).expect(200);
  });

  it("answers 404 for an unknown, malformed or other organisation's provider, and 403 to another organisation's key, learning nothing", async () => {
    const foreign = await createProvider(t, other.id, { lastName: named('Foreign') });
    const response = await patch(providerPath(home, foreign.id), { firstName: 'Taken' });
    expectNotFound(response);
    expect(JSON.stringify(response.body)).not.toContain(foreign.lastName);
    expectNotFound(await patch(providerPath(home, randomUUID()), { firstName: 'Nobody' }));
    expectNotFound(await patch(providerPath(home, 'not-a-uuid'), { firstName: 'Nobody' }));
    expectProblem(
      await patch(providerPath(other, foreign.id), { firstName: 'Intruder' }, { auth: home.auth }),
      403,
      'forbidden',
    );
    expectProblem(await del(providerPath(other, foreign.id), { auth: home.auth }), 403, 'forbidden');
    expect((await read(other, foreign.id)).body).toEqual(foreign);

    const own = await createProvider(t, home.id);
    await patch(providerPath(home, own.id), { firstName: 'Own' }, { auth: home.auth }).expect(200);
  });

  it('never rewrites a booking already made: a renamed provider with bookings off keeps it, confirmed, at its price', async () => {
    const [location] = home.locations;
    const provider = await createProvider(t, home.id);
    await createLink(t, home.id, provider.id, location.id);
    const booking = await book(home, provider.id, location.id, '2031-06-02T09:00:00.000Z');
    const renamed = (
      await patch(providerPath(home, provider.id), { firstName: 'Renamed', bookingsEnabled: false }).expect(200)
    ).body;

    const after = (await get(orgPath(home.id, `/bookings/${booking.id}`)).expect(200)).body;
    expect(after).toEqual({ ...booking, provider: renamed });
    expect(after).toMatchObject({ status: 'confirmed', servicePrice: booking.servicePrice, providerId: provider.id });
  });
});

describe('DELETE /v1/organisations/{organisationId}/providers/{providerId}', () => {
  let home: Clinic;

  beforeAll(async () => {
    home = await clinic('Provider Archive', 0);
  });

  it('archives once: a new updatedAt and ETag, the same answer again as a no-op, and GET still answers it', async () => {
    const provider = await createProvider(t, home.id);
    const archived = await del(providerPath(home, provider.id)).expect(200);
    expect(archived.body).toEqual({ ...provider, deleted: true, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(archived.body.updatedAt > provider.updatedAt).toBe(true);

    const again = await del(providerPath(home, provider.id), { ifMatch: archived.headers.etag }).expect(200);
    expect(again.body).toEqual(archived.body);
    expect(again.headers.etag).toBe(archived.headers.etag);
    expect(await read(home, provider.id)).toEqual({ body: archived.body, etag: archived.headers.etag });
    expect(await eventsAbout(home, 'provider.deleted', provider.id)).toHaveLength(1);
  });

  it('answers 412 to a stale If-Match and archives nothing; the current one archives', async () => {
    const provider = await createProvider(t, home.id);
    const first = await read(home, provider.id);
    await patch(providerPath(home, provider.id), { firstName: 'Edited' }).expect(200);
    expectProblem(await del(providerPath(home, provider.id), { ifMatch: first.etag }), 412, 'precondition_failed');
    const current = await read(home, provider.id);
    expect(current.body.deleted).toBe(false);
    expect((await del(providerPath(home, provider.id), { ifMatch: current.etag }).expect(200)).body.deleted).toBe(true);
  });

  it('lets an archived provider be edited, and keeps it archived', async () => {
    const provider = await createProvider(t, home.id);
    await del(providerPath(home, provider.id)).expect(200);
    const edited = await patch(providerPath(home, provider.id), { lastName: 'Archived Still' }).expect(200);
    expect(edited.body).toMatchObject({ lastName: 'Archived Still', deleted: true });
  });
});

describe('GET /v1/organisations/{organisationId}/providers/{providerId}/location-links', () => {
  let home: Clinic;
  let other: Clinic;

  beforeAll(async () => {
    [home, other] = await Promise.all([clinic('Link List', 3), clinic('Link List Other', 1)]);
  });

  it('lists newest first, leaves archived links out unless includeDeleted=true, and pages', async () => {
    const provider = await createProvider(t, home.id);
    const links: Body[] = [];
    for (const location of home.locations)
      links.push(await createLink(t, home.id, provider.id, location.id, FULL_LINK));
    const archived = (await del(linksPath(home, provider.id, `/${links[1].id}`)).expect(200)).body;
    const [first, , third] = links;

    const live = await get(linksPath(home, provider.id)).expect(200);
    expect(live.body).toEqual({ items: [third, first], page: 1, limit: 10, totalItems: 2, totalPages: 1 });
    expect((await get(linksPath(home, provider.id, '?includeDeleted=false')).expect(200)).body.items).toEqual([
      third,
      first,
    ]);

    const everything = await get(linksPath(home, provider.id, '?includeDeleted=true')).expect(200);
    expect(everything.body.items).toEqual([third, archived, first]);
    expect(await walk(linksPath(home, provider.id, '?includeDeleted=true'), 2)).toEqual([third, archived, first]);
    expect((await get(linksPath(home, provider.id, '?includeDeleted=true&limit=2&page=3')).expect(200)).body).toEqual({
      items: [],
      page: 3,
      limit: 2,
      totalItems: 3,
      totalPages: 2,
    });
  });

  it('answers an empty page for a provider with no links, also an archived one', async () => {
    const provider = await createProvider(t, home.id);
    await del(providerPath(home, provider.id)).expect(200);
    expect((await get(linksPath(home, provider.id)).expect(200)).body).toEqual({
      items: [],
      page: 1,
      limit: 10,
      totalItems: 0,
      totalPages: 0,
    });
  });

  it("answers 404 for an unknown, malformed or other organisation's provider, and 403 to another organisation's key", async () => {
    const foreign = await createProvider(t, other.id);
    await createLink(t, other.id, foreign.id, other.locations[0].id);
    expectNotFound(await get(linksPath(home, foreign.id)));
    expectNotFound(await get(linksPath(home, randomUUID())));
    expectNotFound(await get(linksPath(home, 'not-a-uuid')));
    expectProblem(await get(linksPath(other, foreign.id), { auth: home.auth }), 403, 'forbidden');
    expect((await get(linksPath(other, foreign.id), { auth: other.auth }).expect(200)).body.totalItems).toBe(1);
  });

  it.each(['includeDeleted=maybe', 'limit=0', 'page=0', 'updatedSince=yesterday', 'updatedSince=2026-11-22T05:28:59'])(
    'answers 400 naming the parameter for %s',
    async (query) => {
      const provider = await createProvider(t, home.id);
      expectInvalid(await get(linksPath(home, provider.id, `?${query}`)), query.split('=')[0]);
    },
  );
});

describe('PATCH /v1/organisations/{organisationId}/providers/{providerId}/location-links/{linkId}', () => {
  let home: Clinic;
  let other: Clinic;

  beforeAll(async () => {
    [home, other] = await Promise.all([clinic('Link Edits', 1), clinic('Link Edits Other', 1)]);
  });

  async function linked(body: Body = FULL_LINK): Promise<{ provider: Body; link: Body }> {
    const provider = await createProvider(t, home.id);
    return { provider, link: await createLink(t, home.id, provider.id, home.locations[0].id, body) };
  }

  it('changes only the fields sent, replaces medicare whole, clears with null and {}, and answers as the list shows it with an ETag', async () => {
    const { provider, link } = await linked();
    const response = await patch(linksPath(home, provider.id, `/${link.id}`), {
      categoryCode: null,
      medicare: { providerNumber: '2429592a', startDate: '2026-07-01T00:00:00+10:00' },
      association: {},
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...link,
      categoryCode: null,
      medicare: {
        suggestedProviderNumber: null,
        providerNumber: '2429592A',
        startDate: '2026-06-30T14:00:00.000Z',
        registrationLetter: null,
      },
      association: { registrationLetter: null },
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(response.body.updatedAt > link.updatedAt).toBe(true);
    expect(response.headers.etag).toMatch(/^"[0-9a-z]+"$/);
    expect(await linksOf(home, provider.id)).toEqual([response.body]);
    expect(
      (await get(providerPath(home, provider.id, '?expand=locationLinks')).expect(200)).body.locationLinks,
    ).toEqual([response.body]);

    const terms = await patch(
      linksPath(home, provider.id, `/${link.id}`),
      { acceptedTerms: false },
      { ifMatch: response.headers.etag },
    ).expect(200);
    expect(terms.body).toEqual({
      ...response.body,
      acceptedTerms: false,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(terms.headers.etag).not.toBe(response.headers.etag);
  });

  it('changes nothing, records nothing and keeps the ETag for {} and for the values already there', async () => {
    const { provider, link } = await linked();
    const path = linksPath(home, provider.id, `/${link.id}`);
    const first = await patch(path, {}).expect(200);
    expect(first.body).toEqual(link);
    const same = await patch(
      path,
      { acceptedTerms: true, medicare: { ...FULL_MEDICARE, startDate: '2026-02-01T10:00:00+10:00' } },
      { ifMatch: first.headers.etag },
    );
    expect(same.status).toBe(200);
    expect(same.body).toEqual(link);
    expect(same.headers.etag).toBe(first.headers.etag);
    expect(await eventsAbout(home, 'provider_location_link.updated', link.id)).toEqual([]);
  });

  it.each<[string, Body, string, string | undefined]>([
    ['medicare null', { medicare: null }, 'medicare', undefined],
    ['association null', { association: null }, 'association', undefined],
    ['acceptedTerms null', { acceptedTerms: null }, 'acceptedTerms', undefined],
    ['acceptedTerms that is not a boolean', { acceptedTerms: 'yes' }, 'acceptedTerms', undefined],
    ['a categoryCode over 50 characters', { categoryCode: 'x'.repeat(51) }, 'categoryCode', 'too_long'],
    [
      'an invalid provider number',
      { medicare: { providerNumber: '2429591X' } },
      'medicare.providerNumber',
      'invalid_provider_number',
    ],
    [
      'a start date that is not a date-time',
      { medicare: { startDate: 'next Monday' } },
      'medicare.startDate',
      'invalid_format',
    ],
    ['an unknown medicare field', { medicare: { stem: '242959' } }, 'medicare.stem', 'unknown_field'],
    ['a new location (a link is to one location)', { locationId: randomUUID() }, 'locationId', 'unknown_field'],
    ['deleted (archive with DELETE)', { deleted: false }, 'deleted', 'unknown_field'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_, body, field, code) => {
    const { provider, link } = await linked();
    expectInvalid(
      await patch(linksPath(home, provider.id, `/${link.id}`), { categoryCode: 'changed', ...body }),
      field,
      code,
    );
    expect(await linksOf(home, provider.id)).toEqual([link]);
  });

  it('answers 412 precondition_failed to a stale If-Match and changes nothing', async () => {
    const { provider, link } = await linked();
    const path = linksPath(home, provider.id, `/${link.id}`);
    const first = await patch(path, {}).expect(200);
    const second = await patch(path, { categoryCode: 'osteopath' }, { ifMatch: first.headers.etag }).expect(200);
    expectProblem(
      await patch(path, { categoryCode: 'chiropractor' }, { ifMatch: first.headers.etag }),
      412,
      'precondition_failed',
    );
    expectProblem(await del(path, { ifMatch: first.headers.etag }), 412, 'precondition_failed');
    expect(await linksOf(home, provider.id)).toEqual([second.body]);
  });

  it("answers 404 for another provider's link, an unknown or malformed link id, and another organisation's link; 403 to another organisation's key", async () => {
    const { provider, link } = await linked();
    const stranger = await createProvider(t, home.id);
    const foreign = await createProvider(t, other.id);
    const foreignLink = await createLink(t, other.id, foreign.id, other.locations[0].id);
    expectNotFound(await patch(linksPath(home, stranger.id, `/${link.id}`), { categoryCode: 'x' }));
    expectNotFound(await del(linksPath(home, stranger.id, `/${link.id}`)));
    expectNotFound(await patch(linksPath(home, provider.id, `/${randomUUID()}`), { categoryCode: 'x' }));
    expectNotFound(await patch(linksPath(home, provider.id, '/not-a-uuid'), { categoryCode: 'x' }));
    expectNotFound(await del(linksPath(home, provider.id, '/not-a-uuid')));
    expectNotFound(await patch(linksPath(home, foreign.id, `/${foreignLink.id}`), { categoryCode: 'x' }));
    expectProblem(
      await patch(linksPath(other, foreign.id, `/${foreignLink.id}`), { categoryCode: 'x' }, { auth: home.auth }),
      403,
      'forbidden',
    );
    expectProblem(await del(linksPath(other, foreign.id, `/${foreignLink.id}`), { auth: home.auth }), 403, 'forbidden');
    expect(await linksOf(home, provider.id)).toEqual([link]);
    expect(await linksOf(other, foreign.id)).toEqual([foreignLink]);
  });
});

describe('DELETE /v1/organisations/{organisationId}/providers/{providerId}/location-links/{linkId}', () => {
  let home: Clinic;

  beforeAll(async () => {
    home = await clinic('Link Archive', 2);
  });

  it("archives once, takes the location out of the provider's locationIds (a change of the provider too), and lets it be linked again", async () => {
    const provider = await createProvider(t, home.id);
    const [bondi, manly] = home.locations;
    const link = await createLink(t, home.id, provider.id, bondi.id, FULL_LINK);
    await createLink(t, home.id, provider.id, manly.id);
    const before = await read(home, provider.id);
    expect(before.body.locationIds).toEqual([bondi.id, manly.id]);

    const archived = await del(linksPath(home, provider.id, `/${link.id}`), {
      ifMatch: (await patch(linksPath(home, provider.id, `/${link.id}`), {})).headers.etag,
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ ...link, deleted: true, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(archived.body.updatedAt > link.updatedAt).toBe(true);

    const again = await del(linksPath(home, provider.id, `/${link.id}`), { ifMatch: archived.headers.etag }).expect(
      200,
    );
    expect(again.body).toEqual(archived.body);
    expect(await eventsAbout(home, 'provider_location_link.deleted', link.id)).toHaveLength(1);

    const after = await read(home, provider.id);
    expect(after.body.locationIds).toEqual([manly.id]);
    expect(after.body.updatedAt > before.body.updatedAt).toBe(true);
    expect(after.etag).not.toBe(before.etag);
    expect((await get(linksPath(home, provider.id)).expect(200)).body.items.map((item: Body) => item.id)).not.toContain(
      link.id,
    );

    const renewed = await createLink(t, home.id, provider.id, bondi.id);
    expect((await linksOf(home, provider.id)).map((item) => [item.id, item.deleted])).toEqual([
      [renewed.id, false],
      [expect.any(String), false],
      [link.id, true],
    ]);
  });

  it('keeps a booking made through the link as it was; its providerLocationLink shows the link archived', async () => {
    const provider = await createProvider(t, home.id);
    const [location] = home.locations;
    const link = await createLink(t, home.id, provider.id, location.id, FULL_LINK);
    const booking = await book(home, provider.id, location.id, '2031-06-03T09:00:00.000Z');
    const archived = (await del(linksPath(home, provider.id, `/${link.id}`)).expect(200)).body;
    const provided = (await get(providerPath(home, provider.id)).expect(200)).body;

    const after = (await get(orgPath(home.id, `/bookings/${booking.id}?expand=providerLocationLink`)).expect(200)).body;
    expect(after).toEqual({ ...booking, provider: provided, providerLocationLink: archived });
  });
});

describe('updatedSince on the providers and links lists', () => {
  it('lists providers changed at or after the instant, archived ones too, in updatedAt, id order, missing none changed while paging', async () => {
    const c = await clinic('Provider Sync', 1);
    const untouched = await createProvider(t, c.id, { lastName: 'Before' });
    const providers: Body[] = [];
    for (let i = 0; i < 6; i++)
      providers.push(await createProvider(t, c.id, { firstName: `Sync${i}`, lastName: 'Zed' }));
    const since = providers[0].updatedAt;
    await del(providerPath(c, providers[1].id)).expect(200);
    await createLink(t, c.id, providers[2].id, c.locations[0].id);

    const all = (await get(orgPath(c.id, `/providers?updatedSince=${since}&limit=200`)).expect(200)).body
      .items as Body[];
    // Made in the same millisecond as the first of them, the one made before is in the window too.
    const inWindow = [untouched, ...providers].filter((provider) => provider.updatedAt >= since);
    expect(all.map((item) => item.id).sort()).toEqual(inWindow.map((provider) => provider.id).sort());
    expect(all).toEqual([...all].sort(bySync));
    expect(all.find((item) => item.id === providers[1].id)).toMatchObject({ deleted: true });
    expect(all.at(-1)).toMatchObject({ id: providers[2].id, locationIds: [c.locations[0].id] });

    // Inclusive: the instant of the last change still lists it.
    const last = all.at(-1)!;
    expect(
      (await get(orgPath(c.id, `/providers?updatedSince=${last.updatedAt}`)).expect(200)).body.items.map(
        (item: Body) => item.id,
      ),
    ).toContain(last.id);

    // Rows not read yet change between pages: they move to the end, where the walk still meets them.
    const changedOnTheWay: string[] = [];
    const walked = await walk(orgPath(c.id, `/providers?updatedSince=${since}`), 2, async (page) => {
      const unread = all[page * 2 + 1];
      await patch(providerPath(c, unread.id), { firstName: `Changed on page ${page}` }).expect(200);
      changedOnTheWay.push(unread.id);
    });
    expect(new Set(walked.map((item) => item.id))).toEqual(new Set(all.map((item) => item.id)));
    for (const id of changedOnTheWay)
      expect(walked.filter((item) => item.id === id).at(-1)?.firstName).toMatch(/^Changed on page/);
  });

  it("lists a provider's links changed at or after the instant, archived ones too, in updatedAt, id order", async () => {
    const c = await clinic('Link Sync', 3);
    const provider = await createProvider(t, c.id);
    const links: Body[] = [];
    for (const location of c.locations) links.push(await createLink(t, c.id, provider.id, location.id));
    const since = links[1].updatedAt;
    const archived = (await del(linksPath(c, provider.id, `/${links[1].id}`)).expect(200)).body;
    const edited = (await patch(linksPath(c, provider.id, `/${links[0].id}`), { categoryCode: 'dentist' }).expect(200))
      .body;

    const synced = (await get(linksPath(c, provider.id, `?updatedSince=${since}`)).expect(200)).body.items;
    expect(synced).toEqual([links[2], archived, edited].sort(bySync));
    expect(await walk(linksPath(c, provider.id, `?updatedSince=${since}`), 1)).toEqual(synced);
  });

  it.each(['yesterday', '2026-11-22T05:28:59', '2026-13-01T00:00:00Z', ''])(
    'answers 400 naming updatedSince for %p',
    async (value) => {
      const c = await clinic('Sync Refusals', 0);
      expectInvalid(await get(orgPath(c.id, `/providers?updatedSince=${encodeURIComponent(value)}`)), 'updatedSince');
    },
  );
});

describe('events of providers and their links', () => {
  it('delivers provider.updated, provider.deleted and provider_location_link.created, .updated and .deleted, each with the data its GET answers', async () => {
    const c = await clinic('Practitioner Events', 1);
    const provider = await createProvider(t, c.id);
    const hook = await created(
      postJson(t, orgPath(c.id, '/webhook-endpoints'), {
        url: receiverUrl,
        enabledEvents: ['provider.updated', 'provider.deleted', 'provider_location_link.*'],
      }),
    );
    receiver.secret = hook.secret;
    receiver.received.length = 0;

    const updated = (await patch(providerPath(c, provider.id), { firstName: 'Evented' }).expect(200)).body;
    const link = await createLink(t, c.id, provider.id, c.locations[0].id);
    const linkUpdated = (
      await patch(linksPath(c, provider.id, `/${link.id}`), { categoryCode: 'podiatrist' }).expect(200)
    ).body;
    const linkDeleted = (await del(linksPath(c, provider.id, `/${link.id}`)).expect(200)).body;
    const deleted = (await del(providerPath(c, provider.id)).expect(200)).body;

    const received = await receiver.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(5);
    expect(received.every((r) => r.event)).toBe(true);
    const byType = Object.fromEntries(received.map((r) => [r.event!.type, r.event!.data]));
    expect(byType).toEqual({
      'provider.updated': updated,
      'provider_location_link.created': link,
      'provider_location_link.updated': linkUpdated,
      'provider_location_link.deleted': linkDeleted,
      'provider.deleted': deleted,
    });
    expect(deleted).toEqual((await get(providerPath(c, provider.id)).expect(200)).body);
    expect(linkDeleted).toEqual((await linksOf(c, provider.id))[0]);
    for (const r of received) expect(r.event!.organisationId).toBe(c.id);
  });
});
