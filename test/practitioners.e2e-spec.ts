import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { newPrefixedId } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createBusiness,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  ISO_INSTANT,
  named,
  postJson,
  RUN,
  UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: each test makes its
// own organisations, and every check is scoped to ids this file created.

const PROVIDER_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'locationIds',
  'deleted',
  'bookingsEnabled',
  'mobileNumber',
  'email',
  'firstName',
  'middleName',
  'lastName',
  'profileImageUrl',
].sort();
const LINK_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'providerId',
  'locationId',
  'deleted',
  'acceptedTerms',
  'categoryCode',
  'medicare',
  'association',
].sort();
const FULL_LINK = {
  acceptedTerms: true,
  categoryCode: 'physiotherapist',
  medicare: {
    suggestedProviderNumber: '2429592A',
    providerNumber: '2429591L',
    startDate: '2026-02-01T00:00:00.000Z',
    registrationLetter: 'https://files.example.com/letters/2429591L.pdf',
  },
  association: { registrationLetter: 'https://files.example.com/letters/apa-88213.pdf' },
};

interface Clinic {
  organisationId: string;
  /** `Authorization` value of a key scoped to this organisation. */
  auth: string;
  businessId: string;
  locations: Body[];
}

let t: TestApp;

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const del = (path: string, auth = t.platformAuth) => t.http().delete(path).set('Authorization', auth);
const post = (path: string, body: unknown, auth = t.platformAuth, idempotencyKey?: string) =>
  postJson(t, path, body, auth, idempotencyKey);
const providersPath = (organisationId: string, rest = '') => `/v1/organisations/${organisationId}/providers${rest}`;

/** An organisation with a scoped key, a business and `locationCount` locations. */
async function clinic(name: string, locationCount = 2): Promise<Clinic> {
  const { id: organisationId, auth } = await createTenant(t, name);
  const business = await createBusiness(t, organisationId, { name: named(`${name} Pty Ltd`) });
  const locations = [];
  for (let i = 0; i < locationCount; i++)
    locations.push(await createLocation(t, organisationId, business.id, { name: named(`${name} Location ${i}`) }));
  return { organisationId, auth, businessId: business.id, locations };
}

/** Every provider of the list, read page by page. */
async function walk(organisationId: string, limit: number, query = ''): Promise<{ pages: Body[]; items: Body[] }> {
  const pages: Body[] = [];
  for (let page = 1; ; page++) {
    const response = await get(providersPath(organisationId, `?limit=${limit}&page=${page}${query}`)).expect(200);
    pages.push(response.body);
    if (page >= response.body.totalPages) break;
  }
  return { pages, items: pages.flatMap((page) => page.items) };
}

const byName = (a: Body, b: Body): number => {
  for (const key of ['lastName', 'firstName', 'id']) {
    if (a[key] < b[key]) return -1;
    if (a[key] > b[key]) return 1;
  }
  return 0;
};

const withoutRegistrations = ({ registrations: _, ...location }: Body): Body => location;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /v1/organisations/{organisationId}/providers', () => {
  let home: Clinic;

  beforeAll(async () => {
    home = await clinic('Provider Create', 0);
  });

  it('creates a provider with the mobile number stored as E.164, answers 201 with a Location header that reads it back', async () => {
    const response = await post(providersPath(home.organisationId), {
      firstName: 'Priya',
      middleName: 'Anjali',
      lastName: named('Raman'),
      email: 'priya.raman@harbourphysio.com.au',
      mobileNumber: '0412 345 678',
      profileImageUrl: 'https://cdn.harbourphysio.com.au/staff/priya.jpg',
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(PROVIDER_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      locationIds: [],
      deleted: false,
      bookingsEnabled: true,
      mobileNumber: '+61412345678',
      email: 'priya.raman@harbourphysio.com.au',
      firstName: 'Priya',
      middleName: 'Anjali',
      lastName: named('Raman'),
      profileImageUrl: 'https://cdn.harbourphysio.com.au/staff/priya.jpg',
    });
    expect(response.headers.location).toBe(`/v1/organisations/${home.organisationId}/providers/${response.body.id}`);
    expect((await get(response.headers.location).expect(200)).body).toEqual(response.body);
  });

  it('keeps an E.164 mobile, bookingsEnabled false, and null for what was not sent', async () => {
    const provider = await createProvider(t, home.organisationId, {
      mobileNumber: '+61 412 345 678',
      bookingsEnabled: false,
    });
    expect(provider).toMatchObject({
      mobileNumber: '+61412345678',
      bookingsEnabled: false,
      middleName: null,
      email: null,
      profileImageUrl: null,
    });
  });

  it.each(['12345', '0412 345', 'call me', '+99 1234'])(
    'refuses the mobile number %p with 400 naming mobileNumber',
    async (mobileNumber) => {
      expectInvalid(
        await post(providersPath(home.organisationId), { firstName: 'Priya', lastName: 'Raman', mobileNumber }),
        'mobileNumber',
      );
    },
  );

  it.each<[string, Body, string, string | undefined]>([
    ['a missing firstName', { lastName: 'Raman' }, 'firstName', 'required'],
    ['an empty lastName', { firstName: 'Priya', lastName: '' }, 'lastName', 'required'],
    ['a bad email', { firstName: 'Priya', lastName: 'Raman', email: 'priya@' }, 'email', undefined],
    [
      'a profile image that is not an http(s) URL',
      { firstName: 'Priya', lastName: 'Raman', profileImageUrl: 'ftp://cdn.example.com/p.jpg' },
      'profileImageUrl',
      undefined,
    ],
    [
      'bookingsEnabled that is not a boolean',
      { firstName: 'Priya', lastName: 'Raman', bookingsEnabled: 'yes' },
      'bookingsEnabled',
      'invalid_type',
    ],
    [
      'an unknown field',
      { firstName: 'Priya', lastName: 'Raman', ahpraNumber: 'PHY0001234567' },
      'ahpraNumber',
      'unknown_field',
    ],
  ])('answers 400 naming the field for %s', async (_, body, field, code) => {
    expectInvalid(await post(providersPath(home.organisationId), body), field, code);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const missing = newPrefixedId('org');
    expectNotFound(await post(providersPath(missing), { firstName: 'Priya', lastName: 'Raman' }));
    expectNotFound(await get(providersPath(missing)));
  });

  it('replays the first answer for a retry with the same Idempotency-Key, and creates one provider', async () => {
    const lastName = named('Idempotent');
    const body = { firstName: 'Retry', lastName };
    const key = `provider-${RUN}`;
    const first = await post(providersPath(home.organisationId), body, t.platformAuth, key);
    const second = await post(providersPath(home.organisationId), body, t.platformAuth, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    const { items } = await walk(home.organisationId, 200, '&includeDeleted=true');
    expect(items.filter((item) => item.lastName === lastName).map((item) => item.id)).toEqual([first.body.id]);
  });
});

describe('GET and DELETE /v1/organisations/{organisationId}/providers/{providerId}', () => {
  let home: Clinic;
  let other: Clinic;

  beforeAll(async () => {
    home = await clinic('Provider Read', 1);
    other = await clinic('Provider Read Other', 1);
  });

  it('deletes softly: the answer and later reads say deleted:true, deleting again is harmless, and the list leaves it out', async () => {
    const provider = await createProvider(t, home.organisationId, { firstName: 'Soft', lastName: named('Delete') });
    const kept = await createProvider(t, home.organisationId, { firstName: 'Kept', lastName: named('Delete') });

    const deleted = await del(providersPath(home.organisationId, `/${provider.id}`));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ...provider, deleted: true, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(deleted.body.updatedAt > provider.updatedAt).toBe(true);

    expect((await get(providersPath(home.organisationId, `/${provider.id}`)).expect(200)).body).toEqual(deleted.body);

    const again = await del(providersPath(home.organisationId, `/${provider.id}`));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(deleted.body);

    const live = (await walk(home.organisationId, 200)).items.map((item) => item.id);
    expect(live).toContain(kept.id);
    expect(live).not.toContain(provider.id);
    const explicitFalse = (await walk(home.organisationId, 200, '&includeDeleted=false')).items.map((item) => item.id);
    expect(explicitFalse).toEqual(live);
    const everything = (await walk(home.organisationId, 200, '&includeDeleted=true')).items;
    expect(everything.find((item) => item.id === provider.id)).toMatchObject({ deleted: true });
    expect(everything.find((item) => item.id === kept.id)).toMatchObject({ deleted: false });
  });

  it('answers 404 for a provider of another organisation, and does not delete it', async () => {
    const foreign = await createProvider(t, other.organisationId, {
      firstName: 'Foreign',
      lastName: named('Provider'),
    });
    const read = await get(providersPath(home.organisationId, `/${foreign.id}`));
    expectNotFound(read);
    expect(JSON.stringify(read.body)).not.toContain(foreign.lastName);
    expectNotFound(await del(providersPath(home.organisationId, `/${foreign.id}`)));
    expect((await get(providersPath(other.organisationId, `/${foreign.id}`)).expect(200)).body.deleted).toBe(false);
  });

  it.each(['not-a-uuid', '42', '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2', "' or 1=1 --"])(
    'answers 404 (never 400 or 500) to GET and DELETE for the malformed id %p',
    async (id) => {
      expectNotFound(await get(providersPath(home.organisationId, `/${encodeURIComponent(id)}`)));
      expectNotFound(await del(providersPath(home.organisationId, `/${encodeURIComponent(id)}`)));
    },
  );

  it('answers 404 for a well-formed id that names nothing', async () => {
    expectNotFound(await get(providersPath(home.organisationId, `/${randomUUID()}`)));
    expectNotFound(await del(providersPath(home.organisationId, `/${randomUUID()}`)));
  });
});

describe('GET /v1/organisations/{organisationId}/providers', () => {
  let home: Clinic;
  let linked: Body;
  let unlinked: Body;
  let links: Body[];

  beforeAll(async () => {
    home = await clinic('Provider List', 2);
    // Created out of name order, so creation order cannot pass for name order.
    unlinked = await createProvider(t, home.organisationId, { firstName: 'Zoe', lastName: 'Adams' });
    linked = await createProvider(t, home.organisationId, { firstName: 'Mia', lastName: 'Adams' });
    links = [
      await createLink(t, home.organisationId, linked.id, home.locations[1].id, FULL_LINK),
      await createLink(t, home.organisationId, linked.id, home.locations[0].id, { acceptedTerms: false }),
    ];
    const deleted = await createProvider(t, home.organisationId, { firstName: 'Ben', lastName: 'Adams' });
    await del(providersPath(home.organisationId, `/${deleted.id}`)).expect(200);
    await createProvider(t, home.organisationId, { firstName: 'Ava', lastName: 'Brown' });
  });

  it('orders by lastName, firstName, id, leaves out deleted providers, and always shows locationIds', async () => {
    const response = await get(providersPath(home.organisationId)).expect(200);
    expect(response.body).toMatchObject({ page: 1, limit: 10, totalItems: 3, totalPages: 1 });
    expect(response.body.items.map((item: Body) => `${item.firstName} ${item.lastName}`)).toEqual([
      'Mia Adams',
      'Zoe Adams',
      'Ava Brown',
    ]);
    for (const item of response.body.items) {
      expect(Object.keys(item).sort()).toEqual(PROVIDER_FIELDS);
      expect(item).not.toHaveProperty('locationLinks');
      expect(item).not.toHaveProperty('locations');
    }
    expect(response.body.items[0].locationIds).toEqual([home.locations[1].id, home.locations[0].id]);
    expect(response.body.items[1].locationIds).toEqual([]);
  });

  it('includes deleted providers, in order, with includeDeleted=true', async () => {
    const response = await get(providersPath(home.organisationId, '?includeDeleted=true')).expect(200);
    expect(response.body.totalItems).toBe(4);
    expect(response.body.items.map((item: Body) => `${item.firstName} ${item.lastName} ${item.deleted}`)).toEqual([
      'Ben Adams true',
      'Mia Adams false',
      'Zoe Adams false',
      'Ava Brown false',
    ]);
  });

  it.each(['maybe', 'yes', '1', 'TRUE'])('answers 400 naming includeDeleted for includeDeleted=%s', async (value) => {
    expectInvalid(await get(providersPath(home.organisationId, `?includeDeleted=${value}`)), 'includeDeleted');
  });

  it.each([
    ['expand=locationLinks,locations'],
    ['expand=locationLinks&expand=locations'],
    ['expand[]=locationLinks&expand[]=locations'],
    ['expand=locations,locationLinks,locations'],
  ])("adds each provider's links and locations for %s", async (query) => {
    const response = await get(providersPath(home.organisationId, `?${query}`)).expect(200);
    const [mia, zoe] = response.body.items;
    expect(mia.id).toBe(linked.id);
    expect(mia.locationIds).toEqual([home.locations[1].id, home.locations[0].id]);
    expect(mia.locationLinks).toEqual(links);
    expect(mia.locations).toEqual([withoutRegistrations(home.locations[1]), withoutRegistrations(home.locations[0])]);
    for (const location of mia.locations) {
      expect(location).not.toHaveProperty('business');
      expect(location).not.toHaveProperty('registrations');
      expect(location).not.toHaveProperty('organisation');
    }
    expect(zoe).toMatchObject({ id: unlinked.id, locationIds: [], locationLinks: [], locations: [] });
  });

  it('adds only the expansion asked for', async () => {
    const onlyLinks = await get(providersPath(home.organisationId, '?expand=locationLinks')).expect(200);
    expect(onlyLinks.body.items[0].locationLinks).toEqual(links);
    expect(onlyLinks.body.items[0]).not.toHaveProperty('locations');
    const onlyLocations = await get(providersPath(home.organisationId, '?expand=locations')).expect(200);
    expect(onlyLocations.body.items[0].locations.map((location: Body) => location.id)).toEqual([
      home.locations[1].id,
      home.locations[0].id,
    ]);
    expect(onlyLocations.body.items[0]).not.toHaveProperty('locationLinks');
  });

  it('expands a single provider the same way', async () => {
    const response = await get(
      providersPath(home.organisationId, `/${linked.id}?expand[]=locationLinks&expand[]=locations`),
    ).expect(200);
    expect(response.body.locationLinks).toEqual(links);
    expect(response.body.locations.map((location: Body) => location.id)).toEqual([
      home.locations[1].id,
      home.locations[0].id,
    ]);
  });

  it.each(['expand=links', 'expand=locationLinks,business', 'expand[]=locations&expand[]=registrations'])(
    'answers 400 listing the allowed values for %s',
    async (query) => {
      const response = await get(providersPath(home.organisationId, `?${query}`));
      expectInvalid(response, 'expand');
      const error = response.body.errors.find((candidate: Body) => candidate.field === 'expand');
      expect(error.message).toContain('locationLinks');
      expect(error.message).toContain('locations');
    },
  );

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'page=0', 'page=1.5'])(
    'answers 400 naming the parameter for %s',
    async (query) => {
      expectInvalid(await get(providersPath(home.organisationId, `?${query}`)), query.split('=')[0]);
    },
  );
});

describe('paging providers who share a last name', () => {
  it('walks pages of 2 with no repeat and no gap, in the exact order lastName, firstName, id', async () => {
    const { organisationId } = await clinic('Provider Paging', 0);
    // Seven Nguyens, some sharing a first name too, created out of name order.
    const firstNames = ['Minh', 'Anh', 'Bao', 'Anh', 'Minh', 'Chi', 'Anh'];
    const created = [];
    for (const firstName of firstNames)
      created.push(await createProvider(t, organisationId, { firstName, lastName: 'Nguyen' }));

    const { pages, items } = await walk(organisationId, 2);
    expect(pages).toHaveLength(4);
    pages.forEach((page, index) =>
      expect(page).toMatchObject({ page: index + 1, limit: 2, totalItems: 7, totalPages: 4 }),
    );
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);

    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual([...created].sort(byName).map((provider) => provider.id));
    expect(items.map((item) => item.firstName)).toEqual(['Anh', 'Anh', 'Anh', 'Bao', 'Chi', 'Minh', 'Minh']);

    // The same walk again, and with other page sizes, gives the same order.
    expect((await walk(organisationId, 2)).items.map((item) => item.id)).toEqual(ids);
    expect((await walk(organisationId, 3)).items.map((item) => item.id)).toEqual(ids);
    expect((await walk(organisationId, 200)).items.map((item) => item.id)).toEqual(ids);

    const past = await get(providersPath(organisationId, '?limit=2&page=5')).expect(200);
    expect(past.body).toEqual({ items: [], page: 5, limit: 2, totalItems: 7, totalPages: 4 });
    const last = await get(providersPath(organisationId, '?limit=2&page=9007199254740991')).expect(200);
    expect(last.body).toEqual({ items: [], page: 9007199254740991, limit: 2, totalItems: 7, totalPages: 4 });
    expectInvalid(await get(providersPath(organisationId, '?limit=2&page=9007199254740992')), 'page');
  });
});

describe('SQL statements of the providers list', () => {
  it('runs the same number of statements at limit=1 and limit=200 with both expansions', async () => {
    const home = await clinic('Provider Statements', 3);
    for (let i = 0; i < 6; i++) {
      const provider = await createProvider(t, home.organisationId, { firstName: `First${i}`, lastName: 'Statements' });
      for (const location of home.locations.slice(0, 1 + (i % 3)))
        await createLink(t, home.organisationId, provider.id, location.id);
    }
    const path = (limit: number) =>
      providersPath(home.organisationId, `?limit=${limit}&expand=locationLinks,locations`);
    await get(path(1)).expect(200); // warm the key cache

    let one: Response | undefined;
    let all: Response | undefined;
    const small = await countRequestStatements(async () => {
      one = await get(path(1));
    });
    const large = await countRequestStatements(async () => {
      all = await get(path(200));
    });
    expect(one?.status).toBe(200);
    expect(all?.status).toBe(200);
    expect(one?.body.items).toHaveLength(1);
    expect(all?.body.items).toHaveLength(6);
    expect(all?.body.items.flatMap((item: Body) => item.locationLinks)).toHaveLength(1 + 2 + 3 + 1 + 2 + 3);
    expect(all?.body.items.flatMap((item: Body) => item.locations)).toHaveLength(12);
    expect(small.statements.length).toBeGreaterThan(0);
    expect(large.statements.length).toBe(small.statements.length);
  });
});

describe('POST /v1/organisations/{organisationId}/providers/{providerId}/location-links', () => {
  let home: Clinic;
  let other: Clinic;

  beforeAll(async () => {
    home = await clinic('Links', 3);
    other = await clinic('Links Other', 1);
  });

  it('links a provider to a location with every ProviderLocationLink field, answers 201 with a Location header', async () => {
    const provider = await createProvider(t, home.organisationId);
    const response = await post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
      locationId: home.locations[0].id,
      ...FULL_LINK,
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(LINK_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      providerId: provider.id,
      locationId: home.locations[0].id,
      deleted: false,
      ...FULL_LINK,
    });
    expect(response.headers.location).toEqual(
      expect.stringContaining(`/v1/organisations/${home.organisationId}/providers/${provider.id}`),
    );

    const read = await get(providersPath(home.organisationId, `/${provider.id}?expand=locationLinks`)).expect(200);
    expect(read.body.locationIds).toEqual([home.locations[0].id]);
    expect(read.body.locationLinks).toEqual([response.body]);
  });

  it('gives a link sent with only locationId false and null for the rest', async () => {
    const provider = await createProvider(t, home.organisationId);
    const link = await createLink(t, home.organisationId, provider.id, home.locations[0].id);
    expect(link).toMatchObject({
      acceptedTerms: false,
      categoryCode: null,
      deleted: false,
      medicare: { suggestedProviderNumber: null, providerNumber: null, startDate: null, registrationLetter: null },
      association: { registrationLetter: null },
    });
  });

  it('stores a start date sent with an offset as the same instant in UTC', async () => {
    const provider = await createProvider(t, home.organisationId);
    const link = await createLink(t, home.organisationId, provider.id, home.locations[0].id, {
      medicare: { startDate: '2026-02-01T10:00:00+10:00' },
    });
    expect(link.medicare.startDate).toBe('2026-02-01T00:00:00.000Z');
  });

  it.each<[string, Body, string]>([
    ['providerNumber', { providerNumber: '2429591X' }, 'medicare.providerNumber'],
    ['suggestedProviderNumber', { suggestedProviderNumber: '2429591X' }, 'medicare.suggestedProviderNumber'],
    ['providerNumber with a location character I', { providerNumber: '242959IL' }, 'medicare.providerNumber'],
  ])(
    'refuses an invalid Medicare %s with 400 invalid_provider_number, and links nothing',
    async (_, medicare, field) => {
      const provider = await createProvider(t, home.organisationId);
      const response = await post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
        locationId: home.locations[0].id,
        medicare,
      });
      expectInvalid(response, field, 'invalid_provider_number');
      expect((await get(providersPath(home.organisationId, `/${provider.id}`)).expect(200)).body.locationIds).toEqual(
        [],
      );
    },
  );

  it('accepts the valid provider number 2429591L, also typed in lower case', async () => {
    const provider = await createProvider(t, home.organisationId);
    const link = await createLink(t, home.organisationId, provider.id, home.locations[0].id, {
      medicare: { providerNumber: '2429591l' },
    });
    expect(link.medicare.providerNumber).toBe('2429591L');
  });

  it.each<[string, (locationId: string) => Body, string]>([
    ['a locationId that is not an id', () => ({ locationId: 'bondi' }), 'locationId'],
    ['a missing locationId', () => ({ acceptedTerms: true }), 'locationId'],
    [
      'a start date that is not a date-time',
      (locationId) => ({ locationId, medicare: { startDate: 'next Monday' } }),
      'medicare.startDate',
    ],
    ['acceptedTerms that is not a boolean', (locationId) => ({ locationId, acceptedTerms: 'yes' }), 'acceptedTerms'],
    ['an unknown medicare field', (locationId) => ({ locationId, medicare: { stem: '242959' } }), 'medicare.stem'],
  ])('answers 400 naming the field for %s', async (_, body, field) => {
    const provider = await createProvider(t, home.organisationId);
    expectInvalid(
      await post(providersPath(home.organisationId, `/${provider.id}/location-links`), body(home.locations[0].id)),
      field,
    );
  });

  it('allows one live link per provider and location: a second answers 409 location_link_exists, another location is fine', async () => {
    const provider = await createProvider(t, home.organisationId);
    await createLink(t, home.organisationId, provider.id, home.locations[0].id);
    expectProblem(
      await post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
        locationId: home.locations[0].id,
        ...FULL_LINK,
      }),
      409,
      'location_link_exists',
    );
    await createLink(t, home.organisationId, provider.id, home.locations[1].id);
    const read = await get(providersPath(home.organisationId, `/${provider.id}?expand=locationLinks`)).expect(200);
    expect(read.body.locationIds).toEqual([home.locations[0].id, home.locations[1].id]);
    expect(read.body.locationLinks).toHaveLength(2);
  });

  it('lets another provider link to the same location', async () => {
    const first = await createProvider(t, home.organisationId);
    const second = await createProvider(t, home.organisationId);
    await createLink(t, home.organisationId, first.id, home.locations[2].id);
    await createLink(t, home.organisationId, second.id, home.locations[2].id);
  });

  it('settles 5 concurrent creates of the same link as exactly one 201 and four 409 location_link_exists', async () => {
    const provider = await createProvider(t, home.organisationId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
          locationId: home.locations[1].id,
          categoryCode: `attempt-${i}`,
        }).then((response) => response),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.status === 409))
      expectProblem(response, 409, 'location_link_exists');
    const created = responses.find((response) => response.status === 201)!;
    const read = await get(providersPath(home.organisationId, `/${provider.id}?expand=locationLinks`)).expect(200);
    expect(read.body.locationIds).toEqual([home.locations[1].id]);
    expect(read.body.locationLinks).toEqual([created.body]);
  });

  it('answers 404 naming locationId for a location of another organisation, and links nothing', async () => {
    const provider = await createProvider(t, home.organisationId);
    const response = await post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
      locationId: other.locations[0].id,
    });
    expectNotFound(response, 'locationId');
    expect(JSON.stringify(response.body)).not.toContain(other.locations[0].name);
    expect((await get(providersPath(home.organisationId, `/${provider.id}`)).expect(200)).body.locationIds).toEqual([]);
  });

  it('answers 404 naming locationId for a location that does not exist', async () => {
    const provider = await createProvider(t, home.organisationId);
    expectNotFound(
      await post(providersPath(home.organisationId, `/${provider.id}/location-links`), { locationId: randomUUID() }),
      'locationId',
    );
  });

  it('answers 409 provider_deleted for a deleted provider', async () => {
    const provider = await createProvider(t, home.organisationId);
    await del(providersPath(home.organisationId, `/${provider.id}`)).expect(200);
    expectProblem(
      await post(providersPath(home.organisationId, `/${provider.id}/location-links`), {
        locationId: home.locations[0].id,
      }),
      409,
      'provider_deleted',
    );
    expect((await get(providersPath(home.organisationId, `/${provider.id}`)).expect(200)).body.locationIds).toEqual([]);
  });

  it('answers 404 for a provider of another organisation and for a malformed provider id', async () => {
    const foreign = await createProvider(t, other.organisationId);
    expectNotFound(
      await post(providersPath(home.organisationId, `/${foreign.id}/location-links`), {
        locationId: home.locations[0].id,
      }),
    );
    expectNotFound(
      await post(providersPath(home.organisationId, '/not-a-uuid/location-links'), {
        locationId: home.locations[0].id,
      }),
    );
    expect((await get(providersPath(other.organisationId, `/${foreign.id}`)).expect(200)).body.locationIds).toEqual([]);
  });

  it('replays the first answer (201, not 409) for a retry with the same Idempotency-Key', async () => {
    const provider = await createProvider(t, home.organisationId);
    const body = { locationId: home.locations[0].id, ...FULL_LINK };
    const key = `link-${RUN}`;
    const first = await post(
      providersPath(home.organisationId, `/${provider.id}/location-links`),
      body,
      t.platformAuth,
      key,
    );
    const second = await post(
      providersPath(home.organisationId, `/${provider.id}/location-links`),
      body,
      t.platformAuth,
      key,
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    const read = await get(providersPath(home.organisationId, `/${provider.id}?expand=locationLinks`)).expect(200);
    expect(read.body.locationLinks).toEqual([first.body]);
  });
});

describe('tenancy of providers', () => {
  let home: Clinic;
  let other: Clinic;
  let foreign: Body;

  beforeAll(async () => {
    home = await clinic('Provider Tenancy', 1);
    other = await clinic('Provider Tenancy Other', 1);
    foreign = await createProvider(t, other.organisationId, { firstName: 'Foreign', lastName: named('Tenant') });
  });

  it('lets an organisation key create, link, read and delete its own providers', async () => {
    const created = await post(providersPath(home.organisationId), { firstName: 'Own', lastName: 'Key' }, home.auth);
    expect(created.status).toBe(201);
    await post(
      providersPath(home.organisationId, `/${created.body.id}/location-links`),
      { locationId: home.locations[0].id },
      home.auth,
    ).expect(201);
    const list = await get(providersPath(home.organisationId, '?expand=locations'), home.auth).expect(200);
    expect(list.body.items.map((item: Body) => item.id)).toEqual([created.body.id]);
    expect(
      (await del(providersPath(home.organisationId, `/${created.body.id}`), home.auth).expect(200)).body.deleted,
    ).toBe(true);
  });

  it("answers 403 to an organisation key on another organisation's providers", async () => {
    expectProblem(await get(providersPath(other.organisationId), home.auth), 403, 'forbidden');
    expectProblem(
      await post(providersPath(other.organisationId), { firstName: 'Intruder', lastName: 'Key' }, home.auth),
      403,
      'forbidden',
    );
    expectProblem(await get(providersPath(other.organisationId, `/${foreign.id}`), home.auth), 403, 'forbidden');
    expectProblem(await del(providersPath(other.organisationId, `/${foreign.id}`), home.auth), 403, 'forbidden');
    expectProblem(
      await post(
        providersPath(other.organisationId, `/${foreign.id}/location-links`),
        { locationId: other.locations[0].id },
        home.auth,
      ),
      403,
      'forbidden',
    );
    expect((await get(providersPath(other.organisationId, `/${foreign.id}`)).expect(200)).body).toMatchObject({
      deleted: false,
      locationIds: [],
    });
  });

  it("answers 404 (not 403) to an organisation key asking its own organisation for another organisation's provider or location", async () => {
    expectNotFound(await get(providersPath(home.organisationId, `/${foreign.id}`), home.auth));
    expectNotFound(await del(providersPath(home.organisationId, `/${foreign.id}`), home.auth));
    const own = await post(
      providersPath(home.organisationId),
      { firstName: 'Own', lastName: 'Other Location' },
      home.auth,
    ).expect(201);
    expectNotFound(
      await post(
        providersPath(home.organisationId, `/${own.body.id}/location-links`),
        { locationId: other.locations[0].id },
        home.auth,
      ),
      'locationId',
    );
  });

  it('answers 401 without a key', async () => {
    const response = await t.http().get(providersPath(home.organisationId));
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });
});
