import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { newPrefixedId } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  created,
  createBusiness,
  createOrganisation,
  createTenant,
  ISO_INSTANT,
  named,
  orgPath,
  postJson,
  RUN,
  type Body,
  type Tenant,
  UUID,
  VALID_ABN,
  withSlowStatements,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: each test makes its
// own organisations, and every check is scoped to ids this file created.

const BUSINESS_FIELDS = [
  'id',
  'name',
  'settings',
  'createdAt',
  'updatedAt',
  'taxIdentifier',
  'countryCode',
  'merchantId',
  'gstRegistered',
  'capabilities',
  'events',
].sort();
const LOCATION_FIELDS = [
  'id',
  'name',
  'createdAt',
  'updatedAt',
  'timeZone',
  'address',
  'suggestedTaxIdentifier',
  'bookingCustomText',
  'businessId',
  'email',
  'organisationId',
];
const ADDRESS_FIELDS = ['line1', 'line2', 'suburb', 'city', 'state', 'postcode', 'country', 'countryCode'].sort();
const PLAN_TEMPLATE_LINK_FIELDS = ['url', 'id', 'createdAt', 'updatedAt', 'planTemplateId', 'businessId'].sort();
const CAPABILITIES = [
  { type: 'card_payments', enabled: true },
  { type: 'health_fund_claims', enabled: true },
  { type: 'medicare_claims', enabled: false },
];
const ADDRESS = {
  line1: 'Level 2, 88 Bondi Road',
  line2: 'Suite 4',
  suburb: 'Bondi Junction',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2022',
  country: 'Australia',
  countryCode: 'AU',
};
const REGISTRATIONS = [
  {
    medicare: {
      minorId: '01',
      prodaLocationId: 'PRODA-4471829',
      status: 'active',
      providerAgreementSubmissionUrl: 'https://proda.humanservices.gov.au/agreements/4471829',
      isUsingOtherClaimSoftware: true,
    },
    phi: { phiLocationId: 'HICAPS-88213', status: 'pending' },
  },
];

let t: TestApp;

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const post = (path: string, body: unknown, auth = t.platformAuth, idempotencyKey?: string) =>
  postJson(t, path, body, auth, idempotencyKey);

/** Not the shared fixture: the locations this file lists and expands carry the full address, line2 included. */
function createLocation(
  organisationId: string,
  businessId: string,
  body: Body = {},
  auth = t.platformAuth,
): Promise<Body> {
  return created(
    post(
      orgPath(organisationId, '/locations'),
      { businessId, name: named('Bondi Junction'), timeZone: 'Australia/Sydney', address: ADDRESS, ...body },
      auth,
    ),
  );
}

/** Newest first: `createdAt desc, id desc`. */
function isNewestFirst(items: Body[]): boolean {
  return items.every((item, index) => {
    if (index === 0) return true;
    const previous = items[index - 1];
    return previous.createdAt > item.createdAt || (previous.createdAt === item.createdAt && previous.id > item.id);
  });
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /v1/organisations/{organisationId}/businesses', () => {
  it('creates an AU business: the ABN is stored as 11 digits, settings, capabilities and merchantId are kept, and the Location header reads it back', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Create');
    const response = await post(orgPath(organisationId, '/businesses'), {
      name: named('Harbour Physio Pty Ltd'),
      taxIdentifier: VALID_ABN,
      countryCode: 'AU',
      merchantId: 'acct_1PqRsTuVwXyZ0123',
      settings: { autoReconciliationEnabled: true, autoInviteClientsEnabled: false },
      capabilities: CAPABILITIES,
      events: { payoutsEnabledAt: '2026-01-12T00:00:00.000Z' },
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(BUSINESS_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      name: named('Harbour Physio Pty Ltd'),
      settings: { autoReconciliationEnabled: true, autoInviteClientsEnabled: false },
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      taxIdentifier: '51824753556',
      countryCode: 'AU',
      merchantId: 'acct_1PqRsTuVwXyZ0123',
      gstRegistered: true,
      capabilities: CAPABILITIES,
      events: { payoutsEnabledAt: '2026-01-12T00:00:00.000Z' },
    });
    expect(response.headers.location).toBe(`/v1/organisations/${organisationId}/businesses/${response.body.id}`);

    const read = await get(response.headers.location).expect(200);
    expect(read.body).toEqual(response.body);
  });

  it('gives a business sent without settings, capabilities or merchant the documented defaults', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Defaults');
    // Sent without merchantId, as the fixture would give one.
    const business = await createBusiness(t, organisationId, {
      merchantId: undefined,
      settings: { autoInviteClientsEnabled: true },
    });
    expect(business).toMatchObject({
      countryCode: 'AU',
      merchantId: null,
      settings: { autoReconciliationEnabled: false, autoInviteClientsEnabled: true },
      capabilities: [],
      events: {},
    });
  });

  it('refuses an AU business whose ABN checksum is wrong (400 taxIdentifier invalid_abn) and stores nothing', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Bad ABN');
    const response = await post(orgPath(organisationId, '/businesses'), {
      name: named('Harbour Physio'),
      taxIdentifier: '51 824 753 557',
      countryCode: 'AU',
    });
    expectInvalid(response, 'taxIdentifier', 'invalid_abn');
    expect(response.body.errors[0].field).toBe('taxIdentifier');

    const list = await get(orgPath(organisationId, '/businesses')).expect(200);
    expect(list.body.totalItems).toBe(0);
  });

  it('refuses settings sent as a list, which would be stored under the keys "0", "1", …, and stores nothing', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Listed Settings');
    const response = await post(orgPath(organisationId, '/businesses'), {
      name: named('Harbour Physio'),
      taxIdentifier: VALID_ABN,
      settings: [{ autoReconciliationEnabled: true }],
    });
    expectInvalid(response, 'settings');
    expect((await get(orgPath(organisationId, '/businesses')).expect(200)).body.totalItems).toBe(0);
  });

  it.each([['12345678901'], ['5182475355'], ['ABN 51824753556']])(
    'checks the ABN of a business sent without countryCode (AU by default): %p → 400',
    async (taxIdentifier) => {
      const { id: organisationId } = await createOrganisation(t, 'Business Default Country');
      expectInvalid(
        await post(orgPath(organisationId, '/businesses'), { name: named('Harbour Physio'), taxIdentifier }),
        'taxIdentifier',
        'invalid_abn',
      );
    },
  );

  it('skips the ABN check for a business outside Australia and keeps its tax identifier as sent', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business NZ');
    const business = await createBusiness(t, organisationId, {
      name: named('Kiwi Physio Ltd'),
      taxIdentifier: '123-456-789',
      countryCode: 'NZ',
    });
    expect(business).toMatchObject({ countryCode: 'NZ', taxIdentifier: '123-456-789' });
  });

  it.each<[string, Body, string, string?]>([
    ['a missing name', { taxIdentifier: VALID_ABN }, 'name', 'required'],
    ['an empty name', { name: '', taxIdentifier: VALID_ABN }, 'name', 'required'],
    ['a missing taxIdentifier', { name: 'Harbour Physio' }, 'taxIdentifier', 'required'],
    [
      'a three-letter countryCode',
      { name: 'Harbour Physio', taxIdentifier: VALID_ABN, countryCode: 'AUS' },
      'countryCode',
      undefined,
    ],
    [
      'capabilities that are not an array',
      { name: 'Harbour Physio', taxIdentifier: VALID_ABN, capabilities: 'all' },
      'capabilities',
      'invalid_type',
    ],
    [
      'a setting that is not a boolean',
      { name: 'Harbour Physio', taxIdentifier: VALID_ABN, settings: { autoReconciliationEnabled: 'yes' } },
      'settings.autoReconciliationEnabled',
      'invalid_type',
    ],
    ['an unknown field', { name: 'Harbour Physio', taxIdentifier: VALID_ABN, abn: VALID_ABN }, 'abn', 'unknown_field'],
  ])('answers 400 naming the field for %s', async (_, body, field, code) => {
    const { id: organisationId } = await createOrganisation(t, 'Business Invalid');
    expectInvalid(await post(orgPath(organisationId, '/businesses'), body), field, code);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const missing = newPrefixedId('org');
    expectNotFound(await post(orgPath(missing, '/businesses'), { name: 'Ghost Physio', taxIdentifier: VALID_ABN }));
    expectNotFound(await get(orgPath(missing, '/businesses')));
  });

  it('replays the first answer for a retry with the same Idempotency-Key, and creates one business', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Idempotent');
    const body = { name: named('Retry Physio'), taxIdentifier: VALID_ABN };
    const key = `business-${RUN}`;
    const first = await post(orgPath(organisationId, '/businesses'), body, t.platformAuth, key);
    const second = await post(orgPath(organisationId, '/businesses'), body, t.platformAuth, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);

    const list = await get(orgPath(organisationId, '/businesses')).expect(200);
    expect(list.body.items.map((item: Body) => item.id)).toEqual([first.body.id]);

    expectProblem(
      await post(orgPath(organisationId, '/businesses'), { ...body, name: named('Other Physio') }, t.platformAuth, key),
      422,
      'idempotency_key_reused',
    );
  });
});

describe('GET /v1/organisations/{organisationId}/businesses', () => {
  it("lists only the organisation's businesses, newest first, in the paging envelope", async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business List');
    const { id: otherId } = await createOrganisation(t, 'Business List Other');
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createBusiness(t, organisationId, { name: named(`Business ${i}`) }));
    await createBusiness(t, otherId);

    const response = await get(orgPath(organisationId, '/businesses?limit=200')).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['items', 'limit', 'page', 'totalItems', 'totalPages']);
    expect(response.body).toMatchObject({ page: 1, limit: 200, totalItems: 3, totalPages: 1 });
    expect(response.body.items.map((item: Body) => item.id).sort()).toEqual(created.map((item) => item.id).sort());
    expect(isNewestFirst(response.body.items)).toBe(true);
    expect(response.body.items).toEqual(expect.arrayContaining(created));

    const second = await get(orgPath(organisationId, '/businesses?limit=2&page=2')).expect(200);
    expect(second.body).toMatchObject({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
    expect(second.body.items).toEqual([response.body.items[2]]);

    const past = await get(orgPath(organisationId, '/businesses?limit=2&page=9')).expect(200);
    expect(past.body).toEqual({ items: [], page: 9, limit: 2, totalItems: 3, totalPages: 2 });
  });

  it.each(['limit=0', 'limit=201', 'page=0', 'page=abc', 'limit=1.5'])(
    'answers 400 naming the parameter for %s',
    async (query) => {
      const { id: organisationId } = await createOrganisation(t, 'Business Paging');
      expectInvalid(await get(orgPath(organisationId, `/businesses?${query}`)), query.split('=')[0]);
    },
  );
});

describe('GET /v1/organisations/{organisationId}/businesses/{businessId}', () => {
  it('answers 404, never the business, for a business of another organisation', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Get Own');
    const { id: otherId } = await createOrganisation(t, 'Business Get Other');
    const foreign = await createBusiness(t, otherId);
    const response = await get(orgPath(organisationId, `/businesses/${foreign.id}`));
    expectNotFound(response);
    expect(JSON.stringify(response.body)).not.toContain(foreign.name);
  });

  it.each([
    'not-a-uuid',
    '12345',
    `${'0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a'}x`,
    "0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6'",
  ])('answers 404 (not 400 or 500) for the malformed id %p', async (id) => {
    const { id: organisationId } = await createOrganisation(t, 'Business Malformed');
    expectNotFound(await get(orgPath(organisationId, `/businesses/${encodeURIComponent(id)}`)));
  });

  it('answers 404 for a well-formed id that names nothing', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Business Unknown');
    expectNotFound(await get(orgPath(organisationId, `/businesses/${randomUUID()}`)));
  });
});

describe('POST /v1/organisations/{organisationId}/locations', () => {
  it('creates a location with its address and registrations, answers 201 with a Location header that reads it back', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Create');
    const business = await createBusiness(t, organisationId);
    const response = await post(orgPath(organisationId, '/locations'), {
      businessId: business.id,
      name: named('Bondi Junction'),
      timeZone: 'Australia/Sydney',
      address: ADDRESS,
      email: 'bondi@harbourphysio.com.au',
      suggestedTaxIdentifier: '51824753556',
      bookingCustomText: 'Please arrive 10 minutes early.',
      registrations: REGISTRATIONS,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(UUID),
      name: named('Bondi Junction'),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      timeZone: 'Australia/Sydney',
      address: ADDRESS,
      email: 'bondi@harbourphysio.com.au',
      suggestedTaxIdentifier: '51824753556',
      bookingCustomText: 'Please arrive 10 minutes early.',
      businessId: business.id,
      organisationId,
    });
    expect(response.headers.location).toBe(`/v1/organisations/${organisationId}/locations/${response.body.id}`);
    const read = await get(response.headers.location).expect(200);
    expect(read.body).toEqual(response.body);

    // The stored registrations, as the list shows them when asked.
    const list = await get(orgPath(organisationId, '/locations?expand=registrations')).expect(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].registrations).toEqual(REGISTRATIONS);
    expect(list.body.items[0].address).toEqual(ADDRESS);
  });

  it('keeps the claiming terminals sent (each once), shown with expand=registrations; none when none are sent', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Terminals');
    const business = await createBusiness(t, organisationId);
    const withTerminals = await createLocation(organisationId, business.id, {
      terminalIds: ['HICAPS-T-0042', 'TYRO-7', 'HICAPS-T-0042'],
    });
    const without = await createLocation(organisationId, business.id);
    expect(withTerminals).not.toHaveProperty('terminalIds');
    const read = async (id: string, query = '') =>
      (await get(orgPath(organisationId, `/locations/${id}${query}`)).expect(200)).body;
    expect(await read(withTerminals.id)).not.toHaveProperty('terminalIds');
    expect((await read(withTerminals.id, '?expand=registrations')).terminalIds).toEqual(['HICAPS-T-0042', 'TYRO-7']);
    expect((await read(without.id, '?expand=registrations')).terminalIds).toEqual([]);
    const list = await get(orgPath(organisationId, '/locations?expand=registrations')).expect(200);
    expect(Object.fromEntries(list.body.items.map((item: Body) => [item.id, item.terminalIds]))).toEqual({
      [withTerminals.id]: ['HICAPS-T-0042', 'TYRO-7'],
      [without.id]: [],
    });
  });

  it('fills address parts that were not sent with null and gives missing registration parts their defaults', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Partial');
    const business = await createBusiness(t, organisationId);
    await createLocation(organisationId, business.id, {
      address: { line1: '1 Beach Rd', postcode: '6000' },
      registrations: [{ phi: { phiLocationId: 'HICAPS-1' } }],
    });
    const list = await get(orgPath(organisationId, '/locations?expand=registrations')).expect(200);
    const [location] = list.body.items;
    expect(Object.keys(location.address).sort()).toEqual(ADDRESS_FIELDS);
    expect(location.address).toEqual({
      line1: '1 Beach Rd',
      line2: null,
      suburb: null,
      city: null,
      state: null,
      postcode: '6000',
      country: null,
      countryCode: null,
    });
    expect(location.registrations).toEqual([{ medicare: null, phi: { phiLocationId: 'HICAPS-1', status: null } }]);
    expect(location.email).toBeNull();
  });

  it.each(['Australia/Sydney', 'Australia/Perth', 'Australia/Lord_Howe'])(
    'accepts the IANA time zone %s',
    async (timeZone) => {
      const { id: organisationId } = await createOrganisation(t, 'Location Zone');
      const business = await createBusiness(t, organisationId);
      expect((await createLocation(organisationId, business.id, { timeZone })).timeZone).toBe(timeZone);
    },
  );

  it.each(['Mars/Olympus', 'AEST', '+10:00', '', 10])(
    'refuses the time zone %p with 400 naming timeZone, and stores nothing',
    async (timeZone) => {
      const { id: organisationId } = await createOrganisation(t, 'Location Bad Zone');
      const business = await createBusiness(t, organisationId);
      const response = await post(orgPath(organisationId, '/locations'), {
        businessId: business.id,
        name: 'Bondi',
        timeZone,
        address: ADDRESS,
      });
      expectInvalid(response, 'timeZone');
      const list = await get(orgPath(organisationId, '/locations')).expect(200);
      expect(list.body.totalItems).toBe(0);
    },
  );

  it('answers 404 naming businessId for a business of another organisation, and stores nothing', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Foreign Business');
    const { id: otherId } = await createOrganisation(t, 'Location Foreign Business Other');
    const foreign = await createBusiness(t, otherId);
    const response = await post(orgPath(organisationId, '/locations'), {
      businessId: foreign.id,
      name: 'Bondi',
      timeZone: 'Australia/Sydney',
      address: ADDRESS,
    });
    expectNotFound(response, 'businessId');
    expect(JSON.stringify(response.body)).not.toContain(foreign.name);
    expect((await get(orgPath(organisationId, '/locations')).expect(200)).body.totalItems).toBe(0);
    expect((await get(orgPath(otherId, '/locations')).expect(200)).body.totalItems).toBe(0);
  });

  it('answers 404 naming businessId for a business that does not exist', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Unknown Business');
    const response = await post(orgPath(organisationId, '/locations'), {
      businessId: randomUUID(),
      name: 'Bondi',
      timeZone: 'Australia/Sydney',
      address: ADDRESS,
    });
    expectNotFound(response, 'businessId');
  });

  it.each<[string, (businessId: string) => Body, string, string?]>([
    [
      'a businessId that is not an id',
      () => ({ businessId: 'harbour', name: 'Bondi', timeZone: 'Australia/Sydney', address: ADDRESS }),
      'businessId',
      undefined,
    ],
    [
      'a missing name',
      (businessId) => ({ businessId, timeZone: 'Australia/Sydney', address: ADDRESS }),
      'name',
      'required',
    ],
    [
      'a missing address',
      (businessId) => ({ businessId, name: 'Bondi', timeZone: 'Australia/Sydney' }),
      'address',
      undefined,
    ],
    [
      'a bad email',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: ADDRESS,
        email: 'bondi at harbour',
      }),
      'email',
      undefined,
    ],
    [
      'an unknown address field',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: { ...ADDRESS, planet: 'Earth' },
      }),
      'address.planet',
      'unknown_field',
    ],
    [
      'a registration URL that is not http(s)',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: ADDRESS,
        registrations: [{ medicare: { providerAgreementSubmissionUrl: 'not a url' } }],
      }),
      'registrations[0].medicare.providerAgreementSubmissionUrl',
      undefined,
    ],
    // A postcode sent as a number is a type error, as for every other string field, not "too long".
    [
      'a postcode sent as a number',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: { ...ADDRESS, postcode: 2022 },
      }),
      'address.postcode',
      'invalid_type',
    ],
    [
      'a phi status that is not one of pending, active and inactive',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: ADDRESS,
        registrations: [{ phi: { status: 1 } }],
      }),
      'registrations[0].phi.status',
      'invalid_value',
    ],
    [
      'a Medicare status in words of its own',
      (businessId) => ({
        businessId,
        name: 'Bondi',
        timeZone: 'Australia/Sydney',
        address: ADDRESS,
        registrations: [{ medicare: { minorId: '01', status: 'approved' } }],
      }),
      'registrations[0].medicare.status',
      'invalid_value',
    ],
    ...(
      [
        ['terminalIds that is not a list', 'HICAPS-T-0042', 'invalid_type'],
        ['more than 20 terminals', Array.from({ length: 21 }, (_, n) => `T-${n}`), 'too_many'],
        ['an empty terminal id', [''], 'too_short'],
        ['a terminal id over 50 characters', ['T'.repeat(51)], 'too_long'],
      ] as const
    ).map(([name, terminalIds, code]): [string, (businessId: string) => Body, string, string] => [
      name,
      (businessId) => ({ businessId, name: 'Bondi', timeZone: 'Australia/Sydney', address: ADDRESS, terminalIds }),
      'terminalIds',
      code,
    ]),
  ])('answers 400 naming the field for %s', async (_, body, field, code) => {
    const { id: organisationId } = await createOrganisation(t, 'Location Invalid');
    const business = await createBusiness(t, organisationId);
    expectInvalid(await post(orgPath(organisationId, '/locations'), body(business.id)), field, code);
  });

  it('replays the first answer for a retry with the same Idempotency-Key, and creates one location', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Location Idempotent');
    const business = await createBusiness(t, organisationId);
    const body = {
      businessId: business.id,
      name: named('Retry Location'),
      timeZone: 'Australia/Sydney',
      address: ADDRESS,
    };
    const key = `location-${RUN}`;
    const first = await post(orgPath(organisationId, '/locations'), body, t.platformAuth, key);
    const second = await post(orgPath(organisationId, '/locations'), body, t.platformAuth, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    const list = await get(orgPath(organisationId, '/locations')).expect(200);
    expect(list.body.items.map((item: Body) => item.id)).toEqual([first.body.id]);
  });
});

describe('GET /v1/organisations/{organisationId}/locations', () => {
  let organisationId: string;
  let businesses: Body[];
  let locations: Body[];

  beforeAll(async () => {
    ({ id: organisationId } = await createOrganisation(t, 'Location List'));
    businesses = [
      await createBusiness(t, organisationId, { name: named('North Business') }),
      await createBusiness(t, organisationId, { name: named('South Business') }),
    ];
    locations = [];
    for (let i = 0; i < 4; i++) {
      locations.push(
        await createLocation(organisationId, businesses[i % 2].id, {
          name: named(`Location ${i}`),
          registrations: REGISTRATIONS,
        }),
      );
    }
    // Another organisation's location must never show up here.
    const { id: otherId } = await createOrganisation(t, 'Location List Other');
    await createLocation(otherId, (await createBusiness(t, otherId)).id);
  });

  it('shows the default shape: every Location field, no business and no registrations key, newest first', async () => {
    const response = await get(orgPath(organisationId, '/locations?limit=200')).expect(200);
    expect(response.body).toMatchObject({ page: 1, limit: 200, totalItems: 4, totalPages: 1 });
    expect(response.body.items.map((item: Body) => item.id).sort()).toEqual(locations.map((item) => item.id).sort());
    expect(isNewestFirst(response.body.items)).toBe(true);
    for (const item of response.body.items) {
      expect(item).not.toHaveProperty('business');
      expect(item).not.toHaveProperty('registrations');
      expect(Object.keys(item)).toEqual(expect.arrayContaining(LOCATION_FIELDS));
      expect(item.organisationId).toBe(organisationId);
    }
  });

  it.each([
    ['expand=business,registrations'],
    ['expand=business&expand=registrations'],
    ['expand[]=business&expand[]=registrations'],
    ['expand=registrations,business,business'],
  ])('adds the owning business and the registrations for %s', async (query) => {
    const response = await get(orgPath(organisationId, `/locations?limit=200&${query}`)).expect(200);
    expect(response.body.items).toHaveLength(4);
    for (const item of response.body.items) {
      const business = businesses.find((candidate) => candidate.id === item.businessId);
      expect(business).toBeDefined();
      expect(item.business).toEqual(business);
      expect(item.registrations).toEqual(REGISTRATIONS);
    }
  });

  it('adds only what was asked for', async () => {
    const withBusiness = await get(orgPath(organisationId, '/locations?expand=business')).expect(200);
    for (const item of withBusiness.body.items) {
      expect(item.business.id).toBe(item.businessId);
      expect(item).not.toHaveProperty('registrations');
    }
    const withRegistrations = await get(orgPath(organisationId, '/locations?expand=registrations')).expect(200);
    for (const item of withRegistrations.body.items) {
      expect(item.registrations).toEqual(REGISTRATIONS);
      expect(item).not.toHaveProperty('business');
    }
  });

  it('adds the organisation, the same one on every location, for expand=organisation (the spec lists it on Location)', async () => {
    const organisation = (await get(`/v1/organisations/${organisationId}`).expect(200)).body;
    const response = await get(orgPath(organisationId, '/locations?limit=200&expand=organisation')).expect(200);
    expect(response.body.items).toHaveLength(4);
    for (const item of response.body.items) {
      expect(item.organisation).toEqual(organisation);
      expect(item).not.toHaveProperty('business');
    }
    const one = await get(
      orgPath(organisationId, `/locations/${response.body.items[0].id}?expand=organisation`),
    ).expect(200);
    expect(one.body.organisation).toEqual(organisation);
  });

  it.each(['expand=organisations', 'expand=business,nope', 'expand[]=business&expand[]=capabilities'])(
    'answers 400 listing the allowed values for %s',
    async (query) => {
      const response = await get(orgPath(organisationId, `/locations?${query}`));
      expectInvalid(response, 'expand');
      const error = response.body.errors.find((candidate: Body) => candidate.field === 'expand');
      expect(error.message).toContain('business');
      expect(error.message).toContain('registrations');
      expect(error.message).toContain('organisation');
    },
  );

  it('runs the same number of SQL statements for limit=1 and limit=200 with both expansions', async () => {
    const path = (limit: number) => orgPath(organisationId, `/locations?limit=${limit}&expand=business,registrations`);
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
    expect(all?.body.items).toHaveLength(4);
    expect(small.statements.length).toBeGreaterThan(0);
    expect(large.statements.length).toBe(small.statements.length);
  });

  it('answers 404, never the location, for a location of another organisation or a malformed id', async () => {
    const { id: otherId } = await createOrganisation(t, 'Location Get Other');
    const foreign = await createLocation(otherId, (await createBusiness(t, otherId)).id);
    expectNotFound(await get(orgPath(organisationId, `/locations/${foreign.id}`)));
    expectNotFound(await get(orgPath(organisationId, '/locations/not-a-uuid')));
  });
});

describe('/v1/organisations/{organisationId}/plans/templates/links', () => {
  it('creates a link whose url starts with API_BASE_URL, answers 201 with a Location header, and lists it', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Plan Links');
    const business = await createBusiness(t, organisationId);
    const response = await post(orgPath(organisationId, '/plans/templates/links'), {
      planTemplateId: 'ptpl_knee_rehab_6wk',
      businessId: business.id,
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(PLAN_TEMPLATE_LINK_FIELDS);
    expect(response.body).toEqual({
      url: expect.stringMatching(/^https:\/\/api\.example\.test\//),
      id: expect.stringMatching(UUID),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      planTemplateId: 'ptpl_knee_rehab_6wk',
      businessId: business.id,
    });
    expect(response.headers.location).toBe(
      `/v1/organisations/${organisationId}/plans/templates/links/${response.body.id}`,
    );
    expect((await get(response.headers.location).expect(200)).body).toEqual(response.body);

    const list = await get(orgPath(organisationId, '/plans/templates/links')).expect(200);
    expect(list.body).toEqual({ items: [response.body], page: 1, limit: 10, totalItems: 1, totalPages: 1 });
  });

  it('gives every link its own url', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Plan Links Unique');
    const business = await createBusiness(t, organisationId);
    const first = await post(orgPath(organisationId, '/plans/templates/links'), {
      planTemplateId: 'ptpl_back_pain',
      businessId: business.id,
    }).expect(201);
    const second = await post(orgPath(organisationId, '/plans/templates/links'), {
      planTemplateId: 'ptpl_back_pain',
      businessId: business.id,
    }).expect(201);
    expect(first.body.url).not.toBe(second.body.url);
    const list = await get(orgPath(organisationId, '/plans/templates/links')).expect(200);
    expect(list.body.items.map((item: Body) => item.id)).toEqual([second.body.id, first.body.id]);
  });

  it('answers 404 naming businessId for a business of another organisation, and lists nothing', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Plan Links Foreign');
    const { id: otherId } = await createOrganisation(t, 'Plan Links Foreign Other');
    const foreign = await createBusiness(t, otherId);
    expectNotFound(
      await post(orgPath(organisationId, '/plans/templates/links'), {
        planTemplateId: 'ptpl_knee',
        businessId: foreign.id,
      }),
      'businessId',
    );
    expect((await get(orgPath(organisationId, '/plans/templates/links')).expect(200)).body.totalItems).toBe(0);
    expect((await get(orgPath(otherId, '/plans/templates/links')).expect(200)).body.totalItems).toBe(0);
  });

  it.each<[string, Body, string]>([
    ['a missing planTemplateId', { businessId: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }, 'planTemplateId'],
    ['a businessId that is not an id', { planTemplateId: 'ptpl_knee', businessId: 'acme' }, 'businessId'],
    ['a missing businessId', { planTemplateId: 'ptpl_knee' }, 'businessId'],
  ])('answers 400 naming the field for %s', async (_, body, field) => {
    const { id: organisationId } = await createOrganisation(t, 'Plan Links Invalid');
    expectInvalid(await post(orgPath(organisationId, '/plans/templates/links'), body), field);
  });

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Plan Links Idempotent');
    const business = await createBusiness(t, organisationId);
    const body = { planTemplateId: 'ptpl_knee', businessId: business.id };
    const key = `plan-link-${RUN}`;
    const first = await post(orgPath(organisationId, '/plans/templates/links'), body, t.platformAuth, key);
    const second = await post(orgPath(organisationId, '/plans/templates/links'), body, t.platformAuth, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    expect((await get(orgPath(organisationId, '/plans/templates/links')).expect(200)).body.totalItems).toBe(1);
  });
});

describe('Idempotency-Key on creates', () => {
  it('has recorded the first answer by the time the client gets it: a retry replays it even when the database is slow to record it', async () => {
    const { id: organisationId } = await createOrganisation(t, 'Idempotency Slow Record');
    const business = await createBusiness(t, organisationId);
    const body = { planTemplateId: 'ptpl_slow_record', businessId: business.id };
    const key = `slow-record-${RUN}`;
    const [first, retry] = await withSlowStatements(/^\s*update\s+"?idempotency_keys"?/i, 300, async () => {
      const answer = await post(orgPath(organisationId, '/plans/templates/links'), body, t.platformAuth, key);
      return [answer, await post(orgPath(organisationId, '/plans/templates/links'), body, t.platformAuth, key)];
    });
    expect(first.status).toBe(201);
    expect({ status: retry.status, code: retry.body?.code }).toEqual({ status: 201, code: undefined });
    expect(retry.body).toEqual(first.body);
    expect((await get(orgPath(organisationId, '/plans/templates/links')).expect(200)).body.totalItems).toBe(1);
  });
});

describe('GET /v1/health-funds', () => {
  it('serves the Australian insurers by name, each with id, name and capabilities', async () => {
    const response = await get('/v1/health-funds?limit=200').expect(200);
    expect(response.body.totalItems).toBeGreaterThanOrEqual(10);
    expect(response.body.items).toHaveLength(response.body.totalItems);
    const names = response.body.items.map((fund: Body) => fund.name);
    expect(names).toEqual(expect.arrayContaining(['Medibank Private', 'Bupa HI', 'HCF', 'nib', 'HBF Health']));
    expect(new Set(response.body.items.map((fund: Body) => fund.id)).size).toBe(response.body.items.length);
    for (const fund of response.body.items) {
      expect(Object.keys(fund).sort()).toEqual(['capabilities', 'id', 'name']);
      expect(fund.id).toEqual(expect.any(String));
      expect(fund.name.length).toBeGreaterThan(0);
      expect(fund.capabilities).toEqual(expect.any(Object));
      expect(Array.isArray(fund.capabilities)).toBe(false);
    }
  });

  it('pages the list with the common envelope', async () => {
    const all = await get('/v1/health-funds?limit=200').expect(200);
    const page = await get('/v1/health-funds?limit=3&page=2').expect(200);
    expect(page.body).toMatchObject({
      page: 2,
      limit: 3,
      totalItems: all.body.totalItems,
      totalPages: Math.ceil(all.body.totalItems / 3),
    });
    expect(page.body.items).toEqual(all.body.items.slice(3, 6));
  });

  it('needs an API key', async () => {
    const response = await t.http().get('/v1/health-funds');
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });
});

describe('tenancy of businesses, locations and plan template links', () => {
  let own: Tenant;
  let other: Tenant;
  let otherBusiness: Body;
  let otherLocation: Body;

  beforeAll(async () => {
    own = await createTenant(t, 'Tenancy Own');
    other = await createTenant(t, 'Tenancy Other');
    otherBusiness = await createBusiness(t, other.id, { name: named('Other Clinic Pty Ltd') }, other.auth);
    otherLocation = await createLocation(other.id, otherBusiness.id, {}, other.auth);
  });

  it('lets an organisation key create and read in its own organisation', async () => {
    const business = await createBusiness(t, own.id, {}, own.auth);
    const location = await createLocation(own.id, business.id, {}, own.auth);
    expect((await get(orgPath(own.id, `/businesses/${business.id}`), own.auth).expect(200)).body).toEqual(business);
    const list = await get(orgPath(own.id, '/locations?expand=business'), own.auth).expect(200);
    expect(list.body.items.map((item: Body) => item.id)).toContain(location.id);
    expect(list.body.items.map((item: Body) => item.id)).not.toContain(otherLocation.id);
    await post(
      orgPath(own.id, '/plans/templates/links'),
      { planTemplateId: 'ptpl_knee', businessId: business.id },
      own.auth,
    ).expect(201);
  });

  it.each([
    ['GET', '/businesses'],
    ['POST', '/businesses'],
    ['GET', '/locations'],
    ['POST', '/locations'],
    ['GET', '/plans/templates/links'],
    ['POST', '/plans/templates/links'],
  ])("answers 403 to an organisation key on another organisation's %s %s", async (method, rest) => {
    const response =
      method === 'GET'
        ? await get(orgPath(other.id, rest), own.auth)
        : await post(
            orgPath(other.id, rest),
            {
              name: 'Intruder',
              taxIdentifier: VALID_ABN,
              businessId: otherBusiness.id,
              timeZone: 'Australia/Sydney',
              address: ADDRESS,
              planTemplateId: 'x',
            },
            own.auth,
          );
    expectProblem(response, 403, 'forbidden');
  });

  it("answers 403 to an organisation key reading another organisation's business under that organisation", async () => {
    expectProblem(await get(orgPath(other.id, `/businesses/${otherBusiness.id}`), own.auth), 403, 'forbidden');
  });

  it("answers 404 (not 403) to an organisation key asking its own organisation for another organisation's business", async () => {
    const response = await get(orgPath(own.id, `/businesses/${otherBusiness.id}`), own.auth);
    expectNotFound(response);
    expect(JSON.stringify(response.body)).not.toContain(otherBusiness.name);
  });

  it("answers 404 (not 403) to an organisation key asking its own organisation for another organisation's location", async () => {
    expectNotFound(await get(orgPath(own.id, `/locations/${otherLocation.id}`), own.auth));
  });

  it("answers 404 naming businessId when an organisation key uses another organisation's business in a body", async () => {
    expectNotFound(
      await post(
        orgPath(own.id, '/locations'),
        { businessId: otherBusiness.id, name: 'Intruder', timeZone: 'Australia/Sydney', address: ADDRESS },
        own.auth,
      ),
      'businessId',
    );
    expectNotFound(
      await post(
        orgPath(own.id, '/plans/templates/links'),
        { planTemplateId: 'ptpl_knee', businessId: otherBusiness.id },
        own.auth,
      ),
      'businessId',
    );
  });

  it('answers 401 with WWW-Authenticate without a key or with an unknown one', async () => {
    const none = await t.http().get(orgPath(own.id, '/businesses'));
    expectProblem(none, 401, 'unauthenticated');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expectProblem(
      await get(orgPath(own.id, '/locations'), `Bearer sk_test_${randomBytes(16).toString('hex')}`),
      401,
      'unauthenticated',
    );
  });
});
