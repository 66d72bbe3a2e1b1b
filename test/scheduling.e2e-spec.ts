import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { newPrefixedId } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
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
  created,
  ISO_INSTANT,
  keysOf,
  named,
  orgPath,
  postJson,
  RUN,
  sql,
  UNKNOWN_UUID,
  UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { FUTURE_YEAR } from './support/future-year.js';

// Every test file shares one database and runs in parallel with the others: each block makes its
// own organisations, and every check is scoped to ids this file created. Bookings are in the year
// after the current one (the clock is real: `FUTURE_YEAR`) unless a test is about the past.

const HOUR = 3_600_000;
const CAPABILITIES = [
  { type: 'card_payments', enabled: true },
  { type: 'health_fund_claims', enabled: false },
];
const REGISTRATIONS = [
  {
    medicare: {
      minorId: '01',
      prodaLocationId: 'PRODA-4471829',
      status: 'active',
      providerAgreementSubmissionUrl: 'https://proda.example.gov.au/agreements/4471829',
      isUsingOtherClaimSoftware: false,
    },
    phi: { phiLocationId: 'HICAPS-88213', status: 'active' },
  },
];
const MEDICARE_CARD = {
  memberNumber: '2123456701',
  referenceNumber: '1',
  firstName: 'Alex',
  lastName: 'Chen',
  dateOfBirth: '1988-04-12',
};
const BOOKING_EXPANSIONS = [
  'paymentMethod',
  'healthFundCard',
  'cancellationPolicy',
  'latestTransaction',
  'latestTransaction.transactionItems.billableItem',
  'location.business.capabilities',
  'providerLocationLink',
  'pmsAttendeeId',
  'location.registrations',
  'appointmentType.billableItems.serviceItem',
];
const BOOKING_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'locationId',
  'providerId',
  'appointmentTypeId',
  'clientId',
  'provider',
  'location',
  'appointmentType',
  'serviceDate',
  'client',
  'paid',
  'invoiced',
  'adjustments',
  'servicePrice',
  'cancelledAt',
  'status',
  'attendance',
  'arrivedAt',
  'seriesId',
  'pmsBookingId',
].sort();
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
].sort();
const APPOINTMENT_TYPE_FIELDS = [
  'id',
  'name',
  'durationMinutes',
  'price',
  'providers',
  'locations',
  'createdAt',
  'updatedAt',
  'deleted',
  'maxAttendees',
  'description',
  'category',
  'billableItems',
].sort();
const BILLABLE_ITEM_FIELDS = [
  'name',
  'basePrice',
  'totalPrice',
  'taxAmount',
  'taxRate',
  'id',
  'itemCode',
  'pmsBillableItemId',
].sort();
const CLIENT_FIELDS = [
  'id',
  'deleted',
  'createdAt',
  'updatedAt',
  'memberId',
  'firstName',
  'lastName',
  'dateOfBirth',
  'mobileNumber',
  'email',
  'pmsPatientId',
  'pmsCreatedAt',
  'profileImageUrl',
].sort();

let t: TestApp;
let healthFund: Body;

const get = (path: string, auth: string | null = t.platformAuth) => {
  const request = t.http().get(path);
  return auth ? request.set('Authorization', auth) : request;
};
const post = (path: string, body: unknown = {}, auth = t.platformAuth, idempotencyKey?: string) =>
  postJson(t, path, body, auth, idempotencyKey);
const patch = (path: string, body: unknown) =>
  t
    .http()
    .patch(path)
    .set('Authorization', t.platformAuth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const del = (path: string) => t.http().delete(path).set('Authorization', t.platformAuth);

// ---------------------------------------------------------------------------------------------
// Set-up through the API, as a clinic would do it.

interface Org {
  id: string;
  slug: string;
  businessId: string;
}

async function organisation(name: string, body: Body = {}): Promise<Org> {
  const { id, slug } = await createOrganisation(t, name, body);
  const business = await createBusiness(t, id, { name: named(`${name} Pty Ltd`), capabilities: CAPABILITIES });
  return { id, slug, businessId: business.id };
}

const location = (o: Org, name: string, body: Body = {}) =>
  createLocation(t, o.id, o.businessId, { name: named(name), ...body });

const provider = (o: Org, firstName: string, body: Body = {}) =>
  createProvider(t, o.id, { firstName, lastName: named('Raman'), ...body });

const link = (o: Org, providerId: string, locationId: string) => createLink(t, o.id, providerId, locationId);

const appointmentType = (o: Org, body: Body) => createAppointmentType(t, o.id, body);

const client = (o: Org, firstName: string, body: Body = {}) =>
  createClient(t, o.id, { firstName, lastName: named('Chen'), ...body });

const paymentCard = (o: Org, clientId: string, paymentMethodId = 'pm_card_visa') =>
  created(
    post(orgPath(o.id, `/clients/${clientId}/wallet/cards`), {
      type: 'payment_method',
      paymentMethod: { paymentMethodId, customerId: `cus_${RUN}` },
    }),
  );

const healthFundCard = (o: Org, clientId: string, memberNumber = '40012345') =>
  created(
    post(orgPath(o.id, `/clients/${clientId}/wallet/cards`), {
      type: 'health_fund_card',
      healthFundCard: {
        memberNumber,
        healthFundId: healthFund.id,
        issueNumber: '01',
        defaultReferenceNumber: '02',
        cardholders: ['Alex Chen'],
      },
    }),
  );

const medicareCard = (o: Org, clientId: string) =>
  created(
    post(orgPath(o.id, `/clients/${clientId}/wallet/cards`), { type: 'medicare_card', medicareCard: MEDICARE_CARD }),
  );

const postBooking = (o: Org, body: Body, idempotencyKey?: string) =>
  post(orgPath(o.id, '/bookings'), body, t.platformAuth, idempotencyKey);
const book = (o: Org, body: Body) => created(postBooking(o, body));
const listBookings = (o: Org, query = '') => get(orgPath(o.id, `/bookings${query}`));
const getBooking = (o: Org, bookingId: string, query = '') => get(orgPath(o.id, `/bookings/${bookingId}${query}`));
const cancel = (o: Org, bookingId: string) => post(orgPath(o.id, `/bookings/${bookingId}/cancel`));

/** The `bookingId`s of a list answer, in order. */
const idsOf = (response: Response) => response.body.items.map((item: Body) => item.id);

beforeAll(async () => {
  t = await createTestApp();
  const funds = await get('/v1/health-funds').expect(200);
  healthFund = funds.body.items[0];
  expect(healthFund).toMatchObject({ id: expect.any(String), name: expect.any(String) });
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------

describe('appointment types', () => {
  let home: Org;
  let other: Org;
  let homeProvider: Body;
  let homeLocation: Body;
  let otherProvider: Body;
  let otherLocation: Body;

  beforeAll(async () => {
    [home, other] = await Promise.all([organisation('Types Home'), organisation('Types Other')]);
    [homeProvider, homeLocation, otherProvider, otherLocation] = await Promise.all([
      provider(home, 'Priya'),
      location(home, 'Types Bondi'),
      provider(other, 'Omar'),
      location(other, 'Types Manly'),
    ]);
  });

  const valid = () => ({
    name: named('Initial physiotherapy consultation'),
    durationMinutes: 45,
    price: 9500,
    providers: [homeProvider.id],
    locations: [homeLocation.id],
  });

  it('creates a type with billable items (tax computed to the cent) and reads it back in the list', async () => {
    const response = await post(orgPath(home.id, '/appointment-types'), {
      ...valid(),
      maxAttendees: 1,
      description: 'Assessment and first treatment.',
      category: 'physiotherapy',
      billableItems: [
        {
          name: 'Initial consultation',
          basePrice: 9500,
          taxRate: 10,
          itemCode: '560',
          pmsBillableItemId: 'pms_bi_88213',
          serviceItem: {
            id: 'si_560',
            itemCode: '560',
            category: 'physiotherapy',
            description: 'Initial physiotherapy consultation',
          },
        },
        { name: 'Theraband', basePrice: 1255, taxRate: 10 },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/v1/organisations/${home.id}/appointment-types/${response.body.id}`);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      name: named('Initial physiotherapy consultation'),
      durationMinutes: 45,
      price: 9500,
      providers: [homeProvider.id],
      locations: [homeLocation.id],
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      deleted: false,
      maxAttendees: 1,
      description: 'Assessment and first treatment.',
      category: 'physiotherapy',
      billableItems: [
        {
          id: expect.stringMatching(UUID),
          name: 'Initial consultation',
          basePrice: 9500,
          taxRate: 10,
          taxAmount: 950,
          totalPrice: 10450,
          itemCode: '560',
          pmsBillableItemId: 'pms_bi_88213',
          serviceItem: {
            id: 'si_560',
            itemCode: '560',
            category: 'physiotherapy',
            description: 'Initial physiotherapy consultation',
          },
        },
        {
          id: expect.stringMatching(UUID),
          name: 'Theraband',
          basePrice: 1255,
          taxRate: 10,
          taxAmount: 126, // 125.5 → 126
          totalPrice: 1381,
          itemCode: null,
          pmsBillableItemId: null,
          serviceItem: null,
        },
      ],
    });

    const list = await get(orgPath(home.id, '/appointment-types?limit=200')).expect(200);
    expect(list.body.items.find((item: Body) => item.id === response.body.id)).toEqual(response.body);
  });

  it('defaults maxAttendees to 1, optional text to null and billable items to none', async () => {
    const type = await created(post(orgPath(home.id, '/appointment-types'), valid()));
    expect(type).toMatchObject({ maxAttendees: 1, description: null, category: null, billableItems: [] });
  });

  it.each([
    ['price fractional', { price: 95.5 }, 'price'],
    ['price negative', { price: -1 }, 'price'],
    ['basePrice fractional', { billableItems: [{ name: 'Consult', basePrice: 95.5 }] }, 'billableItems[0].basePrice'],
    ['basePrice negative', { billableItems: [{ name: 'Consult', basePrice: -100 }] }, 'billableItems[0].basePrice'],
    [
      'the second basePrice fractional',
      {
        billableItems: [
          { name: 'Consult', basePrice: 9500 },
          { name: 'Band', basePrice: 0.01 },
        ],
      },
      'billableItems[1].basePrice',
    ],
  ])('refuses %s with 400 naming the field', async (_, change, field) => {
    const response = await post(orgPath(home.id, '/appointment-types'), { ...valid(), ...change });
    expectInvalid(response, field);
  });

  it('refuses a provider of another organisation with 404 naming providers[0]', async () => {
    const response = await post(orgPath(home.id, '/appointment-types'), { ...valid(), providers: [otherProvider.id] });
    expectNotFound(response, 'providers[0]');
  });

  it('refuses a location of another organisation with 404 naming locations[0]', async () => {
    const response = await post(orgPath(home.id, '/appointment-types'), { ...valid(), locations: [otherLocation.id] });
    expectNotFound(response, 'locations[0]');
  });

  it('names the position of the foreign id among its own', async () => {
    const response = await post(orgPath(home.id, '/appointment-types'), {
      ...valid(),
      locations: [homeLocation.id, otherLocation.id],
    });
    expectNotFound(response, 'locations[1]');
  });

  it('creates nothing when it refuses', async () => {
    const name = named(`Refused ${randomUUID()}`);
    expectNotFound(
      await post(orgPath(home.id, '/appointment-types'), { ...valid(), name, providers: [otherProvider.id] }),
      'providers[0]',
    );
    expectInvalid(await post(orgPath(home.id, '/appointment-types'), { ...valid(), name, price: 95.5 }), 'price');
    const list = await get(orgPath(home.id, '/appointment-types?limit=200')).expect(200);
    expect(list.body.items.filter((item: Body) => item.name === name)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /v1/organisations/{organisationId}/bookings', () => {
  let home: Org;
  let other: Org;
  let bondi: Body;
  let manly: Body;
  let priya: Body; // linked to Bondi only
  let omar: Body; // linked to Bondi and Manly
  let lena: Body; // linked to Bondi, but not offering the consultation
  let consult: Body; // Priya and Omar at Bondi
  let manlyClass: Body; // Omar at Manly
  let alex: Body;
  let sam: Body;
  let stranger: Body; // a client of the other organisation
  let alexVisa: Body;
  let alexFund: Body;
  let alexMedicare: Body;
  let samVisa: Body;
  let samFund: Body;

  beforeAll(async () => {
    [home, other] = await Promise.all([organisation('Create Home'), organisation('Create Other')]);
    [bondi, manly, priya, omar, lena, alex, sam, stranger] = await Promise.all([
      location(home, 'Create Bondi'),
      location(home, 'Create Manly'),
      provider(home, 'Priya'),
      provider(home, 'Omar'),
      provider(home, 'Lena'),
      client(home, 'Alex'),
      client(home, 'Sam'),
      client(other, 'Stranger'),
    ]);
    await Promise.all([
      link(home, priya.id, bondi.id),
      link(home, omar.id, bondi.id),
      link(home, omar.id, manly.id),
      link(home, lena.id, bondi.id),
    ]);
    [consult, manlyClass] = await Promise.all([
      appointmentType(home, { price: 9550, providers: [priya.id, omar.id], locations: [bondi.id] }),
      appointmentType(home, { name: named('Pilates'), providers: [omar.id], locations: [manly.id] }),
    ]);
    [alexVisa, alexFund, alexMedicare, samVisa, samFund] = await Promise.all([
      paymentCard(home, alex.id),
      healthFundCard(home, alex.id),
      medicareCard(home, alex.id),
      paymentCard(home, sam.id, 'pm_card_mastercard'),
      healthFundCard(home, sam.id, '50098765'),
    ]);
  });

  const valid = (serviceDate: string) => ({
    clientId: alex.id,
    providerId: priya.id,
    locationId: bondi.id,
    appointmentTypeId: consult.id,
    serviceDate,
  });

  it("creates a confirmed booking at the type's price, with a Location header that reads it back", async () => {
    const response = await postBooking(home, {
      ...valid(`${FUTURE_YEAR}-03-01T09:00:00.000Z`),
      paymentMethodId: alexVisa.id,
      healthFundCardId: alexFund.id,
      pmsBookingId: 'PMS-BK-104233',
      pmsAttendeeId: 'PMS-AT-88',
    });
    expect(response.status).toBe(201);
    expect(keysOf(response.body)).toEqual(BOOKING_FIELDS);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(UUID),
      createdAt: expect.stringMatching(ISO_INSTANT),
      clientId: alex.id,
      providerId: priya.id,
      locationId: bondi.id,
      appointmentTypeId: consult.id,
      serviceDate: `${FUTURE_YEAR}-03-01T09:00:00.000Z`,
      servicePrice: 9550,
      paid: false,
      invoiced: false,
      adjustments: [],
      cancelledAt: null,
      status: 'confirmed',
      attendance: 'pending',
      arrivedAt: null,
      seriesId: null,
      pmsBookingId: 'PMS-BK-104233',
      provider: { id: priya.id },
      location: { id: bondi.id },
      appointmentType: { id: consult.id, price: 9550 },
      client: { id: alex.id },
    });
    expect(response.headers.location).toBe(`/v1/organisations/${home.id}/bookings/${response.body.id}`);

    const read = await get(response.headers.location).expect(200);
    expect(read.body).toEqual(response.body);

    const withCards = await getBooking(
      home,
      response.body.id,
      '?expand=paymentMethod,healthFundCard,pmsAttendeeId',
    ).expect(200);
    expect(withCards.body.paymentMethod).toMatchObject({ id: alexVisa.id, brand: 'visa', last4: '4242' });
    expect(withCards.body.healthFundCard).toMatchObject({
      id: alexFund.id,
      healthFundId: healthFund.id,
      memberNumberLast4: '2345',
    });
    expect(withCards.body.pmsAttendeeId).toBe('PMS-AT-88');
  });

  it('accepts a serviceDate with an offset and answers it in UTC', async () => {
    const booking = await book(home, valid(`${FUTURE_YEAR}-03-02T20:00:00.000+11:00`));
    expect(booking.serviceDate).toBe(`${FUTURE_YEAR}-03-02T09:00:00.000Z`);
  });

  it("keeps the servicePrice it was booked at when the type's price later changes", async () => {
    const type = await appointmentType(home, {
      name: named('Review'),
      price: 7000,
      providers: [omar.id],
      locations: [bondi.id],
    });
    const booking = await book(home, {
      ...valid(`${FUTURE_YEAR}-03-03T09:00:00.000Z`),
      providerId: omar.id,
      appointmentTypeId: type.id,
    });
    expect(booking.servicePrice).toBe(7000);

    await patch(orgPath(home.id, `/appointment-types/${type.id}`), { price: 8800 }).expect(200);
    const later = await book(home, {
      ...valid(`${FUTURE_YEAR}-03-03T11:00:00.000Z`),
      providerId: omar.id,
      appointmentTypeId: type.id,
    });
    expect(later.servicePrice).toBe(8800);
    expect((await getBooking(home, booking.id).expect(200)).body.servicePrice).toBe(7000);
  });

  it('refuses a provider not linked to the location with 400 provider_not_at_location on locationId', async () => {
    const response = await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), locationId: manly.id });
    expectInvalid(response, 'locationId', 'provider_not_at_location');
  });

  it('refuses a type the provider does not offer there with 400 not_offered on appointmentTypeId', async () => {
    // Omar works at Manly, but the consultation is offered only at Bondi.
    expectInvalid(
      await postBooking(home, {
        ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`),
        providerId: omar.id,
        locationId: manly.id,
      }),
      'appointmentTypeId',
      'not_offered',
    );
    // Lena works at Bondi, where the consultation is offered, but she does not offer it.
    expectInvalid(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), providerId: lena.id }),
      'appointmentTypeId',
      'not_offered',
    );
    // Pilates is Omar's at Manly, not Priya's.
    expectInvalid(
      await postBooking(home, {
        ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`),
        providerId: omar.id,
        appointmentTypeId: manlyClass.id,
        locationId: bondi.id,
      }),
      'appointmentTypeId',
      'not_offered',
    );
  });

  it('refuses a provider who has been deleted with 409 provider_deleted', async () => {
    const leaving = await provider(home, 'Leaving');
    await link(home, leaving.id, bondi.id);
    const type = await appointmentType(home, {
      name: named('Leaving consult'),
      providers: [leaving.id],
      locations: [bondi.id],
    });
    const booking = {
      ...valid(`${FUTURE_YEAR}-03-06T09:00:00.000Z`),
      providerId: leaving.id,
      appointmentTypeId: type.id,
    };
    await del(orgPath(home.id, `/providers/${leaving.id}`)).expect(200);
    expectProblem(await postBooking(home, booking), 409, 'provider_deleted');
  });

  it('refuses a client of another organisation, or no client at all, with 404 naming clientId', async () => {
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), clientId: stranger.id }),
      'clientId',
    );
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), clientId: UNKNOWN_UUID }),
      'clientId',
    );
  });

  it("refuses another client's cards with 404 naming the field", async () => {
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), paymentMethodId: samVisa.id }),
      'paymentMethodId',
    );
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), healthFundCardId: samFund.id }),
      'healthFundCardId',
    );
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), paymentMethodId: UNKNOWN_UUID }),
      'paymentMethodId',
    );
    const strangersCard = await paymentCard(other, stranger.id);
    expectNotFound(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), paymentMethodId: strangersCard.id }),
      'paymentMethodId',
    );
  });

  it('refuses a card of the wrong type with 400 wrong_card_type', async () => {
    expectInvalid(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), healthFundCardId: alexMedicare.id }),
      'healthFundCardId',
      'wrong_card_type',
    );
    expectInvalid(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), healthFundCardId: alexVisa.id }),
      'healthFundCardId',
      'wrong_card_type',
    );
    expectInvalid(
      await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), paymentMethodId: alexFund.id }),
      'paymentMethodId',
      'wrong_card_type',
    );
  });

  it('creates no booking when it refuses', async () => {
    const before = (await listBookings(home, `?clientId=${alex.id}&limit=200`).expect(200)).body.totalItems;
    await postBooking(home, {
      ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`),
      healthFundCardId: alexMedicare.id,
    }).expect(400);
    await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), locationId: manly.id }).expect(400);
    await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`), paymentMethodId: samVisa.id }).expect(
      404,
    );
    const after = (await listBookings(home, `?clientId=${alex.id}&limit=200`).expect(200)).body.totalItems;
    expect(after).toBe(before);
    // The refused slot is still free.
    await book(home, valid(`${FUTURE_YEAR}-03-04T09:00:00.000Z`));
  });

  it.each([
    ['clientId', { clientId: 'not-a-uuid' }],
    ['serviceDate', { serviceDate: 'tomorrow at nine' }],
    ['serviceDate', { serviceDate: undefined }],
    ['paymentMethodId', { paymentMethodId: 'pm_card_visa' }],
    ['pmsBookingId', { pmsBookingId: 'x'.repeat(101) }],
  ])('refuses a bad %s with 400 naming it', async (field, change) => {
    expectInvalid(await postBooking(home, { ...valid(`${FUTURE_YEAR}-03-05T09:00:00.000Z`), ...change }), field);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    expectProblem(
      await post(orgPath(newPrefixedId('org'), '/bookings'), valid(`${FUTURE_YEAR}-03-05T09:00:00.000Z`)),
      404,
      'not_found',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('booking slots', () => {
  let home: Org;
  let bondi: Body;
  let manly: Body;
  let priya: Body;
  let omar: Body;
  let hour: Body; // 60 minutes
  let half: Body; // 30 minutes
  let group: Body; // 60 minutes, 3 attendees
  let clients: Body[];

  beforeAll(async () => {
    home = await organisation('Slots');
    [bondi, manly, priya, omar] = await Promise.all([
      location(home, 'Slots Bondi'),
      location(home, 'Slots Manly'),
      provider(home, 'Priya'),
      provider(home, 'Omar'),
    ]);
    await Promise.all([link(home, priya.id, bondi.id), link(home, priya.id, manly.id), link(home, omar.id, bondi.id)]);
    const offered = { providers: [priya.id, omar.id], locations: [bondi.id, manly.id] };
    [hour, half, group] = await Promise.all([
      appointmentType(home, { ...offered, name: named('Hour'), durationMinutes: 60 }),
      appointmentType(home, { ...offered, name: named('Half'), durationMinutes: 30 }),
      appointmentType(home, {
        ...offered,
        name: named('Group class'),
        durationMinutes: 60,
        maxAttendees: 3,
        price: 2500,
      }),
    ]);
    clients = [];
    for (let i = 0; i < 12; i++) clients.push(await client(home, `Client${i}`));
  });

  const attempt = (
    serviceDate: string,
    type: Body = hour,
    clientIndex = 0,
    providerId = priya.id,
    locationId = bondi.id,
  ) =>
    postBooking(home, {
      clientId: clients[clientIndex].id,
      providerId,
      locationId,
      appointmentTypeId: type.id,
      serviceDate,
    });

  describe('around a booking from 10:00 to 11:00', () => {
    beforeAll(async () => {
      await created(attempt(`${FUTURE_YEAR}-04-01T10:00:00.000Z`));
    });

    it.each([
      ['the same start', `${FUTURE_YEAR}-04-01T10:00:00.000Z`, hour],
      ['a start inside it', `${FUTURE_YEAR}-04-01T10:30:00.000Z`, hour],
      ['an end inside it', `${FUTURE_YEAR}-04-01T09:30:00.000Z`, hour],
      ['a shorter booking contained in it', `${FUTURE_YEAR}-04-01T10:15:00.000Z`, half],
      ['a start 1 minute before its end', `${FUTURE_YEAR}-04-01T10:59:00.000Z`, half],
    ])('refuses %s with 409 slot_unavailable', async (_, serviceDate, type) => {
      expectProblem(await attempt(serviceDate, type, 1), 409, 'slot_unavailable');
    });

    it('accepts a booking that ends as it starts, and one that starts as it ends', async () => {
      await created(attempt(`${FUTURE_YEAR}-04-01T09:00:00.000Z`, hour, 2));
      await created(attempt(`${FUTURE_YEAR}-04-01T11:00:00.000Z`, half, 3));
    });

    it('accepts another provider at the same time', async () => {
      await created(attempt(`${FUTURE_YEAR}-04-01T10:00:00.000Z`, hour, 4, omar.id));
    });
  });

  it('refuses a booking that contains an existing shorter one', async () => {
    await created(attempt(`${FUTURE_YEAR}-04-02T10:15:00.000Z`, half, 0));
    expectProblem(await attempt(`${FUTURE_YEAR}-04-02T10:00:00.000Z`, hour, 1), 409, 'slot_unavailable');
  });

  it('frees the slot of a cancelled booking', async () => {
    const first = await created(attempt(`${FUTURE_YEAR}-04-03T14:00:00.000Z`, hour, 0));
    expectProblem(await attempt(`${FUTURE_YEAR}-04-03T14:00:00.000Z`, hour, 1), 409, 'slot_unavailable');
    await cancel(home, first.id).expect(200);
    const second = await created(attempt(`${FUTURE_YEAR}-04-03T14:00:00.000Z`, hour, 1));
    expect(second.status).toBe('confirmed');
  });

  it('lets a group type with maxAttendees 3 take three bookings at one start, and refuses the fourth', async () => {
    for (let i = 0; i < 3; i++) await created(attempt(`${FUTURE_YEAR}-04-04T16:00:00.000Z`, group, i));
    expectProblem(await attempt(`${FUTURE_YEAR}-04-04T16:00:00.000Z`, group, 3), 409, 'slot_unavailable');
    // The session is not a gap for other types either, nor for the class at a shifted start.
    expectProblem(await attempt(`${FUTURE_YEAR}-04-04T16:30:00.000Z`, half, 4), 409, 'slot_unavailable');
    expectProblem(await attempt(`${FUTURE_YEAR}-04-04T16:30:00.000Z`, group, 4), 409, 'slot_unavailable');

    const list = await listBookings(
      home,
      `?providerId=${priya.id}&serviceDateMin=${FUTURE_YEAR}-04-04T00:00:00.000Z&serviceDateMax=${FUTURE_YEAR}-04-05T00:00:00.000Z`,
    ).expect(200);
    expect(list.body.totalItems).toBe(3);
  });

  it('does not let a group session at one location share the provider with the same class at another location', async () => {
    await created(attempt(`${FUTURE_YEAR}-04-07T16:00:00.000Z`, group, 0, priya.id, bondi.id));
    // Priya cannot run the class at Bondi and at Manly at the same time.
    expectProblem(
      await attempt(`${FUTURE_YEAR}-04-07T16:00:00.000Z`, group, 1, priya.id, manly.id),
      409,
      'slot_unavailable',
    );
    // Joining the Bondi session is fine.
    await created(attempt(`${FUTURE_YEAR}-04-07T16:00:00.000Z`, group, 2, priya.id, bondi.id));
  });

  it('frees a place in a full group session when one attendee cancels', async () => {
    const attendees = [];
    for (let i = 0; i < 3; i++) attendees.push(await created(attempt(`${FUTURE_YEAR}-04-05T16:00:00.000Z`, group, i)));
    expectProblem(await attempt(`${FUTURE_YEAR}-04-05T16:00:00.000Z`, group, 3), 409, 'slot_unavailable');
    await cancel(home, attendees[1].id).expect(200);
    await created(attempt(`${FUTURE_YEAR}-04-05T16:00:00.000Z`, group, 3));
  });

  it('gives exactly one of 12 simultaneous requests for one slot a 201, and the other eleven 409', async () => {
    const responses = await Promise.all(
      clients.map((_, index) => attempt(`${FUTURE_YEAR}-04-06T09:00:00.000Z`, hour, index)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409))
      expect(refused.body.code).toBe('slot_unavailable');

    const list = await listBookings(
      home,
      `?providerId=${priya.id}&serviceDateMin=${FUTURE_YEAR}-04-06T00:00:00.000Z&serviceDateMax=${FUTURE_YEAR}-04-07T00:00:00.000Z`,
    ).expect(200);
    expect(idsOf(list)).toEqual([responses.find((response) => response.status === 201)!.body.id]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET and cancel a booking', () => {
  let home: Org;
  let other: Org;
  let base: Body;

  beforeAll(async () => {
    [home, other] = await Promise.all([organisation('Cancel Home'), organisation('Cancel Other')]);
    const [bondi, priya, alex] = await Promise.all([
      location(home, 'Cancel Bondi'),
      provider(home, 'Priya'),
      client(home, 'Alex'),
    ]);
    await link(home, priya.id, bondi.id);
    const type = await appointmentType(home, { providers: [priya.id], locations: [bondi.id] });
    base = { clientId: alex.id, providerId: priya.id, locationId: bondi.id, appointmentTypeId: type.id };
  });

  it('answers 404 for an unknown booking, a malformed id and a booking of another organisation', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-01T09:00:00.000Z` });
    expectProblem(await getBooking(home, UNKNOWN_UUID), 404, 'not_found');
    expectProblem(await getBooking(home, 'not-a-booking'), 404, 'not_found');
    expectProblem(await getBooking(other, booking.id), 404, 'not_found');
    expectProblem(await cancel(other, booking.id), 404, 'not_found');
    expect((await getBooking(home, booking.id).expect(200)).body.status).toBe('confirmed');
  });

  it('cancels: sets cancelledAt and status cancelled, and GET shows it', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-02T09:00:00.000Z` });
    const before = Date.now();
    const response = await cancel(home, booking.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: booking.id,
      status: 'cancelled',
      cancelledAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(Date.parse(response.body.cancelledAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(response.body.cancelledAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const read = await getBooking(home, booking.id).expect(200);
    expect(read.body).toMatchObject({ status: 'cancelled', cancelledAt: response.body.cancelledAt });
  });

  it('cancels a POST with no body at all, as clients written before the cancellation fee send it', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-06T09:00:00.000Z` });
    const response = await t
      .http()
      .post(orgPath(home.id, `/bookings/${booking.id}/cancel`))
      .set('Authorization', t.platformAuth);
    expect([response.status, response.body.status]).toEqual([200, 'cancelled']);
  });

  it('answers the cancelled booking in its default shape, exactly as GET shows it (no unrequested expansions)', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-04T09:00:00.000Z` });
    const response = await cancel(home, booking.id).expect(200);
    const read = await getBooking(home, booking.id).expect(200);
    expect(keysOf(response.body)).toEqual(BOOKING_FIELDS);
    expect(response.body).toEqual(read.body);
  });

  it('lets exactly one of several simultaneous cancels succeed; the others get 409 booking_already_cancelled', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-05T09:00:00.000Z` });
    const responses = await Promise.all(Array.from({ length: 5 }, () => cancel(home, booking.id)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409))
      expect(refused.body.code).toBe('booking_already_cancelled');
    const winner = responses.find((response) => response.status === 200)!;
    expect((await getBooking(home, booking.id).expect(200)).body.cancelledAt).toBe(winner.body.cancelledAt);
  });

  it('refuses to cancel twice with 409 booking_already_cancelled, keeping the first cancelledAt', async () => {
    const booking = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-05-03T09:00:00.000Z` });
    const first = await cancel(home, booking.id).expect(200);
    expectProblem(await cancel(home, booking.id), 409, 'booking_already_cancelled');
    expect((await getBooking(home, booking.id).expect(200)).body.cancelledAt).toBe(first.body.cancelledAt);
  });

  it('imports a booking in the past, and refuses to cancel it with 409 booking_in_past', async () => {
    const past = await book(home, { ...base, serviceDate: '2025-06-01T09:00:00.000Z', pmsBookingId: 'PMS-IMPORT-1' });
    expect(past).toMatchObject({ serviceDate: '2025-06-01T09:00:00.000Z', status: 'confirmed' });
    expectProblem(await cancel(home, past.id), 409, 'booking_in_past');
    expect((await getBooking(home, past.id).expect(200)).body).toMatchObject({
      status: 'confirmed',
      cancelledAt: null,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /v1/organisations/{organisationId}/bookings', () => {
  let home: Org;
  let l1: Body;
  let l2: Body;
  let p1: Body;
  let p2: Body;
  let c1: Body;
  let c2: Body;
  /** b1…b6 in creation order; b5 and b6 share a service date. */
  const b: Body[] = [];
  /** All six, as the list must order them: serviceDate desc, id desc. */
  let ordered: string[];

  beforeAll(async () => {
    home = await organisation('List');
    [l1, l2, p1, p2, c1, c2] = await Promise.all([
      location(home, 'List One'),
      location(home, 'List Two'),
      provider(home, 'Priya'),
      provider(home, 'Omar'),
      client(home, 'Alex'),
      client(home, 'Sam'),
    ]);
    await Promise.all([link(home, p1.id, l1.id), link(home, p2.id, l1.id), link(home, p2.id, l2.id)]);
    const type = await appointmentType(home, { providers: [p1.id, p2.id], locations: [l1.id, l2.id] });
    const plan: [Body, Body, Body, string][] = [
      [p1, l1, c1, `${FUTURE_YEAR}-02-01T09:00:00.000Z`],
      [p1, l1, c2, `${FUTURE_YEAR}-02-02T09:00:00.000Z`],
      [p2, l2, c1, `${FUTURE_YEAR}-02-03T09:00:00.000Z`],
      [p2, l1, c2, `${FUTURE_YEAR}-02-04T09:00:00.000Z`],
      [p1, l1, c1, `${FUTURE_YEAR}-02-05T09:00:00.000Z`],
      [p2, l2, c2, `${FUTURE_YEAR}-02-05T09:00:00.000Z`],
    ];
    for (const [p, l, c, serviceDate] of plan) {
      b.push(
        await book(home, {
          providerId: p.id,
          locationId: l.id,
          clientId: c.id,
          appointmentTypeId: type.id,
          serviceDate,
        }),
      );
    }
    await cancel(home, b[1].id).expect(200);
    await sql(t, 'update bookings set paid = true where id = ?', [b[2].id]);
    const [b5, b6] = [b[4].id, b[5].id].sort().reverse();
    ordered = [b5, b6, b[3].id, b[2].id, b[1].id, b[0].id];
  });

  const ids = (...indexes: number[]) => ordered.filter((id) => indexes.some((index) => b[index - 1].id === id));

  it('lists every booking of the organisation, serviceDate desc then id desc, in the paging envelope', async () => {
    const response = await listBookings(home, '?limit=200').expect(200);
    expect(keysOf(response.body)).toEqual(['items', 'limit', 'page', 'totalItems', 'totalPages']);
    expect(response.body).toMatchObject({ page: 1, limit: 200, totalItems: 6, totalPages: 1 });
    expect(idsOf(response)).toEqual(ordered);
  });

  it('pages with limit 4: two pages, in order, nothing repeated or skipped; a page past the end is empty with true totals', async () => {
    const first = await listBookings(home, '?limit=4&page=1').expect(200);
    const second = await listBookings(home, '?limit=4&page=2').expect(200);
    expect(first.body).toMatchObject({ page: 1, limit: 4, totalItems: 6, totalPages: 2 });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(ordered);
    const past = await listBookings(home, '?limit=4&page=3').expect(200);
    expect(past.body).toEqual({ items: [], page: 3, limit: 4, totalItems: 6, totalPages: 2 });
  });

  it('answers the largest page number with an empty page and the true totals, and refuses one past it', async () => {
    const response = await listBookings(home, '?page=9007199254740991&limit=200').expect(200);
    expect(response.body).toEqual({ items: [], page: 9007199254740991, limit: 200, totalItems: 6, totalPages: 1 });
    expectInvalid(await listBookings(home, '?page=9007199254740992'), 'page');
  });

  it('defaults to page 1 and limit 10', async () => {
    const response = await listBookings(home).expect(200);
    expect(response.body).toMatchObject({ page: 1, limit: 10, totalItems: 6 });
  });

  it.each([
    ['status=confirmed', [1, 3, 4, 5, 6]],
    ['status=cancelled', [2]],
    ['status=confirmed,cancelled', [1, 2, 3, 4, 5, 6]],
    ['status=confirmed&status=cancelled', [1, 2, 3, 4, 5, 6]],
    ['status[]=confirmed&status[]=cancelled', [1, 2, 3, 4, 5, 6]],
    ['status[]=cancelled', [2]],
    ['status=cancelled,cancelled', [2]],
  ])('filters by %s', async (query, expected) => {
    const response = await listBookings(home, `?limit=200&${query}`).expect(200);
    expect(idsOf(response)).toEqual(ids(...expected));
    expect(response.body.totalItems).toBe(expected.length);
    for (const item of response.body.items) expect(item.status).toBe(item.cancelledAt ? 'cancelled' : 'confirmed');
  });

  it.each([
    ['serviceDateMin is inclusive', `serviceDateMin=${FUTURE_YEAR}-02-03T09:00:00.000Z`, [3, 4, 5, 6]],
    ['serviceDateMin one millisecond later', `serviceDateMin=${FUTURE_YEAR}-02-03T09:00:00.001Z`, [4, 5, 6]],
    [
      'serviceDateMin with an offset',
      `serviceDateMin=${encodeURIComponent(`${FUTURE_YEAR}-02-03T20:00:00+11:00`)}`,
      [3, 4, 5, 6],
    ],
    ['serviceDateMax is exclusive', `serviceDateMax=${FUTURE_YEAR}-02-03T09:00:00.000Z`, [1, 2]],
    ['serviceDateMax one millisecond later', `serviceDateMax=${FUTURE_YEAR}-02-03T09:00:00.001Z`, [1, 2, 3]],
    [
      'both, a window',
      `serviceDateMin=${FUTURE_YEAR}-02-02T09:00:00.000Z&serviceDateMax=${FUTURE_YEAR}-02-05T09:00:00.000Z`,
      [2, 3, 4],
    ],
    ['paid=true', 'paid=true', [3]],
    ['paid=false', 'paid=false', [1, 2, 4, 5, 6]],
    ['providerId', 'providerIdP1', [1, 2, 5]],
    ['locationId', 'locationIdL2', [3, 6]],
    ['clientId', 'clientIdC1', [1, 3, 5]],
    ['providerId AND clientId AND status', 'providerIdP2&clientIdC2&status=confirmed', [4, 6]],
    ['providerId AND clientId AND locationId', 'providerIdP2&clientIdC2&locationIdL1', [4]],
    ['clientId AND paid AND a window', `clientIdC1&paid=false&serviceDateMin=${FUTURE_YEAR}-02-02T00:00:00.000Z`, [5]],
    ['filters that match nothing together', 'providerIdP1&locationIdL2', []],
  ])('filters by %s', async (_, query, expected) => {
    const resolved = query
      .replace('providerIdP1', `providerId=${p1.id}`)
      .replace('providerIdP2', `providerId=${p2.id}`)
      .replace('locationIdL1', `locationId=${l1.id}`)
      .replace('locationIdL2', `locationId=${l2.id}`)
      .replace('clientIdC1', `clientId=${c1.id}`)
      .replace('clientIdC2', `clientId=${c2.id}`);
    const response = await listBookings(home, `?limit=200&${resolved}`).expect(200);
    expect(idsOf(response)).toEqual(ids(...expected));
    expect(response.body.totalItems).toBe(expected.length);
  });

  it.each([
    ['status', 'status=pending'],
    ['status', 'status=confirmed,pending'],
    ['serviceDateMin', 'serviceDateMin=yesterday'],
    ['serviceDateMax', 'serviceDateMax=2026-13-01T00:00:00Z'],
    ['paid', 'paid=yes'],
    ['providerId', 'providerId=not-a-uuid'],
    ['locationId', 'locationId=42'],
    ['clientId', 'clientId=not-a-uuid'],
    ['expand', 'expand=unknown'],
    ['page', 'page=0'],
    ['page', 'page=1.5'],
    ['limit', 'limit=201'],
    ['limit', 'limit=0'],
  ])('refuses a bad %s (%s) with 400 validation_failed naming it', async (field, query) => {
    const response = await listBookings(home, `?${query}`);
    expectInvalid(response, field);
  });

  it('lists the allowed values when an expand value is unknown', async () => {
    const response = await listBookings(home, '?expand=unknown');
    expectInvalid(response, 'expand');
    const message = response.body.errors.find((error: Body) => error.field === 'expand').message;
    for (const value of BOOKING_EXPANSIONS) expect(message).toContain(value);
  });

  it('lists the allowed values when a status is unknown', async () => {
    const response = await listBookings(home, '?status=pending');
    const message = response.body.errors.find((error: Body) => error.field === 'status').message;
    expect(message).toContain('confirmed');
    expect(message).toContain('cancelled');
  });

  it('answers 404 for an organisation that does not exist', async () => {
    expectProblem(await get(orgPath(newPrefixedId('org'), '/bookings')), 404, 'not_found');
  });
});

// ---------------------------------------------------------------------------------------------

describe('booking shapes and expansions', () => {
  let home: Org;
  let business: Body;
  let bondi: Body;
  let priya: Body;
  let priyaLink: Body;
  let alex: Body;
  let visa: Body;
  let fund: Body;
  let type: Body;
  let booking: Body;
  let bare: Body; // no cards
  let defaults: Body;

  beforeAll(async () => {
    home = await organisation('Shapes');
    business = (await get(orgPath(home.id, `/businesses/${home.businessId}`)).expect(200)).body;
    [bondi, priya, alex] = await Promise.all([
      location(home, 'Shapes Bondi', {
        email: `bondi.${RUN}@harbourphysio.example`,
        registrations: REGISTRATIONS,
        terminalIds: ['HICAPS-T-0042'],
        bookingCustomText: 'Arrive early.',
      }),
      provider(home, 'Priya', { email: `priya.${RUN}@harbourphysio.example`, mobileNumber: '0412 345 678' }),
      client(home, 'Alex', { email: `alex.${RUN}@example.com` }),
    ]);
    priyaLink = await link(home, priya.id, bondi.id);
    type = await appointmentType(home, {
      providers: [priya.id],
      locations: [bondi.id],
      billableItems: [
        {
          name: 'Consultation',
          basePrice: 9500,
          itemCode: '560',
          serviceItem: { id: 'si_560', itemCode: '560', category: 'physio', description: 'Physio' },
        },
        { name: 'Band', basePrice: 500 },
      ],
    });
    [visa, fund] = await Promise.all([paymentCard(home, alex.id), healthFundCard(home, alex.id)]);
    booking = await book(home, {
      clientId: alex.id,
      providerId: priya.id,
      locationId: bondi.id,
      appointmentTypeId: type.id,
      serviceDate: `${FUTURE_YEAR}-06-01T09:00:00.000Z`,
      paymentMethodId: visa.id,
      healthFundCardId: fund.id,
      pmsBookingId: 'PMS-BK-1',
      pmsAttendeeId: 'PMS-AT-1',
    });
    bare = await book(home, {
      clientId: alex.id,
      providerId: priya.id,
      locationId: bondi.id,
      appointmentTypeId: type.id,
      serviceDate: `${FUTURE_YEAR}-06-02T09:00:00.000Z`,
    });
    defaults = (await getBooking(home, booking.id).expect(200)).body;
  });

  it('has, without expand, every scalar but pmsAttendeeId, the status, and the provider, location, type and client in their default shapes', async () => {
    expect(keysOf(defaults)).toEqual(BOOKING_FIELDS);
    expect(defaults).not.toHaveProperty('pmsAttendeeId');
    for (const expansion of [
      'paymentMethod',
      'healthFundCard',
      'cancellationPolicy',
      'latestTransaction',
      'providerLocationLink',
    ]) {
      expect(defaults).not.toHaveProperty(expansion);
    }
    expect(keysOf(defaults.provider)).toEqual(PROVIDER_FIELDS);
    expect(defaults.provider).toMatchObject({
      id: priya.id,
      email: priya.email,
      mobileNumber: '+61412345678',
      locationIds: [bondi.id],
    });
    expect(keysOf(defaults.location)).toEqual(LOCATION_FIELDS);
    const { registrations: _registrations, business: _business, ...bondiDefault } = bondi;
    expect(defaults.location).toEqual(bondiDefault);
    expect(defaults.location).toMatchObject({
      email: `bondi.${RUN}@harbourphysio.example`,
      bookingCustomText: 'Arrive early.',
      organisationId: home.id,
    });
    expect(keysOf(defaults.appointmentType)).toEqual(APPOINTMENT_TYPE_FIELDS);
    for (const item of defaults.appointmentType.billableItems) expect(keysOf(item)).toEqual(BILLABLE_ITEM_FIELDS);
    expect(keysOf(defaults.client)).toEqual(CLIENT_FIELDS);
    expect(defaults.client).toEqual((await get(orgPath(home.id, `/clients/${alex.id}`)).expect(200)).body);
    expect(defaults).toMatchObject({ pmsBookingId: 'PMS-BK-1', status: 'confirmed' });
  });

  it('has the same default shape in the list', async () => {
    const list = await listBookings(home, `?limit=200`).expect(200);
    expect(list.body.items.find((item: Body) => item.id === booking.id)).toEqual(defaults);
  });

  const billableItemsWithServiceItems = () =>
    defaults.appointmentType.billableItems.map((item: Body, index: number) => ({
      ...item,
      serviceItem: type.billableItems[index].serviceItem,
    }));

  // Each expansion: what it must add to the default shape, and nothing else.
  const cases: [string, () => Body][] = [
    [
      'paymentMethod',
      () => ({ ...defaults, paymentMethod: { id: visa.id, brand: 'visa', last4: '4242', customerId: `cus_${RUN}` } }),
    ],
    [
      'healthFundCard',
      () => ({
        ...defaults,
        healthFundCard: {
          id: fund.id,
          memberNumberLast4: '2345',
          healthFundId: healthFund.id,
          fingerprint: expect.any(String),
          defaultReferenceNumber: '02',
          issueNumber: '01',
          createdAt: expect.stringMatching(ISO_INSTANT),
          verifiedAt: null,
          healthFund: expect.objectContaining({ id: healthFund.id, name: healthFund.name }),
          cardholders: ['Alex Chen'],
          verified: false,
        },
      }),
    ],
    [
      'cancellationPolicy',
      () => ({
        ...defaults,
        cancellationPolicy: {
          enabled: false,
          rules: { clientCancel: { enabled: true }, clientReschedule: { enabled: true } },
          fee: {
            amount: 0,
            freeCancellationHours: 24,
            latestNoFeeAt: `${FUTURE_YEAR}-05-31T09:00:00.000Z`,
            billable: false,
            percent: null,
          },
        },
      }),
    ],
    ['latestTransaction', () => ({ ...defaults, latestTransaction: null })],
    ['latestTransaction.transactionItems.billableItem', () => ({ ...defaults, latestTransaction: null })],
    [
      'location.business.capabilities',
      () => ({
        ...defaults,
        location: { ...defaults.location, business: { ...business, capabilities: CAPABILITIES } },
      }),
    ],
    ['providerLocationLink', () => ({ ...defaults, providerLocationLink: priyaLink })],
    ['pmsAttendeeId', () => ({ ...defaults, pmsAttendeeId: 'PMS-AT-1' })],
    [
      'location.registrations',
      () => ({
        ...defaults,
        location: { ...defaults.location, registrations: REGISTRATIONS, terminalIds: ['HICAPS-T-0042'] },
      }),
    ],
    [
      'appointmentType.billableItems.serviceItem',
      () => ({
        ...defaults,
        appointmentType: { ...defaults.appointmentType, billableItems: billableItemsWithServiceItems() },
      }),
    ],
  ];

  it.each(cases)('expand=%s adds exactly its part', async (expansion, expected) => {
    const response = await getBooking(home, booking.id, `?expand=${expansion}`).expect(200);
    expect(response.body).toEqual(expected());
    const list = await listBookings(home, `?limit=200&expand=${expansion}`).expect(200);
    expect(list.body.items.find((item: Body) => item.id === booking.id)).toEqual(expected());
  });

  it('adds all ten parts at once, however the expand list is written', async () => {
    const all = cases.reduce<Body>((merged, [, expected]) => {
      const next = expected();
      return {
        ...merged,
        ...next,
        location: { ...merged.location, ...next.location },
        appointmentType: { ...merged.appointmentType, ...next.appointmentType },
      };
    }, defaults);
    const comma = await getBooking(home, booking.id, `?expand=${BOOKING_EXPANSIONS.join(',')}`).expect(200);
    expect(comma.body).toEqual(all);
    const repeated = await getBooking(
      home,
      booking.id,
      `?${BOOKING_EXPANSIONS.map((value) => `expand=${value}`).join('&')}`,
    ).expect(200);
    expect(repeated.body).toEqual(all);
    const brackets = await getBooking(
      home,
      booking.id,
      `?${BOOKING_EXPANSIONS.map((value) => `expand[]=${value}`).join('&')}`,
    ).expect(200);
    expect(brackets.body).toEqual(all);
  });

  it('expands the cards of a booking without cards as null', async () => {
    const response = await getBooking(home, bare.id, '?expand=paymentMethod,healthFundCard,pmsAttendeeId').expect(200);
    expect(response.body).toMatchObject({ paymentMethod: null, healthFundCard: null, pmsAttendeeId: null });
  });

  it('takes duplicate expand values without harm', async () => {
    const response = await getBooking(
      home,
      booking.id,
      '?expand=pmsAttendeeId,pmsAttendeeId&expand=pmsAttendeeId',
    ).expect(200);
    expect(response.body).toEqual({ ...defaults, pmsAttendeeId: 'PMS-AT-1' });
  });

  it('refuses an unknown expand on GET of one booking too', async () => {
    expectInvalid(await getBooking(home, booking.id, '?expand=client'), 'expand');
  });
});

// ---------------------------------------------------------------------------------------------

describe('cancellationPolicy from the booking settings', () => {
  let home: Org;
  let base: Body;
  let future: Body; // FUTURE_YEAR
  let soon: Body; // in one hour
  let past: Body; // imported, 2025

  const policyOf = async (booking: Body) =>
    (await getBooking(home, booking.id, '?expand=cancellationPolicy').expect(200)).body.cancellationPolicy;

  beforeAll(async () => {
    home = await organisation('Policy');
    const [bondi, priya, alex] = await Promise.all([
      location(home, 'Policy Bondi'),
      provider(home, 'Priya'),
      client(home, 'Alex'),
    ]);
    await link(home, priya.id, bondi.id);
    const type = await appointmentType(home, { price: 9550, providers: [priya.id], locations: [bondi.id] });
    base = { clientId: alex.id, providerId: priya.id, locationId: bondi.id, appointmentTypeId: type.id };
    const inAnHour = new Date(Math.ceil((Date.now() + HOUR) / 60_000) * 60_000).toISOString();
    future = await book(home, { ...base, serviceDate: `${FUTURE_YEAR}-07-01T09:00:00.000Z` });
    soon = await book(home, { ...base, serviceDate: inAnHour });
    past = await book(home, { ...base, serviceDate: '2025-07-01T09:00:00.000Z' });
  });

  it('charges a percent of the servicePrice, rounded to the cent, when no amount is set', async () => {
    const settings = await patch(orgPath(home.id, '/booking-settings'), {
      cancellationFeeEnabled: true,
      cancellationFeeAmount: null,
      cancellationFeePercent: 12.5,
      cancellationNoFeeBeforeHours: 48,
    });
    expect(settings.status).toBe(200);

    expect(await policyOf(future)).toEqual({
      enabled: true,
      rules: { clientCancel: { enabled: true }, clientReschedule: { enabled: true } },
      fee: {
        amount: 1194,
        freeCancellationHours: 48,
        latestNoFeeAt: `${FUTURE_YEAR}-06-29T09:00:00.000Z`,
        billable: false,
        percent: 12.5,
      },
    });
    // Within the 48 free hours and after the appointment, cancelling is billable.
    expect((await policyOf(soon)).fee).toMatchObject({ amount: 1194, billable: true });
    expect((await policyOf(past)).fee).toMatchObject({ billable: true, latestNoFeeAt: '2025-06-29T09:00:00.000Z' });
  });

  it('charges the fixed amount when one is set, and still reports the percent', async () => {
    await patch(orgPath(home.id, '/booking-settings'), {
      cancellationFeeAmount: 3000,
      cancellationNoFeeBeforeHours: 0,
    }).expect(200);
    expect((await policyOf(future)).fee).toEqual({
      amount: 3000,
      freeCancellationHours: 0,
      latestNoFeeAt: `${FUTURE_YEAR}-07-01T09:00:00.000Z`,
      billable: false,
      percent: 12.5,
    });
    // With 0 free hours a booking an hour away is still free to cancel.
    expect((await policyOf(soon)).fee.billable).toBe(false);
  });

  it('when the fee is disabled, says so in enabled, and billable still follows latestNoFeeAt', async () => {
    await patch(orgPath(home.id, '/booking-settings'), {
      cancellationFeeEnabled: false,
      cancellationNoFeeBeforeHours: 48,
    }).expect(200);
    expect(await policyOf(soon)).toMatchObject({ enabled: false, fee: { billable: true, freeCancellationHours: 48 } });
    expect(await policyOf(future)).toMatchObject({ enabled: false, fee: { billable: false } });
  });
});

// ---------------------------------------------------------------------------------------------

describe('statement counts of the bookings list', () => {
  let home: Org;

  beforeAll(async () => {
    home = await organisation('Statements');
    const [l1, l2, p1, p2, c1, c2] = await Promise.all([
      location(home, 'Statements One', { registrations: REGISTRATIONS }),
      location(home, 'Statements Two'),
      provider(home, 'Priya'),
      provider(home, 'Omar'),
      client(home, 'Alex'),
      client(home, 'Sam'),
    ]);
    await Promise.all([link(home, p1.id, l1.id), link(home, p2.id, l2.id)]);
    const type = await appointmentType(home, {
      providers: [p1.id, p2.id],
      locations: [l1.id, l2.id],
      billableItems: [{ name: 'Consultation', basePrice: 9500, serviceItem: { id: 'si_1' } }],
    });
    const [v1, f1, v2, f2] = await Promise.all([
      paymentCard(home, c1.id),
      healthFundCard(home, c1.id),
      paymentCard(home, c2.id),
      healthFundCard(home, c2.id),
    ]);
    const who = [
      [p1, l1, c1, v1, f1],
      [p2, l2, c2, v2, f2],
    ];
    for (let i = 0; i < 5; i++) {
      const [p, l, c, v, f] = who[i % 2];
      await book(home, {
        providerId: p.id,
        locationId: l.id,
        clientId: c.id,
        appointmentTypeId: type.id,
        paymentMethodId: v.id,
        healthFundCardId: f.id,
        serviceDate: `${FUTURE_YEAR}-08-0${i + 1}T09:00:00.000Z`,
      });
    }
  });

  it('issues the same number of SQL statements for limit=1 and limit=200 with all ten expansions', async () => {
    const query = (limit: number) => `?limit=${limit}&expand=${BOOKING_EXPANSIONS.join(',')}`;
    // Warm whatever the first request of a key or route caches.
    await listBookings(home, query(1)).expect(200);
    await listBookings(home, query(200)).expect(200);

    let one: Response | undefined;
    let all: Response | undefined;
    const small = await countRequestStatements(async () => {
      one = await listBookings(home, query(1)).expect(200);
    });
    const large = await countRequestStatements(async () => {
      all = await listBookings(home, query(200)).expect(200);
    });
    expect(one!.body.items).toHaveLength(1);
    expect(all!.body.items).toHaveLength(5);
    expect(new Set(all!.body.items.map((item: Body) => item.providerId)).size).toBe(2);
    expect(
      all!.body.items.every(
        (item: Body) =>
          item.paymentMethod && item.healthFundCard && item.location.business && item.providerLocationLink,
      ),
    ).toBe(true);
    expect(small.statements.length).toBeGreaterThan(0);
    expect(large.statements.length).toBe(small.statements.length);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /v1/organisations/{organisationId}/booking-data', () => {
  let home: Org;
  let slug: string;
  let bondi: Body;
  let manly: Body;
  let bookable: Body;
  let disabled: Body;
  let deleted: Body;
  let live: Body;
  let gone: Body;
  const secrets = {
    providerEmail: `priya.private.${RUN}@harbourphysio.example`,
    providerMobile: '+61412999888',
    providerMobileAsEntered: '0412 999 888',
    disabledEmail: `dana.private.${RUN}@harbourphysio.example`,
    locationEmail: `bondi.private.${RUN}@harbourphysio.example`,
  };

  beforeAll(async () => {
    slug = `booking-data-${RUN}`;
    home = await organisation('Booking Data', { slug, bookingsEnabled: true });
    [bondi, manly, bookable, disabled, deleted] = await Promise.all([
      location(home, 'Data Bondi', { email: secrets.locationEmail, bookingCustomText: 'Arrive early.' }),
      location(home, 'Data Manly'),
      provider(home, 'Priya', {
        email: secrets.providerEmail,
        mobileNumber: secrets.providerMobileAsEntered,
        profileImageUrl: 'https://cdn.example.com/p.jpg',
      }),
      provider(home, 'Dana', { bookingsEnabled: false, email: secrets.disabledEmail }),
      provider(home, 'Del'),
    ]);
    await Promise.all([
      link(home, bookable.id, bondi.id),
      link(home, bookable.id, manly.id),
      link(home, disabled.id, bondi.id),
      link(home, deleted.id, bondi.id),
    ]);
    // The provider is deleted after the type that names it was made.
    [live, gone] = await Promise.all([
      appointmentType(home, {
        name: named('Live'),
        providers: [bookable.id, disabled.id, deleted.id],
        locations: [bondi.id, manly.id],
        maxAttendees: 2,
        description: 'Assessment',
        category: 'physio',
        itemCode: '560',
      }),
      appointmentType(home, { name: named('Gone'), providers: [bookable.id], locations: [bondi.id] }),
    ]);
    await del(orgPath(home.id, `/providers/${deleted.id}`)).expect(200);
    await del(orgPath(home.id, `/appointment-types/${gone.id}`)).expect(200);
    await patch(orgPath(home.id, '/booking-settings'), {
      notesEnabled: false,
      cancellationFeeEnabled: true,
      cancellationFeeAmount: 2500,
      cancellationNoFeeBeforeHours: 12,
      googleTagManagerContainerId: 'GTM-5XK2P7Q',
    }).expect(200);
  });

  it('answers without an API key, with only what a patient may book', async () => {
    const response = await get(orgPath(home.id, '/booking-data'), null);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(keysOf(body)).toEqual([
      'bookingSettings',
      'bookingsEnabled',
      'brandImageUrl',
      'businesses',
      'id',
      'locations',
      'name',
      'providers',
      'services',
      'slug',
    ]);
    expect(body).toMatchObject({
      id: home.id,
      slug,
      name: named('Booking Data'),
      bookingsEnabled: true,
      brandImageUrl: null,
    });

    expect(body.services).toEqual([
      {
        id: live.id,
        name: named('Live'),
        durationMinutes: 60,
        price: 9500,
        providerIds: [bookable.id],
        locationIds: [bondi.id, manly.id],
        maxAttendees: 2,
        description: 'Assessment',
        category: 'physio',
        itemCode: '560',
      },
    ]);
    expect(body.providers).toEqual([
      {
        id: bookable.id,
        locationIds: expect.arrayContaining([bondi.id, manly.id]),
        firstName: 'Priya',
        lastName: named('Raman'),
        profileImageUrl: 'https://cdn.example.com/p.jpg',
      },
    ]);
    expect(body.providers[0].locationIds).toHaveLength(2);
    expect(body.locations.sort((a: Body, b: Body) => a.name.localeCompare(b.name))).toEqual([
      { id: bondi.id, name: bondi.name, address: bondi.address, businessId: home.businessId },
      { id: manly.id, name: manly.name, address: manly.address, businessId: home.businessId },
    ]);
    expect(body.businesses).toEqual([{ id: home.businessId, capabilities: CAPABILITIES }]);
    expect(body.bookingSettings).toEqual({
      notesEnabled: false,
      cancellationFeeEnabled: true,
      cancellationFeeAutoChargeEnabled: false,
      paymentDetailsRequired: false,
      bookingNotificationsEnabled: true,
      providerBookingNotificationsEnabled: true,
      healthFundCardCollectionEnabled: false,
      cancellationFeeAmount: 2500,
      cancellationFeePercent: null,
      cancellationNoFeeBeforeHours: 12,
      googleTagManagerContainerId: 'GTM-5XK2P7Q',
      minimumNoticeMinutes: 120,
      maximumAdvanceDays: 90,
      slotIntervalMinutes: 15,
      clientCancelEnabled: true,
      clientRescheduleEnabled: true,
      reminderHoursBefore: 24,
      smsRemindersEnabled: false,
    });
  });

  it('shows no provider or location contact detail anywhere in the body', async () => {
    const response = await get(orgPath(home.id, '/booking-data'), null).expect(200);
    for (const secret of Object.values(secrets)) expect(response.text).not.toContain(secret);
    expect(response.text).not.toContain('412999888');
    expect(response.text).not.toContain('"email"');
    expect(response.text).not.toContain('"mobileNumber"');
  });

  it('answers the same by slug', async () => {
    const [byId, bySlug] = await Promise.all([
      get(orgPath(home.id, '/booking-data'), null).expect(200),
      get(orgPath(slug, '/booking-data'), null).expect(200),
    ]);
    expect(bySlug.body).toEqual(byId.body);
  });

  it('answers ETag and Cache-Control: public, max-age=60, and 304 with an empty body to a matching If-None-Match', async () => {
    const first = await get(orgPath(home.id, '/booking-data'), null).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    expect(etag.length).toBeGreaterThan(2);

    const again = await get(orgPath(home.id, '/booking-data'), null).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await get(orgPath(home.id, '/booking-data'), null).set('If-None-Match', '"not-the-current-one"');
    expect(stale.status).toBe(200);
    expect(stale.body.id).toBe(home.id);
  });

  it('changes the ETag when the data changes, so an old copy gets a fresh 200', async () => {
    const before = await get(orgPath(home.id, '/booking-data'), null).expect(200);
    await patch(orgPath(home.id, '/booking-settings'), { cancellationNoFeeBeforeHours: 6 }).expect(200);
    const after = await get(orgPath(home.id, '/booking-data'), null).set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.bookingSettings.cancellationNoFeeBeforeHours).toBe(6);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers 404 for an unknown slug or organisation id', async () => {
    expectProblem(await get(orgPath(`no-such-clinic-${RUN}`, '/booking-data'), null), 404, 'not_found');
    expectProblem(await get(orgPath(newPrefixedId('org'), '/booking-data'), null), 404, 'not_found');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Idempotency-Key on POST bookings', () => {
  let home: Org;
  let body: Body;

  beforeAll(async () => {
    home = await organisation('Idempotent');
    const [bondi, priya, alex] = await Promise.all([
      location(home, 'Idem Bondi'),
      provider(home, 'Priya'),
      client(home, 'Alex'),
    ]);
    await link(home, priya.id, bondi.id);
    const type = await appointmentType(home, { providers: [priya.id], locations: [bondi.id] });
    body = {
      clientId: alex.id,
      providerId: priya.id,
      locationId: bondi.id,
      appointmentTypeId: type.id,
      serviceDate: `${FUTURE_YEAR}-09-01T09:00:00.000Z`,
    };
  });

  it('replays the first answer to a retry with the same key and body, and creates one booking', async () => {
    const key = `idem-${randomUUID()}`;
    const first = await postBooking(home, body, key);
    expect(first.status).toBe(201);
    const retry = await postBooking(home, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);

    const list = await listBookings(home, `?clientId=${body.clientId}`).expect(200);
    expect(idsOf(list)).toEqual([first.body.id]);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const key = `idem-${randomUUID()}`;
    await created(postBooking(home, { ...body, serviceDate: `${FUTURE_YEAR}-09-02T09:00:00.000Z` }, key));
    expectProblem(
      await postBooking(home, { ...body, serviceDate: `${FUTURE_YEAR}-09-03T09:00:00.000Z` }, key),
      422,
      'idempotency_key_reused',
    );
    const list = await listBookings(
      home,
      `?clientId=${body.clientId}&serviceDateMin=${FUTURE_YEAR}-09-03T00:00:00.000Z`,
    ).expect(200);
    expect(list.body.totalItems).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('OpenAPI document of the bookings list', () => {
  type Parameter = {
    name: string;
    in: string;
    required?: boolean;
    schema?: Body;
    example?: unknown;
    examples?: Body;
    description?: string;
  };
  let document: Body;
  let parameters: Parameter[];

  beforeAll(async () => {
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    parameters = document.paths['/v1/organisations/{organisationId}/bookings'].get.parameters;
  });

  const query = (name: string) => parameters.find((parameter) => parameter.in === 'query' && parameter.name === name);
  const exampleOf = (parameter: Parameter) => parameter.example ?? parameter.schema?.example ?? parameter.examples;

  // Swagger UI sends an example as the parameter's value: an optional filter shows it in its description instead.
  it.each([
    'status',
    'serviceDateMin',
    'serviceDateMax',
    'paid',
    'providerId',
    'locationId',
    'clientId',
    'expand',
    'page',
    'limit',
  ])('documents the optional query parameter %s with an example in its description, or its default', (name) => {
    const parameter = query(name);
    expect(parameter).toBeDefined();
    expect(parameter!.required ?? false).toBe(false);
    expect(exampleOf(parameter!)).toBeUndefined();
    expect(
      parameter!.schema?.default !== undefined || /For example `[^`]+`\.$/.test(parameter!.description ?? ''),
    ).toBe(true);
  });

  it('documents the ten expand values and the two status values as enums', () => {
    const enumOf = (parameter: Parameter) => parameter.schema?.items?.enum ?? parameter.schema?.enum;
    expect([...enumOf(query('expand')!)].sort()).toEqual([...BOOKING_EXPANSIONS].sort());
    expect([...enumOf(query('status')!)].sort()).toEqual(['cancelled', 'confirmed']);
  });

  it('documents serviceDateMin and serviceDateMax as date-times and page/limit with their bounds', () => {
    expect(query('serviceDateMin')!.schema).toMatchObject({ format: 'date-time' });
    expect(query('serviceDateMax')!.schema).toMatchObject({ format: 'date-time' });
    expect(query('page')!.schema).toMatchObject({ minimum: 1 });
    expect(query('limit')!.schema).toMatchObject({ minimum: 1, maximum: 200 });
  });

  it('documents the same expand values on GET of one booking', () => {
    const one: Parameter[] = document.paths['/v1/organisations/{organisationId}/bookings/{bookingId}'].get.parameters;
    const expand = one.find((parameter) => parameter.in === 'query' && parameter.name === 'expand')!;
    expect([...(expand.schema?.items?.enum ?? expand.schema?.enum ?? [])].sort()).toEqual(
      [...BOOKING_EXPANSIONS].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('Idempotency-Key on POST appointment types', () => {
  let home: Org;
  let body: Body;

  beforeAll(async () => {
    home = await organisation('Idempotent Types');
    const [priya, bondi] = await Promise.all([provider(home, 'Priya'), location(home, 'Idem Types Bondi')]);
    body = {
      name: named('Idempotent consultation'),
      durationMinutes: 30,
      price: 7000,
      providers: [priya.id],
      locations: [bondi.id],
    };
  });

  const postType = (typeBody: Body, key: string) =>
    post(orgPath(home.id, '/appointment-types'), typeBody, t.platformAuth, key);
  const typesNamed = async (name: string) =>
    (await get(orgPath(home.id, '/appointment-types?limit=200')).expect(200)).body.items
      .filter((item: Body) => item.name === name)
      .map((item: Body) => item.id);

  it('replays the first answer (status, body, Location) to a retry with the same key and body, and creates one type', async () => {
    const key = `type-${randomUUID()}`;
    const first = await postType(body, key);
    expect(first.status).toBe(201);
    const retry = await postType(body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(await typesNamed(body.name)).toEqual([first.body.id]);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused, and creates nothing more', async () => {
    const key = `type-${randomUUID()}`;
    const name = named('Idempotent follow-up');
    const first = await created(postType({ ...body, name }, key));
    expectProblem(
      await postType({ ...body, name: named('Idempotent other type') }, key),
      422,
      'idempotency_key_reused',
    );
    expect(await typesNamed(named('Idempotent other type'))).toEqual([]);
    expect(await typesNamed(name)).toEqual([first.id]);
  });
});
