import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { newPrefixedId } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  createOrganisation,
  createScopedKey,
  everyOrganisation,
  ISO_INSTANT,
  named,
  randomWalletKey,
  RUN,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: every name here
// carries this run's suffix, and every check is scoped to ids this file created.

const ORGANISATION_ID = /^org_[0-9A-Za-z]{27}$/;
const ORGANISATION_FIELDS = [
  'id',
  'name',
  'slug',
  'createdAt',
  'updatedAt',
  'bookingsEnabled',
  'livemode',
  'brandImageUrl',
  'wordmarkImageUrl',
  'websiteUrl',
].sort();
const BOOKING_SETTINGS_FIELDS = [
  'bookingsEnabled',
  'notesEnabled',
  'cancellationFeeEnabled',
  'cancellationFeeAutoChargeEnabled',
  'paymentDetailsRequired',
  'bookingNotificationsEnabled',
  'providerBookingNotificationsEnabled',
  'healthFundCardCollectionEnabled',
  'cancellationFeeAmount',
  'cancellationFeePercent',
  'cancellationNoFeeBeforeHours',
  'googleTagManagerContainerId',
  'minimumNoticeMinutes',
  'maximumAdvanceDays',
  'slotIntervalMinutes',
  'updatedAt',
  'clientCancelEnabled',
  'clientRescheduleEnabled',
  'reminderHoursBefore',
  'smsRemindersEnabled',
].sort();

interface Tenant {
  id: string;
  auth: string;
  body: Record<string, unknown>;
}

let t: TestApp;

const postOrganisation = (body: object, auth = t.platformAuth) =>
  t.http().post('/v1/organisations').set('Authorization', auth).send(body);
const listOrganisations = (query: string, auth = t.platformAuth) =>
  t.http().get(`/v1/organisations${query}`).set('Authorization', auth);
const getOrganisation = (id: string, auth = t.platformAuth) =>
  t.http().get(`/v1/organisations/${id}`).set('Authorization', auth);
const patchOrganisation = (id: string, body: unknown, auth = t.platformAuth) =>
  t
    .http()
    .patch(`/v1/organisations/${id}`)
    .set('Authorization', auth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const patchSettings = (id: string, body: unknown, auth = t.platformAuth) =>
  t
    .http()
    .patch(`/v1/organisations/${id}/booking-settings`)
    .set('Authorization', auth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

/** An organisation and a key scoped to it. */
async function tenant(name: string): Promise<Tenant> {
  const body = await createOrganisation(t, name);
  return { id: body.id, auth: await createScopedKey(t, body.id, name), body };
}

beforeAll(async () => {
  // The wallet module refuses to start on a configured database without its key.
  t = await createTestApp({ WALLET_ENCRYPTION_KEY: randomWalletKey() });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /v1/organisations', () => {
  it('creates an organisation with every field of the spec, answers 201 with its Location, and GET reads it back', async () => {
    const response = await postOrganisation({ name: named('Coastal Allied Health') });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(ORGANISATION_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(ORGANISATION_ID),
      name: named('Coastal Allied Health'),
      slug: `coastal-allied-health-${RUN}`,
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      bookingsEnabled: false,
      livemode: true,
      brandImageUrl: null,
      wordmarkImageUrl: null,
      websiteUrl: null,
    });
    expect(response.headers.location).toBe(`/v1/organisations/${response.body.id}`);

    const read = await t.http().get(response.headers.location).set('Authorization', t.platformAuth).expect(200);
    expect(read.body).toEqual(response.body);
  });

  it('makes the slug from the name, and unique when two organisations share a name', async () => {
    const first = await createOrganisation(t, 'Harbour Physio');
    const second = await createOrganisation(t, 'Harbour Physio');
    const third = await createOrganisation(t, 'Harbour Physio');
    expect(first.slug).toBe(`harbour-physio-${RUN}`);
    expect(second.slug).toBe(`harbour-physio-${RUN}-2`);
    expect(third.slug).toBe(`harbour-physio-${RUN}-3`);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  });

  it('makes the slug URL-friendly: lower case, accents dropped, punctuation as single hyphens', async () => {
    const created = await createOrganisation(t, '  Bondi Café & Co.  Physio!');
    expect(created.slug).toBe(`bondi-cafe-co-physio-${RUN}`);
  });

  it('gives concurrent organisations of one name distinct slugs', async () => {
    const name = named('Concurrent Clinic');
    const responses = await Promise.all([1, 2, 3, 4].map(() => postOrganisation({ name })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const base = `concurrent-clinic-${RUN}`;
    expect(responses.map((response) => response.body.slug).sort()).toEqual(
      [base, `${base}-2`, `${base}-3`, `${base}-4`].sort(),
    );
  });

  it('takes an explicit slug and bookingsEnabled', async () => {
    const slug = `custom-slug-${RUN}`;
    const created = await createOrganisation(t, 'Anything At All', { slug, bookingsEnabled: true });
    expect(created).toMatchObject({ name: named('Anything At All'), slug, bookingsEnabled: true });
    const read = await getOrganisation(created.id).expect(200);
    expect(read.body).toMatchObject({ slug, bookingsEnabled: true });
  });

  it('makes a sandbox organisation with livemode false, which GET and the list show', async () => {
    const sandbox = await createOrganisation(t, 'Sandbox Clinic', { livemode: false });
    expect(sandbox.livemode).toBe(false);
    expect((await getOrganisation(sandbox.id).expect(200)).body).toEqual(sandbox);
    const own = await createScopedKey(t, sandbox.id, 'Sandbox Clinic');
    expect((await listOrganisations('', own).expect(200)).body.items).toEqual([sandbox]);

    const live = await createOrganisation(t, 'Live Clinic', { livemode: true });
    expect((await getOrganisation(live.id).expect(200)).body.livemode).toBe(true);
  });

  it('answers 409 slug_taken for an explicit slug another organisation has', async () => {
    const slug = `taken-slug-${RUN}`;
    await createOrganisation(t, 'Slug Owner', { slug });
    const response = await postOrganisation({ name: named('Slug Thief'), slug });
    expectProblem(response, 409, 'slug_taken');
  });

  it('skips a slug taken explicitly when making one from a name', async () => {
    await createOrganisation(t, 'Squatter', { slug: `north-shore-rehab-${RUN}` });
    const created = await createOrganisation(t, 'North Shore Rehab');
    expect(created.slug).toBe(`north-shore-rehab-${RUN}-2`);
  });

  it.each([
    ['name missing', {}, 'name'],
    ['name null', { name: null }, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name not a string', { name: 42 }, 'name'],
    ['name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['name with a NUL character', { name: 'Nul\u0000Clinic' }, 'name'],
    ['slug not URL-friendly', { name: 'Slug Shape', slug: 'Not A Slug' }, 'slug'],
    ['bookingsEnabled not a boolean', { name: 'Flag Shape', bookingsEnabled: 'yes' }, 'bookingsEnabled'],
    ['livemode not a boolean', { name: 'Mode Shape', livemode: 'false' }, 'livemode'],
    ['livemode null', { name: 'Mode Shape', livemode: null }, 'livemode'],
    ['an unknown field', { name: 'Unknown Field', colour: 'teal' }, 'colour'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    expectInvalid(await postOrganisation(body), field);
  });

  it('refuses an organisation key with 403', async () => {
    const own = await tenant('Key Holder');
    const response = await postOrganisation({ name: named('Not Allowed') }, own.auth);
    expectProblem(response, 403, 'forbidden');
  });
});

describe('GET /v1/organisations', () => {
  let scoped: Tenant;
  const created: string[] = [];

  beforeAll(async () => {
    scoped = await tenant('Scoped Lister');
    for (const name of ['Lister One', 'Lister Two', 'Lister Three']) {
      // Apart by more than the millisecond of createdAt, so their order is known.
      await new Promise((resolve) => setTimeout(resolve, 5));
      created.push((await createOrganisation(t, name)).id);
    }
  });

  it('shows a platform key every organisation it created, newest first', async () => {
    const all = await everyOrganisation(t);
    const ids = [...new Set(all.map((organisation) => organisation.id))];
    expect(ids).toEqual(expect.arrayContaining([...created, scoped.id]));
    // The four made here, newest first.
    expect(ids.filter((id) => [scoped.id, ...created].includes(id))).toEqual([...created].reverse().concat(scoped.id));

    const page = await listOrganisations('?limit=200').expect(200);
    const createdAts: string[] = page.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect(createdAts.length).toBeGreaterThanOrEqual(4);
    expect(createdAts).toEqual([...createdAts].sort().reverse());
  });

  it('shows an organisation key only its own organisation, in the paging envelope', async () => {
    const response = await listOrganisations('', scoped.auth).expect(200);
    expect(response.body).toEqual({ items: [scoped.body], page: 1, limit: 10, totalItems: 1, totalPages: 1 });
  });

  it('answers the envelope with the page and limit asked for, and totalPages = ceil(totalItems / limit)', async () => {
    const response = await listOrganisations('?page=2&limit=2').expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['items', 'limit', 'page', 'totalItems', 'totalPages']);
    expect(response.body.page).toBe(2);
    expect(response.body.limit).toBe(2);
    expect(response.body.items).toHaveLength(2);
    expect(response.body.totalItems).toBeGreaterThanOrEqual(4);
    expect(response.body.totalPages).toBe(Math.ceil(response.body.totalItems / 2));
  });

  it('answers a page past the end with no items and the true totals', async () => {
    const scopedPast = await listOrganisations('?page=5&limit=1', scoped.auth).expect(200);
    expect(scopedPast.body).toEqual({ items: [], page: 5, limit: 1, totalItems: 1, totalPages: 1 });

    const platformPast = await listOrganisations('?page=100000&limit=200').expect(200);
    expect(platformPast.body.items).toEqual([]);
    expect(platformPast.body.totalItems).toBeGreaterThanOrEqual(4);
    expect(platformPast.body.totalPages).toBe(Math.ceil(platformPast.body.totalItems / 200));
  });

  it('answers the largest page number allowed (9007199254740991) with no items', async () => {
    const response = await listOrganisations('?page=9007199254740991&limit=200').expect(200);
    expect(response.body.items).toEqual([]);
    expect(response.body.page).toBe(9007199254740991);
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['page', '1.5'],
    ['page', '9007199254740992'],
    ['limit', '0'],
    ['limit', '201'],
    ['limit', '-1'],
    ['limit', 'abc'],
    ['limit', '1.5'],
  ])('refuses %s=%s with 400 naming the parameter', async (parameter, value) => {
    const response = await listOrganisations(`?${parameter}=${value}`);
    expectInvalid(response, parameter);
    expect(response.body.errors.map((error: { field: string }) => error.field)).not.toContain(
      parameter === 'page' ? 'limit' : 'page',
    );
  });

  it('refuses an unknown query parameter with 400 naming it', async () => {
    expectInvalid(await listOrganisations('?colour=teal'), 'colour', 'unknown_field');
  });

  it('issues the same number of SQL statements for limit=1 as for limit=200', async () => {
    // Warm both paths (the key look-up is cached after the first request).
    await listOrganisations('?limit=1').expect(200);
    await listOrganisations('?limit=200').expect(200);

    let small: Response | undefined;
    let large: Response | undefined;
    const one = await countRequestStatements(async () => {
      small = await listOrganisations('?limit=1');
    });
    const many = await countRequestStatements(async () => {
      large = await listOrganisations('?limit=200');
    });
    expect(small!.status).toBe(200);
    expect(large!.status).toBe(200);
    expect(small!.body.items).toHaveLength(1);
    expect(large!.body.items.length).toBeGreaterThanOrEqual(4);
    expect(one.statements.some((statement) => /from "?organisations"?/i.test(statement))).toBe(true);
    expect(many.statements.length).toBe(one.statements.length);
  });
});

describe('GET /v1/organisations/{organisationId}', () => {
  let own: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    [own, other] = await Promise.all([tenant('Getter Own'), tenant('Getter Other')]);
  });

  it('reads an organisation with the platform key and with its own key', async () => {
    expect((await getOrganisation(own.id).expect(200)).body).toEqual(own.body);
    expect((await getOrganisation(own.id, own.auth).expect(200)).body).toEqual(own.body);
  });

  it('answers 404 for a well-formed id that names no organisation', async () => {
    expectProblem(await getOrganisation(newPrefixedId('org')), 404, 'not_found');
  });

  it.each([
    'nope',
    newPrefixedId('memb'),
    newPrefixedId('key'),
    'org_tooShort',
    `org_${'a'.repeat(28)}`,
    'org_%27%3B--',
  ])('answers 404 (never 500) for the malformed id %s', async (id) => {
    expectProblem(await getOrganisation(id), 404, 'not_found');
  });

  it('refuses an organisation key on another organisation with 403', async () => {
    expectProblem(await getOrganisation(other.id, own.auth), 403, 'forbidden');
  });
});

describe('PATCH /v1/organisations/{organisationId}', () => {
  let org: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    [org, other] = await Promise.all([tenant('Patch Target'), tenant('Patch Other')]);
  });

  async function freshOrganisation(name = 'Patch Fresh'): Promise<Record<string, unknown> & { id: string }> {
    const created = await createOrganisation(t, name);
    const filled = await patchOrganisation(created.id, {
      websiteUrl: 'https://fresh.example.com.au',
      brandImageUrl: 'https://cdn.example.com.au/brand.png',
      wordmarkImageUrl: 'https://cdn.example.com.au/wordmark.svg',
    }).expect(200);
    return filled.body;
  }

  it('changes every field sent, returns the stored state, and a following GET agrees', async () => {
    const response = await patchOrganisation(org.id, {
      name: named('Patch Target Renamed'),
      websiteUrl: 'https://patch-target.example.com.au',
      brandImageUrl: 'https://cdn.example.com.au/patch/brand.png',
      wordmarkImageUrl: 'http://cdn.example.com.au/patch/wordmark.svg',
    }).expect(200);
    expect(response.body).toEqual({
      ...org.body,
      updatedAt: expect.stringMatching(ISO_INSTANT),
      name: named('Patch Target Renamed'),
      websiteUrl: 'https://patch-target.example.com.au',
      brandImageUrl: 'https://cdn.example.com.au/patch/brand.png',
      wordmarkImageUrl: 'http://cdn.example.com.au/patch/wordmark.svg',
    });
    const read = await getOrganisation(org.id).expect(200);
    expect(read.body).toEqual(response.body);
  });

  it('changes only the fields sent', async () => {
    const before = await freshOrganisation();
    const response = await patchOrganisation(before.id, {
      brandImageUrl: 'https://cdn.example.com.au/new-brand.png',
    }).expect(200);
    expect(response.body).toEqual({
      ...before,
      brandImageUrl: 'https://cdn.example.com.au/new-brand.png',
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect((await getOrganisation(before.id).expect(200)).body).toEqual(response.body);

    const renamed = await patchOrganisation(before.id, { name: named('Only The Name') }).expect(200);
    expect(renamed.body).toEqual({
      ...response.body,
      name: named('Only The Name'),
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect((await getOrganisation(before.id).expect(200)).body).toEqual(renamed.body);
  });

  it.each(['websiteUrl', 'brandImageUrl', 'wordmarkImageUrl'])(
    'clears %s with null and leaves the others',
    async (field) => {
      const before = await freshOrganisation();
      const response = await patchOrganisation(before.id, { [field]: null }).expect(200);
      expect(response.body).toEqual({ ...before, [field]: null, updatedAt: expect.stringMatching(ISO_INSTANT) });
      expect((await getOrganisation(before.id).expect(200)).body).toEqual(response.body);
    },
  );

  it('treats {} as a no-op that answers 200 with the organisation unchanged', async () => {
    const before = await freshOrganisation();
    const response = await patchOrganisation(before.id, {}).expect(200);
    expect(response.body).toEqual(before);
    expect((await getOrganisation(before.id).expect(200)).body).toEqual(before);
  });

  it('never changes the slug on rename', async () => {
    const created = await createOrganisation(t, 'Slug Keeper');
    const renamed = await patchOrganisation(created.id, { name: named('Completely Different Name') }).expect(200);
    expect(renamed.body.slug).toBe(created.slug);
    expect((await getOrganisation(created.id).expect(200)).body.slug).toBe(created.slug);
  });

  it('refuses slug in the body as an unknown field, and keeps the slug', async () => {
    const created = await createOrganisation(t, 'Slug Lock');
    expectInvalid(await patchOrganisation(created.id, { slug: `changed-${RUN}` }), 'slug', 'unknown_field');
    expectInvalid(
      await patchOrganisation(created.id, { name: named('Slug Lock Renamed'), slug: `changed-${RUN}` }),
      'slug',
      'unknown_field',
    );
    const read = await getOrganisation(created.id).expect(200);
    expect(read.body).toEqual(created);
  });

  it.each([true, false])(
    'refuses livemode in the body, of an organisation whose livemode is %s, and keeps it',
    async (livemode) => {
      const created = await createOrganisation(t, 'Mode Lock', { livemode });
      for (const body of [
        { livemode: !livemode },
        { livemode },
        { name: named('Mode Lock Renamed'), livemode: !livemode },
      ])
        expectInvalid(await patchOrganisation(created.id, body), 'livemode', 'unknown_field');
      expect((await getOrganisation(created.id).expect(200)).body).toEqual(created);
    },
  );

  it('refuses an unknown field with 400 unknown_field naming it, and changes nothing', async () => {
    const before = await freshOrganisation();
    expectInvalid(
      await patchOrganisation(before.id, { name: named('Sneaky'), phoneNumber: '0299999999' }),
      'phoneNumber',
      'unknown_field',
    );
    expect((await getOrganisation(before.id).expect(200)).body).toEqual(before);
  });

  it.each([
    ['name null', { name: null }, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name only spaces', { name: '   ' }, 'name'],
    ['name a number', { name: 7 }, 'name'],
    ['name of 201 characters', { name: 'n'.repeat(201) }, 'name'],
    ['name with a NUL character', { name: 'Nul\u0000Clinic' }, 'name'],
    ['websiteUrl ftp://x', { websiteUrl: 'ftp://x' }, 'websiteUrl'],
    ['websiteUrl not a url', { websiteUrl: 'not a url' }, 'websiteUrl'],
    ['brandImageUrl ftp://x', { brandImageUrl: 'ftp://x' }, 'brandImageUrl'],
    ['brandImageUrl not a url', { brandImageUrl: 'not a url' }, 'brandImageUrl'],
    ['wordmarkImageUrl ftp://x', { wordmarkImageUrl: 'ftp://x' }, 'wordmarkImageUrl'],
    ['wordmarkImageUrl javascript:', { wordmarkImageUrl: 'javascript:alert(1)' }, 'wordmarkImageUrl'],
    ['brandImageUrl a number', { brandImageUrl: 12 }, 'brandImageUrl'],
  ])('refuses %s with 400 naming the field and changes nothing', async (_, body, field) => {
    const before = await freshOrganisation();
    expectInvalid(await patchOrganisation(before.id, body), field);
    expect((await getOrganisation(before.id).expect(200)).body).toEqual(before);
  });

  it('accepts a name of exactly 200 characters', async () => {
    const created = await createOrganisation(t, 'Long Name');
    const name = `${RUN}${'n'.repeat(200 - RUN.length)}`;
    const response = await patchOrganisation(created.id, { name }).expect(200);
    expect(response.body.name).toBe(name);
    expect((await getOrganisation(created.id).expect(200)).body.name).toBe(name);
  });

  it.each([
    ['a JSON array', []],
    ['JSON null', null],
    ['a JSON string', 'rename me'],
  ])('refuses a body that is %s with 400', async (_, body) => {
    const created = await createOrganisation(t, 'Odd Body');
    expectProblem(await patchOrganisation(created.id, body), 400, 'validation_failed');
    expect((await getOrganisation(created.id).expect(200)).body).toEqual(created);
  });

  it('refuses a request without a body with 400 (the body is required)', async () => {
    const created = await createOrganisation(t, 'No Body');
    const response = await t.http().patch(`/v1/organisations/${created.id}`).set('Authorization', t.platformAuth);
    expectProblem(response, 400, 'validation_failed');
    expect((await getOrganisation(created.id).expect(200)).body).toEqual(created);
  });

  it('answers Deprecation: true when the request sends websiteUrl, even as null', async () => {
    const created = await createOrganisation(t, 'Deprecated Field');
    const set = await patchOrganisation(created.id, { websiteUrl: 'https://deprecated.example.com.au' }).expect(200);
    expect(set.headers.deprecation).toBe('true');
    const cleared = await patchOrganisation(created.id, { websiteUrl: null }).expect(200);
    expect(cleared.headers.deprecation).toBe('true');
    expect(cleared.body.websiteUrl).toBeNull();
  });

  it('answers without a Deprecation header when websiteUrl is not sent', async () => {
    const created = await createOrganisation(t, 'No Deprecation');
    const response = await patchOrganisation(created.id, { brandImageUrl: 'https://cdn.example.com.au/b.png' }).expect(
      200,
    );
    expect(response.headers.deprecation).toBeUndefined();
    const empty = await patchOrganisation(created.id, {}).expect(200);
    expect(empty.headers.deprecation).toBeUndefined();
    expect((await getOrganisation(created.id).expect(200)).headers.deprecation).toBeUndefined();
  });

  it('lets an organisation key update its own organisation', async () => {
    const response = await patchOrganisation(other.id, { name: named('Self Renamed') }, other.auth).expect(200);
    expect(response.body.name).toBe(named('Self Renamed'));
  });

  it('refuses an organisation key on another organisation with 403 and changes nothing', async () => {
    const before = (await getOrganisation(other.id).expect(200)).body;
    expectProblem(await patchOrganisation(other.id, { name: named('Hijacked') }, org.auth), 403, 'forbidden');
    expect((await getOrganisation(other.id).expect(200)).body).toEqual(before);
  });

  it('answers 404 for an unknown or malformed organisation id', async () => {
    expectProblem(await patchOrganisation(newPrefixedId('org'), { name: named('Ghost') }), 404, 'not_found');
    expectProblem(await patchOrganisation('nope', { name: named('Ghost') }), 404, 'not_found');
    expectProblem(await patchOrganisation(newPrefixedId('memb'), { name: named('Ghost') }), 404, 'not_found');
  });
});

describe('PATCH /v1/organisations/{organisationId}/booking-settings', () => {
  const EVERY_FIELD = {
    bookingsEnabled: true,
    notesEnabled: false,
    cancellationFeeEnabled: true,
    cancellationFeeAutoChargeEnabled: true,
    paymentDetailsRequired: true,
    bookingNotificationsEnabled: false,
    providerBookingNotificationsEnabled: false,
    healthFundCardCollectionEnabled: true,
    cancellationFeeAmount: 4550,
    cancellationFeePercent: 12.5,
    cancellationNoFeeBeforeHours: 48,
    googleTagManagerContainerId: 'GTM-5XK2P7Q',
    minimumNoticeMinutes: 60,
    maximumAdvanceDays: 30,
    slotIntervalMinutes: 10,
    clientCancelEnabled: false,
    clientRescheduleEnabled: false,
    reminderHoursBefore: 48,
    smsRemindersEnabled: true,
  };

  /** The stored settings, as a no-op PATCH answers them. */
  const storedSettings = async (id: string) => (await patchSettings(id, {}).expect(200)).body;

  it('stores every field and bookingsEnabled', async () => {
    const created = await createOrganisation(t, 'Settings Every Field');
    const response = await patchSettings(created.id, EVERY_FIELD).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(BOOKING_SETTINGS_FIELDS);
    expect(response.body).toEqual({ ...EVERY_FIELD, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(await storedSettings(created.id)).toEqual(response.body);
    const organisation = await getOrganisation(created.id).expect(200);
    expect(organisation.body.bookingsEnabled).toBe(true);
  });

  it('changes only the fields sent', async () => {
    const created = await createOrganisation(t, 'Settings Partial');
    await patchSettings(created.id, EVERY_FIELD).expect(200);
    const response = await patchSettings(created.id, { notesEnabled: true, cancellationNoFeeBeforeHours: 2 }).expect(
      200,
    );
    expect(response.body).toEqual({
      ...EVERY_FIELD,
      notesEnabled: true,
      cancellationNoFeeBeforeHours: 2,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(await storedSettings(created.id)).toEqual(response.body);

    const disabled = await patchSettings(created.id, { bookingsEnabled: false }).expect(200);
    expect(disabled.body).toEqual({
      ...response.body,
      bookingsEnabled: false,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect((await getOrganisation(created.id).expect(200)).body.bookingsEnabled).toBe(false);
  });

  it('clears the fixed amount with null so the percentage applies, and the tag manager id with null', async () => {
    const created = await createOrganisation(t, 'Settings Clear');
    await patchSettings(created.id, EVERY_FIELD).expect(200);
    const response = await patchSettings(created.id, {
      cancellationFeeAmount: null,
      googleTagManagerContainerId: null,
    }).expect(200);
    expect(response.body).toEqual({
      ...EVERY_FIELD,
      cancellationFeeAmount: null,
      googleTagManagerContainerId: null,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(await storedSettings(created.id)).toEqual(response.body);
  });

  it.each([
    ['a negative amount', { cancellationFeeAmount: -1 }, 'cancellationFeeAmount'],
    ['a fractional amount', { cancellationFeeAmount: 1.5 }, 'cancellationFeeAmount'],
    ['an amount as a string', { cancellationFeeAmount: '1000' }, 'cancellationFeeAmount'],
    ['a percent over 100', { cancellationFeePercent: 101 }, 'cancellationFeePercent'],
    ['a negative percent', { cancellationFeePercent: -5 }, 'cancellationFeePercent'],
    ['a string for a boolean', { notesEnabled: 'yes' }, 'notesEnabled'],
    ['a string for bookingsEnabled', { bookingsEnabled: 'true' }, 'bookingsEnabled'],
    ['null for a boolean', { paymentDetailsRequired: null }, 'paymentDetailsRequired'],
    ['null for bookingsEnabled', { bookingsEnabled: null }, 'bookingsEnabled'],
    ['null hours', { cancellationNoFeeBeforeHours: null }, 'cancellationNoFeeBeforeHours'],
    ['fractional hours', { cancellationNoFeeBeforeHours: 1.5 }, 'cancellationNoFeeBeforeHours'],
    ['negative hours', { cancellationNoFeeBeforeHours: -1 }, 'cancellationNoFeeBeforeHours'],
    ['negative minimum notice', { minimumNoticeMinutes: -1 }, 'minimumNoticeMinutes'],
    ['a zero advance window', { maximumAdvanceDays: 0 }, 'maximumAdvanceDays'],
    ['a fractional slot interval', { slotIntervalMinutes: 7.5 }, 'slotIntervalMinutes'],
    ['null slot interval', { slotIntervalMinutes: null }, 'slotIntervalMinutes'],
    ['a reminder 0 hours before', { reminderHoursBefore: 0 }, 'reminderHoursBefore'],
    ['a reminder more than a week before', { reminderHoursBefore: 169 }, 'reminderHoursBefore'],
    ['null reminder hours', { reminderHoursBefore: null }, 'reminderHoursBefore'],
    ['SMS reminders that are not a boolean', { smsRemindersEnabled: 'yes' }, 'smsRemindersEnabled'],
    ['a malformed tag manager id', { googleTagManagerContainerId: 'UA-12345' }, 'googleTagManagerContainerId'],
    ['an unknown field', { cancellationFeeCurrency: 'AUD' }, 'cancellationFeeCurrency'],
  ])('refuses %s with 400 naming the field and changes nothing', async (_, body, field) => {
    const created = await createOrganisation(t, 'Settings Invalid');
    const before = await storedSettings(created.id);
    expectInvalid(await patchSettings(created.id, body), field);
    expect(await storedSettings(created.id)).toEqual(before);
  });

  it('refuses a cancellation fee with neither an amount nor a percentage', async () => {
    const created = await createOrganisation(t, 'Settings Fee Without Amount');
    expectInvalid(await patchSettings(created.id, { cancellationFeeEnabled: true }), 'cancellationFeeAmount');
    expect((await storedSettings(created.id)).cancellationFeeEnabled).toBe(false);
  });

  it('lets an organisation key change its own settings and refuses another organisation with 403', async () => {
    const [own, other] = await Promise.all([tenant('Settings Own'), tenant('Settings Other')]);
    const response = await patchSettings(own.id, { bookingsEnabled: true }, own.auth).expect(200);
    expect(response.body.bookingsEnabled).toBe(true);
    expectProblem(await patchSettings(other.id, { bookingsEnabled: true }, own.auth), 403, 'forbidden');
    expect((await getOrganisation(other.id).expect(200)).body.bookingsEnabled).toBe(false);
  });

  it('answers 404 for an unknown or malformed organisation id', async () => {
    expectProblem(await patchSettings(newPrefixedId('org'), { notesEnabled: true }), 404, 'not_found');
    expectProblem(await patchSettings('nope', { notesEnabled: true }), 404, 'not_found');
  });
});
