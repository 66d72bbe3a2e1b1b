import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { etagOf } from '@app/shared/domain';
import {
  ADDRESS,
  type Body,
  createBookableClinic,
  createBusiness,
  createLocation,
  created,
  createTenant,
  ISO_INSTANT,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// The back office edits the organisation, its businesses and locations, and removes plan template
// links; sync clients read what changed since a given instant. Every test file shares one database:
// each test makes its own organisations, and every check is scoped to them.

// Jobs in a schema of this file's own: another file's app must not run this file's deliveries.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1', JOBS_SCHEMA: `pgboss_${RUN}` };

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

interface Options {
  auth?: string;
  ifMatch?: string;
}

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);

function patch(path: string, body: unknown, { auth = t.platformAuth, ifMatch }: Options = {}) {
  const request = t.http().patch(path).set('Authorization', auth).set('Content-Type', 'application/json');
  if (ifMatch) request.set('If-Match', ifMatch);
  return request.send(JSON.stringify(body));
}

function remove(path: string, { auth = t.platformAuth, ifMatch }: Options = {}) {
  const request = t.http().delete(path).set('Authorization', auth);
  if (ifMatch) request.set('If-Match', ifMatch);
  return request;
}

/** The answer's body, after checking it carries the ETag of the version it shows. */
function versioned(response: Response): Body {
  expect(response.headers.etag).toBe(etagOf(response.body.updatedAt));
  return response.body as Body;
}

/** The events of a type the organisation's log holds for one resource, newest first. */
async function eventsOf(tenant: Tenant, type: string, id: string): Promise<Body[]> {
  const items = (await get(`/v1/events?type=${type}&limit=200`, tenant.auth).expect(200)).body.items as Body[];
  return items.filter((event) => event.data.id === id);
}

const later = (after: string, before: string) =>
  expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());

const businessPath = (tenant: Tenant, id: string) => orgPath(tenant.id, `/businesses/${id}`);
const locationPath = (tenant: Tenant, id: string) => orgPath(tenant.id, `/locations/${id}`);
const linkPath = (tenant: Tenant, id: string) => orgPath(tenant.id, `/plans/templates/links/${id}`);

describe('PATCH /v1/organisations/{organisationId}/businesses/{businessId}', () => {
  let home: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    [home, other] = await Promise.all([createTenant(t, 'Business Editor'), createTenant(t, 'Business Bystander')]);
  });

  const business = (tenant = home, body: Body = {}) =>
    createBusiness(t, tenant.id, { settings: { autoReconciliationEnabled: true }, ...body });

  it('changes only the fields sent, and of settings only the keys sent; answers as GET does, with the new ETag', async () => {
    const before = await business();
    const renamed = versioned(
      await patch(businessPath(home, before.id), { name: 'Harbour Physio & Pilates Pty Ltd' }).expect(200),
    );
    expect(renamed).toEqual({
      ...before,
      name: 'Harbour Physio & Pilates Pty Ltd',
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    later(renamed.updatedAt, before.updatedAt);

    const settled = versioned(
      await patch(businessPath(home, before.id), { settings: { autoInviteClientsEnabled: true } }).expect(200),
    );
    expect(settled).toEqual({
      ...renamed,
      settings: { autoReconciliationEnabled: true, autoInviteClientsEnabled: true },
      updatedAt: expect.any(String),
    });
    later(settled.updatedAt, renamed.updatedAt);

    const abn = versioned(
      await patch(businessPath(home, before.id), {
        taxIdentifier: '33 051 775 556',
        settings: { autoReconciliationEnabled: false },
      }).expect(200),
    );
    expect(abn).toEqual({
      ...settled,
      taxIdentifier: '33051775556',
      settings: { autoReconciliationEnabled: false, autoInviteClientsEnabled: true },
      updatedAt: expect.any(String),
    });
    expect(versioned(await get(businessPath(home, before.id)).expect(200))).toEqual(abn);
  });

  it('changes nothing for {}, an empty settings object or the values it has: same body, same ETag, no business.updated', async () => {
    const before = await business();
    for (const body of [
      {},
      { settings: {} },
      { name: before.name, taxIdentifier: '51 824 753 556', settings: { autoReconciliationEnabled: true } },
    ]) {
      const response = await patch(businessPath(home, before.id), body).expect(200);
      expect(response.body).toEqual(before);
      expect(response.headers.etag).toBe(etagOf(before.updatedAt));
    }
    expect(await eventsOf(home, 'business.updated', before.id)).toEqual([]);
  });

  it('keeps the tax identifier of a business outside Australia as sent', async () => {
    const kiwi = await business(home, { countryCode: 'NZ', taxIdentifier: '123-456-789' });
    expect(
      (await patch(businessPath(home, kiwi.id), { taxIdentifier: 'NZ 987-654' }).expect(200)).body.taxIdentifier,
    ).toBe('NZ 987-654');
  });

  it.each([
    ['name null', { name: null }, 'name', 'invalid_type'],
    ['an empty name', { name: '' }, 'name', 'required'],
    ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name', 'too_long'],
    ['taxIdentifier null', { taxIdentifier: null }, 'taxIdentifier', 'invalid_type'],
    [
      'an ABN whose checksum is wrong',
      { name: 'Not Saved', taxIdentifier: '51 824 753 557' },
      'taxIdentifier',
      'invalid_abn',
    ],
    ['settings null', { settings: null }, 'settings', undefined],
    ['settings as a list', { settings: [{ autoReconciliationEnabled: false }] }, 'settings', undefined],
    [
      'a setting null',
      { settings: { autoInviteClientsEnabled: null } },
      'settings.autoInviteClientsEnabled',
      undefined,
    ],
    [
      'a setting as a string',
      { settings: { autoInviteClientsEnabled: 'yes' } },
      'settings.autoInviteClientsEnabled',
      'invalid_type',
    ],
    ['an unknown setting', { settings: { autoPayoutsEnabled: true } }, 'settings.autoPayoutsEnabled', 'unknown_field'],
    ['countryCode, which is fixed at creation', { countryCode: 'NZ' }, 'countryCode', 'unknown_field'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_, body, field, code) => {
    const before = await business();
    expectInvalid(await patch(businessPath(home, before.id), body), field, code);
    expect((await get(businessPath(home, before.id)).expect(200)).body).toEqual(before);
  });

  it('refuses a request without a body', async () => {
    const before = await business();
    expectProblem(
      await t.http().patch(businessPath(home, before.id)).set('Authorization', t.platformAuth),
      400,
      'validation_failed',
    );
  });

  it('changes only the version If-Match names: a stale one is 412 and changes nothing, the current one goes through', async () => {
    const before = await business();
    const read = await get(businessPath(home, before.id)).expect(200);
    expect(read.headers.etag).toBe(etagOf(before.updatedAt));
    const first = await patch(
      businessPath(home, before.id),
      { name: 'First Writer Pty Ltd' },
      { ifMatch: read.headers.etag },
    ).expect(200);
    expectProblem(
      await patch(businessPath(home, before.id), { name: 'Second Writer Pty Ltd' }, { ifMatch: read.headers.etag }),
      412,
      'precondition_failed',
    );
    expect((await get(businessPath(home, before.id)).expect(200)).body).toEqual(first.body);
    await patch(
      businessPath(home, before.id),
      { name: 'Second Writer Pty Ltd' },
      { ifMatch: first.headers.etag },
    ).expect(200);
  });

  it("answers 403 to another organisation's key, and 404 for another organisation's business, changing nothing", async () => {
    const [mine, theirs] = await Promise.all([business(), business(other)]);
    expectProblem(
      await patch(businessPath(home, mine.id), { name: 'Hijacked' }, { auth: other.auth }),
      403,
      'forbidden',
    );
    expectNotFound(await patch(businessPath(other, mine.id), { name: 'Hijacked' }, { auth: other.auth }));
    expectNotFound(await patch(businessPath(home, theirs.id), { name: 'Hijacked' }));
    expectNotFound(await patch(businessPath(home, UNKNOWN_UUID), { name: 'Nobody' }));
    expectNotFound(await patch(businessPath(home, 'not-an-id'), { name: 'Nobody' }));
    expect((await get(businessPath(home, mine.id)).expect(200)).body).toEqual(mine);
    expect((await get(businessPath(other, theirs.id)).expect(200)).body).toEqual(theirs);
  });
});

describe('PATCH /v1/organisations/{organisationId}/locations/{locationId}', () => {
  let home: Tenant;
  let other: Tenant;
  let homeBusiness: Body;
  let secondBusiness: Body;
  let otherBusiness: Body;

  const REGISTRATIONS = [{ medicare: { minorId: '01', status: 'active' } }];

  beforeAll(async () => {
    [home, other] = await Promise.all([createTenant(t, 'Location Editor'), createTenant(t, 'Location Bystander')]);
    [homeBusiness, secondBusiness, otherBusiness] = await Promise.all([
      createBusiness(t, home.id),
      createBusiness(t, home.id),
      createBusiness(t, other.id),
    ]);
  });

  const location = (body: Body = {}) =>
    createLocation(t, home.id, homeBusiness.id, {
      email: 'bondi@harbourphysio.com.au',
      bookingCustomText: 'Arrive early.',
      registrations: REGISTRATIONS,
      ...body,
    });

  it('changes only the fields sent, merges the address parts sent, clears with null, and replaces the registrations; answers as GET does', async () => {
    const before = await location();
    const response = versioned(
      await patch(locationPath(home, before.id), {
        name: 'Bondi Beach',
        businessId: secondBusiness.id,
        address: { line1: '1 Campbell Parade', line2: 'Level 1', postcode: null },
        email: null,
        suggestedTaxIdentifier: '51824753556',
      }).expect(200),
    );
    expect(response).toEqual({
      ...before,
      name: 'Bondi Beach',
      businessId: secondBusiness.id,
      address: { ...ADDRESS, line1: '1 Campbell Parade', line2: 'Level 1', postcode: null },
      email: null,
      suggestedTaxIdentifier: '51824753556',
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    later(response.updatedAt, before.updatedAt);
    expect(versioned(await get(locationPath(home, before.id)).expect(200))).toEqual(response);

    const registered = await patch(locationPath(home, before.id), {
      registrations: [{ phi: { phiLocationId: 'HICAPS-88213' } }],
      bookingCustomText: null,
    }).expect(200);
    expect(registered.body).toEqual({ ...response, bookingCustomText: null, updatedAt: expect.any(String) });
    expect((await get(`${locationPath(home, before.id)}?expand=registrations`).expect(200)).body.registrations).toEqual(
      [{ medicare: null, phi: { phiLocationId: 'HICAPS-88213', status: null } }],
    );
  });

  it("replaces the claiming terminals whole, [] removes them; shown with expand=registrations, the answer's default shape unchanged", async () => {
    const before = await location({ terminalIds: ['HICAPS-T-0042', 'HICAPS-T-0043'] });
    expect(before).not.toHaveProperty('terminalIds');
    const terminalsOf = async () =>
      (await get(`${locationPath(home, before.id)}?expand=registrations`).expect(200)).body.terminalIds;
    expect(await terminalsOf()).toEqual(['HICAPS-T-0042', 'HICAPS-T-0043']);

    const replaced = await patch(locationPath(home, before.id), { terminalIds: ['TYRO-7', 'TYRO-7'] }).expect(200);
    expect(replaced.body).toEqual({ ...before, updatedAt: expect.stringMatching(ISO_INSTANT) });
    later(replaced.body.updatedAt, before.updatedAt);
    expect(await terminalsOf()).toEqual(['TYRO-7']);
    expect(await eventsOf(home, 'location.updated', before.id)).toHaveLength(1);

    // The list it has already changes nothing; another name is left alone.
    const same = await patch(locationPath(home, before.id), { terminalIds: ['TYRO-7'] }).expect(200);
    expect(same.body.updatedAt).toBe(replaced.body.updatedAt);
    await patch(locationPath(home, before.id), { name: 'Renamed' }).expect(200);
    expect(await terminalsOf()).toEqual(['TYRO-7']);

    await patch(locationPath(home, before.id), { terminalIds: [] }).expect(200);
    expect(await terminalsOf()).toEqual([]);
  });

  it('changes nothing for {} or the values it has (the zone in any case): same body, same ETag, no location.updated', async () => {
    const before = await location();
    for (const body of [
      {},
      { name: before.name, timeZone: 'australia/sydney', address: { suburb: ADDRESS.suburb }, email: before.email },
    ]) {
      const response = await patch(locationPath(home, before.id), body).expect(200);
      expect(response.body).toEqual(before);
      expect(response.headers.etag).toBe(etagOf(before.updatedAt));
    }
    expect(await eventsOf(home, 'location.updated', before.id)).toEqual([]);
  });

  it.each([
    ['name null', { name: null }, 'name', 'invalid_type'],
    ['an empty name', { name: '' }, 'name', 'required'],
    ['a time zone that is not IANA', { name: 'Not Saved', timeZone: 'AEST' }, 'timeZone', 'invalid_time_zone'],
    ['timeZone null', { timeZone: null }, 'timeZone', 'invalid_type'],
    ['address null', { address: null }, 'address', undefined],
    ['an address part too long', { address: { postcode: '2'.repeat(11) } }, 'address.postcode', 'too_long'],
    ['an unknown address part', { address: { planet: 'Earth' } }, 'address.planet', 'unknown_field'],
    ['an email that is not one', { email: 'bondi at harbour' }, 'email', undefined],
    ['registrations null', { registrations: null }, 'registrations', undefined],
    ['terminalIds null', { terminalIds: null }, 'terminalIds', 'invalid_type'],
    [
      'more than 20 terminals',
      { terminalIds: Array.from({ length: 21 }, (_, n) => `T-${n}`) },
      'terminalIds',
      'too_many',
    ],
    ['an empty terminal id', { terminalIds: ['T-1', ''] }, 'terminalIds', 'too_short'],
    ['a terminal id over 50 characters', { terminalIds: ['T'.repeat(51)] }, 'terminalIds', 'too_long'],
    ['a terminal id that is not a string', { terminalIds: [42] }, 'terminalIds', 'invalid_type'],
    ['businessId null', { businessId: null }, 'businessId', undefined],
    ['a businessId that is not an id', { businessId: 'harbour' }, 'businessId', undefined],
    ['organisationId, which is not changeable', { organisationId: 'org_x' }, 'organisationId', 'unknown_field'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_, body, field, code) => {
    const before = await location();
    expectInvalid(await patch(locationPath(home, before.id), body), field, code);
    expect((await get(locationPath(home, before.id)).expect(200)).body).toEqual(before);
  });

  it("refuses another organisation's business, or none, as 404 naming businessId, and changes nothing", async () => {
    const before = await location();
    for (const businessId of [otherBusiness.id, UNKNOWN_UUID]) {
      expectNotFound(await patch(locationPath(home, before.id), { name: 'Moved', businessId }), 'businessId');
    }
    expect((await get(locationPath(home, before.id)).expect(200)).body).toEqual(before);
  });

  it('changes only the version If-Match names: a stale one is 412 and changes nothing, the current one goes through', async () => {
    const before = await location();
    const first = await patch(
      locationPath(home, before.id),
      { name: 'First Writer' },
      { ifMatch: etagOf(before.updatedAt) },
    ).expect(200);
    expectProblem(
      await patch(locationPath(home, before.id), { name: 'Second Writer' }, { ifMatch: etagOf(before.updatedAt) }),
      412,
      'precondition_failed',
    );
    expect((await get(locationPath(home, before.id)).expect(200)).body).toEqual(first.body);
    await patch(
      locationPath(home, before.id),
      { name: 'Second Writer' },
      { ifMatch: `"stale", ${first.headers.etag}` },
    ).expect(200);
  });

  it("answers 403 to another organisation's key, and 404 for another organisation's location, changing nothing", async () => {
    const mine = await location();
    const theirs = await createLocation(t, other.id, otherBusiness.id);
    expectProblem(
      await patch(locationPath(home, mine.id), { name: 'Hijacked' }, { auth: other.auth }),
      403,
      'forbidden',
    );
    expectNotFound(await patch(locationPath(other, mine.id), { name: 'Hijacked' }, { auth: other.auth }));
    expectNotFound(await patch(locationPath(home, theirs.id), { name: 'Hijacked' }, { auth: home.auth }));
    expectNotFound(await patch(locationPath(home, UNKNOWN_UUID), { name: 'Nowhere' }));
    expect((await get(locationPath(home, mine.id)).expect(200)).body).toEqual(mine);
    expect((await get(locationPath(other, theirs.id)).expect(200)).body).toEqual(theirs);
  });
});

describe("a location's time zone and its bookings", () => {
  const book = (clinic: Awaited<ReturnType<typeof createBookableClinic>>, serviceDate: string) =>
    created(
      postJson(t, orgPath(clinic.id, '/bookings'), {
        clientId: clinic.client.id,
        providerId: clinic.provider.id,
        locationId: clinic.location.id,
        appointmentTypeId: clinic.type.id,
        serviceDate,
      }),
    );
  const bookingOf = async (clinicId: string, id: string) =>
    (await get(orgPath(clinicId, `/bookings/${id}`)).expect(200)).body as Body;

  it('refuses a new time zone with 409 location_has_bookings while an upcoming booking is confirmed, and changes nothing sent with it', async () => {
    const clinic = await createBookableClinic(t, 'Zone Keeper');
    const path = orgPath(clinic.id, `/locations/${clinic.location.id}`);
    const booking = await book(clinic, '2031-05-01T09:00:00.000Z');

    expectProblem(await patch(path, { timeZone: 'Australia/Perth', name: 'Perth' }), 409, 'location_has_bookings');
    expect((await get(path).expect(200)).body).toEqual(clinic.location);
    // The same zone, however spelt, is no change of zone.
    await patch(path, { timeZone: 'australia/sydney' }).expect(200);

    await postJson(t, orgPath(clinic.id, `/bookings/${booking.id}/cancel`)).expect(200);
    const moved = (await patch(path, { timeZone: 'Australia/Perth' }).expect(200)).body;
    expect(moved.timeZone).toBe('Australia/Perth');
    expect((await bookingOf(clinic.id, booking.id)).serviceDate).toBe(booking.serviceDate);
  });

  it('lets a booking that has started or passed not block it, and keeps that booking at its instant', async () => {
    const clinic = await createBookableClinic(t, 'Zone Past');
    const booking = await book(clinic, '2031-05-01T09:00:00.000Z');
    await sql(
      t,
      `update bookings set service_date = now() - interval '3 days', ends_at = now() - interval '3 days' + interval '1 hour' where id = ?`,
      [booking.id],
    );
    const before = await bookingOf(clinic.id, booking.id);

    const moved = (
      await patch(orgPath(clinic.id, `/locations/${clinic.location.id}`), { timeZone: 'Australia/Adelaide' }).expect(
        200,
      )
    ).body;
    expect(moved.timeZone).toBe('Australia/Adelaide');
    expect(await bookingOf(clinic.id, booking.id)).toEqual({ ...before, location: moved });
  });

  it('never rewrites an existing booking: it keeps its own fields and shows the location as it now is', async () => {
    const clinic = await createBookableClinic(t, 'Booking Keeper');
    const booking = await book(clinic, '2031-06-02T23:30:00.000Z');
    const before = await bookingOf(clinic.id, booking.id);

    const changed = (
      await patch(orgPath(clinic.id, `/locations/${clinic.location.id}`), {
        name: 'Bondi Beach',
        address: { line1: '1 Campbell Parade' },
        bookingCustomText: null,
      }).expect(200)
    ).body;
    const after = await bookingOf(clinic.id, booking.id);
    expect(after).toEqual({ ...before, location: changed });
    expect([after.serviceDate, after.locationId]).toEqual(['2031-06-02T23:30:00.000Z', clinic.location.id]);
  });
});

describe('PATCH of an organisation and of its booking settings: versions', () => {
  it('answers the ETag on GET and PATCH; a stale If-Match is 412 and changes nothing; {} keeps the version', async () => {
    const home = await createTenant(t, 'Versioned Organisation');
    const path = orgPath(home.id);
    const read = await get(path).expect(200);
    const before = versioned(read);
    expect(before.updatedAt).toBe(before.createdAt);

    const renamed = versioned(
      await patch(path, { name: `Renamed ${RUN}` }, { ifMatch: read.headers.etag, auth: home.auth }).expect(200),
    );
    later(renamed.updatedAt, before.updatedAt);
    expectProblem(
      await patch(path, { name: `Lost ${RUN}` }, { ifMatch: read.headers.etag }),
      412,
      'precondition_failed',
    );
    expect(versioned(await get(path).expect(200))).toEqual(renamed);

    const unchanged = await patch(path, {}, { ifMatch: etagOf(renamed.updatedAt) }).expect(200);
    expect([unchanged.body, unchanged.headers.etag]).toEqual([renamed, etagOf(renamed.updatedAt)]);
    expect((await eventsOf(home, 'organisation.updated', home.id)).map((event) => event.data)).toEqual([renamed]);
  });

  it("moves the organisation's version with its booking settings, and takes the organisation's ETag in If-Match", async () => {
    const home = await createTenant(t, 'Versioned Settings');
    const path = orgPath(home.id, '/booking-settings');
    const before = versioned(await get(orgPath(home.id)).expect(200));

    const settings = versioned(
      await patch(path, { slotIntervalMinutes: 30 }, { ifMatch: etagOf(before.updatedAt) }).expect(200),
    );
    later(settings.updatedAt, before.updatedAt);
    const organisation = versioned(await get(orgPath(home.id)).expect(200));
    expect(organisation).toEqual({ ...before, updatedAt: settings.updatedAt });

    expectProblem(
      await patch(path, { slotIntervalMinutes: 10 }, { ifMatch: etagOf(before.updatedAt) }),
      412,
      'precondition_failed',
    );
    const unchanged = versioned(await patch(path, { slotIntervalMinutes: 30 }).expect(200));
    expect(unchanged).toEqual(settings);
    expect((await eventsOf(home, 'organisation.updated', home.id)).map((event) => event.data)).toEqual([organisation]);
  });
});

describe('DELETE /v1/organisations/{organisationId}/plans/templates/links/{linkId}', () => {
  let home: Tenant;
  let other: Tenant;
  let homeBusiness: Body;
  let otherBusiness: Body;

  beforeAll(async () => {
    [home, other] = await Promise.all([createTenant(t, 'Link Remover'), createTenant(t, 'Link Bystander')]);
    [homeBusiness, otherBusiness] = await Promise.all([createBusiness(t, home.id), createBusiness(t, other.id)]);
  });

  const link = (tenant = home, businessId = homeBusiness.id, auth = t.platformAuth) =>
    created(
      postJson(
        t,
        orgPath(tenant.id, '/plans/templates/links'),
        { planTemplateId: 'ptpl_knee_rehab_6wk', businessId },
        auth,
      ),
    );

  it('removes the link with 204: GET and a second DELETE answer 404, and the list leaves it out', async () => {
    const [kept, removed] = [await link(), await link()];
    const response = await remove(linkPath(home, removed.id), { auth: home.auth }).expect(204);
    expect(response.text).toBe('');
    expectNotFound(await get(linkPath(home, removed.id)));
    expectNotFound(await remove(linkPath(home, removed.id)));
    const list = (await get(orgPath(home.id, '/plans/templates/links?limit=200')).expect(200)).body;
    expect(list.items.map((item: Body) => item.id)).toContain(kept.id);
    expect(list.items.map((item: Body) => item.id)).not.toContain(removed.id);
  });

  it("answers 404 for another organisation's link and keeps it; 403 to another organisation's key", async () => {
    const theirs = await link(other, otherBusiness.id);
    expectNotFound(await remove(linkPath(home, theirs.id), { auth: home.auth }));
    expectNotFound(await remove(linkPath(home, theirs.id)));
    expectProblem(await remove(linkPath(other, theirs.id), { auth: home.auth }), 403, 'forbidden');
    expect((await get(linkPath(other, theirs.id)).expect(200)).body).toEqual(theirs);
  });

  it('answers its ETag, which never changes, and removes it only while If-Match names it', async () => {
    const one = await link();
    const read = await get(linkPath(home, one.id)).expect(200);
    expect(read.body.updatedAt).toBe(one.createdAt);
    expect(read.headers.etag).toBe(etagOf(one.createdAt));
    expectProblem(await remove(linkPath(home, one.id), { ifMatch: etagOf(new Date()) }), 412, 'precondition_failed');
    await get(linkPath(home, one.id)).expect(200);
    await remove(linkPath(home, one.id), { ifMatch: read.headers.etag }).expect(204);
  });
});

describe('updatedSince on the lists of organisations, businesses, locations and plan template links', () => {
  /** Every item of a sync from `since`, page by page, `between` running after each page is read. */
  async function sync(
    path: string,
    since: string,
    between: (page: number) => Promise<void> = async () => {},
  ): Promise<Body[]> {
    const seen: Body[] = [];
    for (let page = 1; ; page++) {
      const body = (await get(`${path}?updatedSince=${encodeURIComponent(since)}&limit=2&page=${page}`).expect(200))
        .body;
      seen.push(...body.items);
      if (body.items.length < 2) return seen;
      await between(page);
    }
  }

  const inSyncOrder = (items: Body[]) =>
    items.every((item, index) => {
      const previous = items[index - 1];
      return (
        !previous ||
        previous.updatedAt < item.updatedAt ||
        (previous.updatedAt === item.updatedAt && previous.id < item.id)
      );
    });

  it('lists the locations changed at or after the instant, oldest change first, and misses none changed while paging', async () => {
    const home = await createTenant(t, 'Sync Locations');
    const business = await createBusiness(t, home.id);
    const locations: Body[] = [];
    for (let n = 0; n < 6; n++) locations.push(await createLocation(t, home.id, business.id, { name: `Site ${n}` }));
    const path = orgPath(home.id, '/locations');

    const all = await sync(path, locations[1].updatedAt);
    expect(all.map((item) => item.id)).toEqual(locations.slice(1).map((item) => item.id));
    expect(all).toEqual(locations.slice(1));

    // Sites 2 and 5 change while the sync pages, before it has read them: it still meets each, as it now is.
    const seen = await sync(path, locations[0].updatedAt, async (page) => {
      if (page === 1) await patch(locationPath(home, locations[2].id), { name: 'Site 2, renamed' }).expect(200);
      if (page === 2) await patch(locationPath(home, locations[5].id), { name: 'Site 5, renamed' }).expect(200);
    });
    expect(inSyncOrder(seen)).toBe(true);
    expect(seen.map((item) => item.name)).toEqual([
      'Site 0',
      'Site 1',
      'Site 3',
      'Site 4',
      'Site 2, renamed',
      'Site 5, renamed',
    ]);

    const last = seen.at(-1)!;
    const next = (await get(`${path}?updatedSince=${encodeURIComponent(last.updatedAt)}`).expect(200)).body;
    expect(next).toMatchObject({ items: [last], totalItems: 1 });
  });

  it('lists the businesses changed at or after the instant, a changed one after the others', async () => {
    const home = await createTenant(t, 'Sync Businesses');
    const [first, second] = [await createBusiness(t, home.id), await createBusiness(t, home.id)];
    const renamed = (await patch(businessPath(home, first.id), { name: 'Renamed Pty Ltd' }).expect(200)).body;
    const page = (
      await get(orgPath(home.id, `/businesses?updatedSince=${encodeURIComponent(first.createdAt)}`)).expect(200)
    ).body;
    expect(page).toEqual({ items: [second, renamed], page: 1, limit: 10, totalItems: 2, totalPages: 1 });
    const since = (
      await get(orgPath(home.id, `/businesses?updatedSince=${encodeURIComponent(renamed.updatedAt)}`)).expect(200)
    ).body;
    expect(since.items).toEqual([renamed]);
  });

  it('lists the organisations changed since: an organisation key its own, a platform key every one, in the order they changed', async () => {
    const [one, two] = [await createTenant(t, 'Sync Organisation One'), await createTenant(t, 'Sync Organisation Two')];
    const renamed = (await patch(orgPath(one.id), { name: `Sync One Renamed ${RUN}` }).expect(200)).body;
    const own = (
      await get(`/v1/organisations?updatedSince=${encodeURIComponent(renamed.updatedAt)}`, one.auth).expect(200)
    ).body;
    expect(own.items).toEqual([renamed]);
    const justAfter = new Date(new Date(renamed.updatedAt).getTime() + 1).toISOString();
    expect(
      (await get(`/v1/organisations?updatedSince=${encodeURIComponent(justAfter)}`, one.auth).expect(200)).body.items,
    ).toEqual([]);

    const twoBody = (await get(orgPath(two.id)).expect(200)).body;
    const every = (
      await get(`/v1/organisations?updatedSince=${encodeURIComponent(twoBody.updatedAt)}&limit=200`).expect(200)
    ).body.items as Body[];
    expect(inSyncOrder(every)).toBe(true);
    expect(every.filter((item) => [one.id, two.id].includes(item.id))).toEqual([twoBody, renamed]);
  });

  it('lists the plan template links made since, oldest first; a removed one is simply gone', async () => {
    const home = await createTenant(t, 'Sync Links');
    const business = await createBusiness(t, home.id);
    const links: Body[] = [];
    for (let n = 0; n < 3; n++) {
      links.push(
        await created(
          postJson(t, orgPath(home.id, '/plans/templates/links'), {
            planTemplateId: `ptpl_${n}`,
            businessId: business.id,
          }),
        ),
      );
    }
    await remove(linkPath(home, links[1].id)).expect(204);
    const since = (
      await get(
        orgPath(home.id, `/plans/templates/links?updatedSince=${encodeURIComponent(links[0].createdAt)}`),
      ).expect(200)
    ).body;
    expect(since.items).toEqual([links[0], links[2]]);
  });

  it.each(['yesterday', '2026-11-22T05:28:59', '2026-13-01T00:00:00Z'])(
    'refuses updatedSince=%s with 400 naming it',
    async (value) => {
      const home = await createTenant(t, 'Sync Refused');
      for (const list of ['/businesses', '/locations', '/plans/templates/links']) {
        expectInvalid(await get(orgPath(home.id, `${list}?updatedSince=${value}`)), 'updatedSince');
      }
      expectInvalid(await get(`/v1/organisations?updatedSince=${value}`), 'updatedSince');
    },
  );
});

describe('events of the back office reach a webhook receiver', () => {
  /** The `data` of the first delivery of `type` about `id`, once it arrives. */
  async function delivered(type: string, id: string): Promise<Record<string, unknown>> {
    for (let tries = 0; tries < 200; tries++) {
      const found = receiver.received.find(
        (received) => received.event?.type === type && received.event.data.id === id,
      );
      if (found) return found.event!.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${type} about ${id} delivered`);
  }

  it('delivers location.created, location.updated, business.updated and organisation.updated, each with the data its GET answers', async () => {
    receiver.received.length = 0;
    const home = await createTenant(t, 'Back Office Hooks');
    const hook = await created(
      postJson(t, orgPath(home.id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['*'] }),
    );
    receiver.secret = hook.secret;

    const business = await createBusiness(t, home.id);
    const location = await createLocation(t, home.id, business.id);
    await patch(locationPath(home, location.id), { name: 'Renamed Site' }).expect(200);
    await patch(businessPath(home, business.id), { settings: { autoInviteClientsEnabled: true } }).expect(200);
    await patch(orgPath(home.id, '/booking-settings'), { bookingsEnabled: true }).expect(200);

    expect(await delivered('location.created', location.id)).toEqual(location);
    expect(await delivered('location.updated', location.id)).toEqual(
      (await get(locationPath(home, location.id)).expect(200)).body,
    );
    expect(await delivered('business.updated', business.id)).toEqual(
      (await get(businessPath(home, business.id)).expect(200)).body,
    );
    expect(await delivered('organisation.updated', home.id)).toEqual((await get(orgPath(home.id)).expect(200)).body);
  });
});
