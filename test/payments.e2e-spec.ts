import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AssemblePayout, RecordPaymentOutcome, RecordTransaction } from '@app/payments-and-claims';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
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
  inContext,
  ISO_INSTANT,
  keysOf,
  named,
  orgPath,
  postJson,
  RUN,
  UUID,
} from './support/fixtures.js';
import { expectProblem } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: each clinic here is
// its own organisation, and every check is scoped to ids this file created.

const MEDICARE_NUMBER = '2123456701';

const PAYOUT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'amount',
  'currency',
  'status',
  'arrivalDate',
  'transactionCount',
];
const PAYOUT_TRANSACTION_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'source',
  'amount',
  'platformFeeAmount',
  'settledBy',
  'payoutId',
  'adjustmentTransactions',
  'paymentId',
  'payment',
  'claimId',
  'claim',
  'medicareClaimId',
  'medicareClaim',
  'paymentLinks',
  'events',
];
const BOOKING_PAYMENT_TRANSACTION_FIELDS = [
  'id',
  'createdAt',
  'source',
  'amount',
  'adjustmentTransactions',
  'paymentId',
  'payment',
  'claimId',
  'claim',
  'medicareClaimId',
  'medicareClaim',
];
const CLAIM_FIELDS = [
  'id',
  'referenceNumber',
  'providerNumber',
  'createdAt',
  'cancelledAt',
  'voidedAt',
  'isRebateEstimate',
  'totalChargeAmount',
  'totalRebateAmount',
  'totalGapAmount',
  'items',
  'device',
  'serviceType',
  'healthFund',
  'rules',
  'response',
  'payment',
  'provider',
  'agreement',
];
const CLAIM_ITEM_FIELDS = [
  'id',
  'itemCode',
  'patientReferenceNumber',
  'serviceReference',
  'itemDescription',
  'itemName',
  'chargeAmount',
  'rebateAmount',
  'serviceDate',
  'response',
];
const MEDICARE_CLAIM_FIELDS = [
  'id',
  'reference',
  'mcolTransactionId',
  'mcolClaimId',
  'mcolErrorCode',
  'mcolErrorMessage',
  'transactionId',
  'createdAt',
  'type',
  'paymentStatus',
  'totalChargeAmount',
  'totalRebateAmount',
  'totalGapAmount',
  'itemsCount',
  'items',
  'rules',
  'patientMedicareCardId',
  'claimantMedicareCardId',
  'referralId',
  'agreement',
];
const MEDICARE_CLAIM_ITEM_FIELDS = [
  'id',
  'itemCode',
  'mcolAssessmentCode',
  'mcolErrorCode',
  'mcolErrorMessage',
  'chargeAmount',
  'rebateAmount',
  'gapAmount',
  'patientCount',
  'quantity',
];
const MEDICARE_CARD_FIELDS = [
  'id',
  'memberNumberLast4',
  'referenceNumber',
  'fingerprint',
  'firstName',
  'lastName',
  'dateOfBirth',
  'secondInitial',
  'sex',
  'createdAt',
  'verifiedAt',
  'verified',
];
const EVENT_MEMBER_FIELDS = [
  'id',
  'emailVerified',
  'mobileNumberVerified',
  'createdAt',
  'updatedAt',
  'settings',
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'dateOfBirth',
  'roles',
  'profileImageUrl',
];
const TRANSACTION_FIELDS = [
  'id',
  'businessId',
  'createdAt',
  'updatedAt',
  'amount',
  'status',
  'currency',
  'paymentTransactions',
  'transactionItems',
  'confirmations',
  'paymentMethodId',
  'healthFundCardId',
  'medicareCardId',
  'bookingId',
  'clientName',
  'paymentMethod',
  'healthFundCard',
  'medicareCard',
  'client',
  'serviceProvider',
  'location',
  'customer',
];
const TRANSACTION_ITEM_FIELDS = [
  'chargeAmount',
  'id',
  'description',
  'clinicalCode',
  'itemCode',
  'billableItemId',
  'appointmentTypeId',
];
const BILLABLE_ITEM_FIELDS = [
  'name',
  'basePrice',
  'totalPrice',
  'taxAmount',
  'taxRate',
  'id',
  'itemCode',
  'pmsBillableItemId',
  'serviceItem',
];

interface Clinic {
  organisationId: string;
  auth: string;
  businessId: string;
  location: Body;
  provider: Body;
  appointmentType: Body;
  healthFund: Body;
}

interface Patient {
  member: Body;
  client: Body;
  paymentMethod: Body;
  healthFundCard: Body;
  medicareCard: Body;
}

let t: TestApp;

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const post = (path: string, body: unknown, auth = t.platformAuth) => postJson(t, path, body, auth);
const payoutsPath = (businessId: string, rest = '') => `/v1/businesses/${businessId}/payouts${rest}`;
const sorted = (fields: string[]) => [...fields].sort();

/** An organisation with a business, a location, a linked provider and a billable appointment type. */
async function clinic(name: string): Promise<Clinic> {
  const { id: organisationId, auth } = await createTenant(t, name);
  const { id: businessId } = await createBusiness(t, organisationId, { name: named(`${name} Pty Ltd`) });
  const location = await createLocation(t, organisationId, businessId, { name: named(`${name} Bondi`) });
  const provider = await createProvider(t, organisationId, { email: 'priya@example.com' });
  await createLink(t, organisationId, provider.id, location.id, {
    acceptedTerms: true,
    categoryCode: 'physiotherapist',
    medicare: { providerNumber: '2429591L' },
  });
  const appointmentType = await createAppointmentType(t, organisationId, {
    name: 'Initial physiotherapy consultation',
    durationMinutes: 45,
    price: 9500,
    providers: [provider.id],
    locations: [location.id],
    category: 'physiotherapy',
    itemCode: '560',
    billableItems: [
      {
        name: 'Initial consultation',
        basePrice: 9500,
        itemCode: '560',
        pmsBillableItemId: 'pms_bi_88213',
        serviceItem: {
          id: 'si_560',
          itemCode: '560',
          category: 'physiotherapy',
          description: 'Initial physiotherapy consultation',
        },
      },
    ],
  });
  const funds = await get('/v1/health-funds?limit=200').expect(200);
  expect(funds.body.items.length).toBeGreaterThan(0);
  return { organisationId, auth, businessId, location, provider, appointmentType, healthFund: funds.body.items[0] };
}

/** A member, a client linked to that member, and the client's three wallet cards. */
async function patient(home: Clinic, name: string): Promise<Patient> {
  const member = await created(
    post('/v1/members', {
      firstName: 'Alex',
      lastName: 'Chen',
      email: `${name}.${RUN}@example.com`,
      mobileNumber: '0412 345 678',
    }),
  );
  const client = await createClient(t, home.organisationId, {
    firstName: 'Alex',
    lastName: 'Chen',
    memberId: member.id,
    email: `${name}.${RUN}@example.com`,
    dateOfBirth: '1988-04-12',
  });
  const cardsPath = orgPath(home.organisationId, `/clients/${client.id}/wallet/cards`);
  const paymentMethod = await created(
    post(cardsPath, { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
  );
  const healthFundCard = await created(
    post(cardsPath, {
      type: 'health_fund_card',
      healthFundCard: {
        memberNumber: '40012345',
        healthFundId: home.healthFund.id,
        issueNumber: '01',
        defaultReferenceNumber: '02',
        cardholders: ['Alex Chen'],
      },
    }),
  );
  const medicareCard = await created(
    post(cardsPath, {
      type: 'medicare_card',
      medicareCard: {
        memberNumber: MEDICARE_NUMBER,
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1988-04-12',
        secondInitial: 'J',
        sex: 'F',
      },
    }),
  );
  return { member, client, paymentMethod, healthFundCard, medicareCard };
}

async function book(home: Clinic, who: Patient, serviceDate: string): Promise<Body> {
  return created(
    post(orgPath(home.organisationId, '/bookings'), {
      clientId: who.client.id,
      providerId: home.provider.id,
      locationId: home.location.id,
      appointmentTypeId: home.appointmentType.id,
      serviceDate,
      paymentMethodId: who.paymentMethod.id,
      healthFundCardId: who.healthFundCard.id,
    }),
  );
}

/** The appointment type's billable item as a transaction keeps it. */
function snapshotOf(home: Clinic) {
  const item = home.appointmentType.billableItems[0];
  return {
    id: item.id,
    name: item.name,
    basePrice: item.basePrice,
    totalPrice: item.totalPrice,
    taxAmount: item.taxAmount,
    taxRate: item.taxRate,
    itemCode: item.itemCode,
    pmsBillableItemId: item.pmsBillableItemId,
    serviceItem: item.serviceItem,
  };
}

/** The sale for a booking: the consultation (with its billable item snapshot) and an extra item without one. */
function recordSale(home: Clinic, who: Patient, bookingId: string | null, extraCharge = 4500) {
  return inContext(t, () =>
    t.app.get(RecordTransaction).execute(home.organisationId, {
      businessId: home.businessId,
      bookingId,
      clientId: who.client.id,
      clientName: 'Alex Chen',
      customerName: 'Sam Chen',
      paymentMethodId: who.paymentMethod.id,
      healthFundCardId: who.healthFundCard.id,
      medicareCardId: who.medicareCard.id,
      serviceProviderId: home.provider.id,
      locationId: home.location.id,
      items: [
        {
          chargeAmount: 9500,
          description: 'Initial physiotherapy consultation',
          clinicalCode: 'P1',
          itemCode: '560',
          billableItemId: home.appointmentType.billableItems[0].id,
          appointmentTypeId: home.appointmentType.id,
          billableItem: snapshotOf(home),
        },
        {
          chargeAmount: extraCharge,
          description: 'Theraband',
          clinicalCode: null,
          itemCode: null,
          billableItemId: null,
          appointmentTypeId: null,
          billableItem: null,
        },
      ],
    }),
  );
}

function payCard(home: Clinic, who: Patient, transactionId: string, amount: number, platformFeeAmount: number) {
  return inContext(t, () =>
    t.app.get(RecordPaymentOutcome).cardPayment(
      home.organisationId,
      transactionId,
      {
        amount,
        status: 'succeeded',
        paymentMethodId: who.paymentMethod.id,
        clientSecret: `pi_secret_${RUN}_${amount}`,
      },
      {
        platformFeeAmount,
        events: [
          { createdAt: '2026-11-21T00:10:00.000Z', createdBy: who.member.id },
          { createdAt: '2026-11-21T00:12:00.000Z', createdBy: 'system' },
        ],
        paymentLinks: [
          {
            url: `https://pay.example.com/l/${RUN}`,
            createdAt: '2026-11-21T00:10:00.000Z',
            expiresAt: '2026-11-28T00:10:00.000Z',
            events: [{ createdAt: '2026-11-21T00:11:00.000Z' }],
          },
        ],
      },
    ),
  );
}

function claimHealthFund(home: Clinic, transactionId: string, platformFeeAmount: number) {
  return inContext(t, () =>
    t.app.get(RecordPaymentOutcome).healthFundClaim(
      home.organisationId,
      transactionId,
      {
        healthFundId: home.healthFund.id,
        referenceNumber: `HC-${RUN}`,
        providerNumber: '2429591L',
        items: [
          {
            itemCode: '560',
            chargeAmount: 9500,
            rebateAmount: 6000,
            serviceDate: new Date('2026-11-20T23:00:00.000Z'),
            patientReferenceNumber: '02',
            serviceReference: 'SR-1',
            itemDescription: 'Initial physiotherapy consultation',
            itemName: 'Initial consult',
            response: { statusCode: '0', responseCode: '00' },
          },
          {
            itemCode: '505',
            chargeAmount: 4500,
            rebateAmount: 2750,
            serviceDate: new Date('2026-11-20T23:45:00.000Z'),
          },
        ],
        device: { terminalId: 'HICAPS-T-0042' },
        serviceType: { code: 'P', name: 'Physiotherapy' },
        provider: { providerNumber: '2429591L', name: 'Priya Raman', categoryCode: 'physiotherapist' },
        response: { statusCode: '0', responseCode: '00', freeText: 'Approved' },
        payment: {
          paymentAmount: 8750,
          bankAccountNumberLast4: '4821',
          bankAccountBsb: '062-000',
          paymentReference: 'HF-PAY-77812',
          paymentDate: '2026-11-24T00:00:00.000Z',
        },
      },
      { platformFeeAmount },
    ),
  );
}

function claimMedicare(home: Clinic, who: Patient, transactionId: string, platformFeeAmount: number) {
  return inContext(t, () =>
    t.app.get(RecordPaymentOutcome).medicareClaim(
      home.organisationId,
      transactionId,
      {
        reference: `MC-${RUN}`,
        type: { code: 'bulk_bill', name: 'Bulk bill' },
        paymentStatus: { code: 'paid', name: 'Paid' },
        items: [
          { itemCode: '10960', chargeAmount: 9500, rebateAmount: 6205, mcolAssessmentCode: 'A' },
          { itemCode: '10960', chargeAmount: 4500, rebateAmount: 3000, quantity: 2, patientCount: 1 },
        ],
        patientMedicareCardId: who.medicareCard.id,
        claimantMedicareCardId: who.medicareCard.id,
        mcolTransactionId: 'MCOL-TX-88123',
        mcolClaimId: 'MCOL-CL-55120',
      },
      { platformFeeAmount },
    ),
  );
}

const assemblePayout = (home: Clinic, ids: string[], arrivalDate = '2026-11-24') =>
  inContext(t, () =>
    t.app.get(AssemblePayout).execute(home.organisationId, home.businessId, ids, { arrivalDate, status: 'paid' }),
  );

const adjust = (home: Clinic, paymentTransactionId: string, amount: number, source = 'refund') =>
  inContext(t, () =>
    t.app.get(RecordPaymentOutcome).adjustment(home.organisationId, paymentTransactionId, { source, amount }),
  );

/** Every item of a paged list, read page by page. */
async function walk(path: string, limit: number): Promise<Body[]> {
  const items: Body[] = [];
  for (let page = 1; ; page++) {
    const response = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`).expect(200);
    items.push(...response.body.items);
    if (page >= response.body.totalPages) return items;
  }
}

async function captureError(work: () => Promise<unknown>): Promise<{ code?: string; kind?: string }> {
  try {
    await work();
  } catch (error) {
    return error as { code?: string; kind?: string };
  }
  throw new Error('expected the service to refuse');
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('a payout of card payments, a health fund claim and a Medicare claim', () => {
  let home: Clinic;
  let alex: Patient;
  let paidBooking: Body;
  let unpaidBooking: Body;
  let earlierSale: { id: string };
  let sale: { id: string; createdAt: Date };
  let earlierPayout: { id: string; createdAt: Date };
  let payout: { id: string; createdAt: Date };
  let cardPaymentId: string;
  let fundClaimId: string;
  let medicareClaimId: string;
  let unpaidCardPaymentId: string;

  beforeAll(async () => {
    home = await clinic('Payout Clinic');
    alex = await patient(home, 'alex-payout');
    paidBooking = await book(home, alex, '2030-03-04T09:30:00.000+11:00');
    unpaidBooking = await book(home, alex, '2030-03-05T09:30:00.000+11:00');

    // An earlier sale on the same booking, paid out in an earlier payout.
    earlierSale = await recordSale(home, alex, paidBooking.id, 1000);
    const earlierPayment = await payCard(home, alex, earlierSale.id, 2000, 50);
    earlierPayout = await assemblePayout(home, [earlierPayment.id], '2026-11-23');

    // The booking's newest sale: the gap by card, the rest from the fund and from Medicare.
    sale = await recordSale(home, alex, paidBooking.id);
    cardPaymentId = (await payCard(home, alex, sale.id, 3500, 196)).id;
    fundClaimId = (await claimHealthFund(home, sale.id, 120)).paymentTransaction.id;
    medicareClaimId = (await claimMedicare(home, alex, sale.id, 0)).paymentTransaction.id;
    await adjust(home, cardPaymentId, -1500, 'refund');
    await adjust(home, fundClaimId, 300, 'correction');
    payout = await assemblePayout(home, [medicareClaimId, cardPaymentId, fundClaimId]);
    // Recorded after the payout: part of the sale, not of any payout.
    unpaidCardPaymentId = (await payCard(home, alex, sale.id, 700, 10)).id;
  });

  describe('GET /v1/businesses/{businessId}/payouts', () => {
    it("lists the business's payouts newest first, each with exactly the payout fields", async () => {
      const response = await get(payoutsPath(home.businessId)).expect(200);
      expect(response.body).toMatchObject({ page: 1, limit: 10, totalItems: 2, totalPages: 1 });
      expect(response.body.items.map((item: Body) => item.id)).toEqual([payout.id, earlierPayout.id]);
      for (const item of response.body.items) expect(keysOf(item)).toEqual(sorted(PAYOUT_FIELDS));
      expect(response.body.items[1]).toEqual({
        id: earlierPayout.id,
        createdAt: earlierPayout.createdAt.toISOString(),
        updatedAt: earlierPayout.createdAt.toISOString(),
        amount: 2000 - 50,
        currency: 'AUD',
        status: 'paid',
        arrivalDate: '2026-11-23',
        transactionCount: 1,
      });
      expect(Date.parse(response.body.items[0].createdAt)).toBeGreaterThanOrEqual(
        Date.parse(response.body.items[1].createdAt),
      );
    });

    it('pages without repeating or skipping a payout', async () => {
      const items = await walk(payoutsPath(home.businessId), 1);
      expect(items.map((item) => item.id)).toEqual([payout.id, earlierPayout.id]);
    });

    it('lists nothing for another business of the organisation', async () => {
      const other = await createBusiness(t, home.organisationId, { name: named('Payout Clinic Sister Pty Ltd') });
      const response = await get(payoutsPath(other.id)).expect(200);
      expect(response.body).toEqual({ items: [], page: 1, limit: 10, totalItems: 0, totalPages: 0 });
    });
  });

  describe('GET /v1/businesses/{businessId}/payouts/{payoutId}', () => {
    it('reads the payout: its amount adds up its transactions, in AUD, arriving on a YYYY-MM-DD day', async () => {
      const response = await get(payoutsPath(home.businessId, `/${payout.id}`)).expect(200);
      expect(response.body).toEqual({
        id: payout.id,
        createdAt: payout.createdAt.toISOString(),
        updatedAt: payout.createdAt.toISOString(),
        // The card's 3500 − 196 − 1500; the fund and Medicare pay their benefits to the business themselves.
        amount: 3500 - 196 - 1500,
        currency: 'AUD',
        status: 'paid',
        arrivalDate: '2026-11-24',
        transactionCount: 3,
      });
      const listed = await get(payoutsPath(home.businessId)).expect(200);
      expect(listed.body.items[0]).toEqual(response.body);
    });
  });

  describe('GET /v1/businesses/{businessId}/payouts/{payoutId}/transactions', () => {
    let body: Body;
    let text: string;
    let byId: Map<string, Body>;

    beforeAll(async () => {
      const response = await get(payoutsPath(home.businessId, `/${payout.id}/transactions?limit=200`)).expect(200);
      body = response.body;
      text = response.text;
      byId = new Map(body.items.map((item: Body) => [item.id, item]));
    });

    it("lists exactly the payout's payment transactions in createdAt, id order", () => {
      expect(body).toMatchObject({ page: 1, limit: 200, totalItems: 3, totalPages: 1 });
      expect(body.items.map((item: Body) => item.id)).toEqual([cardPaymentId, fundClaimId, medicareClaimId]);
      const order = [...body.items].sort((a: Body, b: Body) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
      );
      expect(body.items).toEqual(order);
      expect(byId.has(unpaidCardPaymentId)).toBe(false);
    });

    it('shows every field of the spec on every payment transaction', () => {
      for (const item of body.items) {
        expect(keysOf(item)).toEqual(sorted(PAYOUT_TRANSACTION_FIELDS));
        expect(item.createdAt).toMatch(ISO_INSTANT);
      }
    });

    it('shows a card payment with its payment, client secret, adjustments, payment links and events', async () => {
      const item = byId.get(cardPaymentId)!;
      expect(item).toMatchObject({
        source: 'payment',
        amount: 3500,
        platformFeeAmount: 196,
        payoutId: payout.id,
        paymentId: item.payment.id,
        claimId: null,
        claim: null,
        medicareClaimId: null,
        medicareClaim: null,
      });
      expect(item.payment).toEqual({
        id: expect.stringMatching(/^pi_/),
        currency: 'AUD',
        status: 'succeeded',
        paymentMethodId: alex.paymentMethod.id,
        clientSecret: `pi_secret_${RUN}_3500`,
        amount: 3500,
      });
      expect(item.adjustmentTransactions).toEqual([
        {
          id: expect.stringMatching(UUID),
          createdAt: expect.stringMatching(ISO_INSTANT),
          source: 'refund',
          amount: -1500,
          payoutId: payout.id,
        },
      ]);
      expect(item.paymentLinks).toEqual([
        {
          url: `https://pay.example.com/l/${RUN}`,
          id: expect.stringMatching(UUID),
          createdAt: '2026-11-21T00:10:00.000Z',
          expiresAt: '2026-11-28T00:10:00.000Z',
          events: [{ createdAt: '2026-11-21T00:11:00.000Z' }],
        },
      ]);
    });

    it("names the member behind an event with the member's fields, without activity", async () => {
      const member = await get(`/v1/members/${alex.member.id}`).expect(200);
      const { activity, ...withoutActivity } = member.body;
      expect(activity).toBeDefined();
      const [memberEvent, systemEvent] = byId.get(cardPaymentId)!.events;
      expect(keysOf(memberEvent)).toEqual(['createdAt', 'createdBy', 'createdByMember']);
      expect(memberEvent).toEqual({
        createdAt: '2026-11-21T00:10:00.000Z',
        createdBy: alex.member.id,
        createdByMember: withoutActivity,
      });
      expect(keysOf(memberEvent.createdByMember)).toEqual(sorted(EVENT_MEMBER_FIELDS));
      expect(systemEvent).toEqual({
        createdAt: '2026-11-21T00:12:00.000Z',
        createdBy: 'system',
        createdByMember: null,
      });
    });

    it('shows a health fund claim with its items, fund (name and capabilities, no id), device, service type, rules, response, payment and provider', () => {
      const item = byId.get(fundClaimId)!;
      expect(item).toMatchObject({
        source: 'health_fund_claim',
        amount: 6000 + 2750,
        platformFeeAmount: 120,
        paymentId: null,
        payment: null,
        claimId: item.claim.id,
        medicareClaimId: null,
        medicareClaim: null,
        paymentLinks: [],
        events: [],
      });
      expect(item.adjustmentTransactions).toEqual([expect.objectContaining({ source: 'correction', amount: 300 })]);
      const { claim } = item;
      expect(keysOf(claim)).toEqual(sorted(CLAIM_FIELDS));
      expect(claim).toMatchObject({
        id: expect.stringMatching(UUID),
        referenceNumber: `HC-${RUN}`,
        providerNumber: '2429591L',
        createdAt: expect.stringMatching(ISO_INSTANT),
        cancelledAt: null,
        voidedAt: null,
        isRebateEstimate: false,
        totalChargeAmount: 14000,
        totalRebateAmount: 8750,
        totalGapAmount: 5250,
        device: { terminalId: 'HICAPS-T-0042' },
        serviceType: { code: 'P', name: 'Physiotherapy' },
        rules: { reversal: { enabled: true } },
        response: { statusCode: '0', responseCode: '00', freeText: 'Approved' },
        payment: {
          paymentAmount: 8750,
          bankAccountNumberLast4: '4821',
          bankAccountBsb: '062-000',
          paymentReference: 'HF-PAY-77812',
          paymentDate: '2026-11-24T00:00:00.000Z',
        },
        provider: { providerNumber: '2429591L', name: 'Priya Raman', categoryCode: 'physiotherapist' },
      });
      expect(claim.healthFund).toEqual({ name: home.healthFund.name, capabilities: home.healthFund.capabilities });
      expect(claim.items).toHaveLength(2);
      for (const claimItem of claim.items) expect(keysOf(claimItem)).toEqual(sorted(CLAIM_ITEM_FIELDS));
      expect(claim.items[0]).toEqual({
        id: expect.stringMatching(UUID),
        itemCode: '560',
        patientReferenceNumber: '02',
        serviceReference: 'SR-1',
        itemDescription: 'Initial physiotherapy consultation',
        itemName: 'Initial consult',
        chargeAmount: 9500,
        rebateAmount: 6000,
        serviceDate: '2026-11-20T23:00:00.000Z',
        response: { statusCode: '0', responseCode: '00' },
      });
      expect(claim.items[1]).toMatchObject({
        itemCode: '505',
        chargeAmount: 4500,
        rebateAmount: 2750,
        patientReferenceNumber: null,
        response: { statusCode: null, responseCode: null },
      });
    });

    it('shows a Medicare claim with its items and the patient and claimant cards by their last 4 digits only', async () => {
      const item = byId.get(medicareClaimId)!;
      expect(item).toMatchObject({
        source: 'medicare_claim',
        amount: 9205,
        platformFeeAmount: 0,
        payment: null,
        claim: null,
        claimId: null,
        medicareClaimId: item.medicareClaim.id,
      });
      const { medicareClaim } = item;
      expect(keysOf(medicareClaim)).toEqual(
        sorted([...MEDICARE_CLAIM_FIELDS, 'patientMedicareCard', 'claimantMedicareCard']),
      );
      expect(medicareClaim).toMatchObject({
        id: expect.stringMatching(UUID),
        reference: `MC-${RUN}`,
        mcolTransactionId: 'MCOL-TX-88123',
        mcolClaimId: 'MCOL-CL-55120',
        mcolErrorCode: null,
        mcolErrorMessage: null,
        transactionId: sale.id,
        createdAt: expect.stringMatching(ISO_INSTANT),
        type: { code: 'bulk_bill', name: 'Bulk bill' },
        paymentStatus: { code: 'paid', name: 'Paid' },
        totalChargeAmount: 14000,
        totalRebateAmount: 9205,
        totalGapAmount: 4795,
        itemsCount: 2,
        rules: { reversal: { enabled: true } },
        patientMedicareCardId: alex.medicareCard.id,
        claimantMedicareCardId: alex.medicareCard.id,
      });
      for (const claimItem of medicareClaim.items)
        expect(keysOf(claimItem)).toEqual(sorted(MEDICARE_CLAIM_ITEM_FIELDS));
      expect(medicareClaim.items[0]).toEqual({
        id: expect.stringMatching(UUID),
        itemCode: '10960',
        mcolAssessmentCode: 'A',
        mcolErrorCode: null,
        mcolErrorMessage: null,
        chargeAmount: 9500,
        rebateAmount: 6205,
        gapAmount: 3295,
        patientCount: 1,
        quantity: 1,
      });
      expect(medicareClaim.items[1]).toMatchObject({
        chargeAmount: 4500,
        rebateAmount: 3000,
        gapAmount: 1500,
        quantity: 2,
      });

      const card = (
        await get(
          orgPath(home.organisationId, `/clients/${alex.client.id}/wallet/cards/${alex.medicareCard.id}`),
        ).expect(200)
      ).body;
      const expectedCard = {
        id: alex.medicareCard.id,
        memberNumberLast4: '6701',
        referenceNumber: '1',
        fingerprint: card.fingerprint,
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1988-04-12',
        secondInitial: 'J',
        sex: 'F',
        createdAt: card.createdAt,
        verifiedAt: null,
        verified: false,
      };
      for (const shown of [medicareClaim.patientMedicareCard, medicareClaim.claimantMedicareCard]) {
        expect(keysOf(shown)).toEqual(sorted(MEDICARE_CARD_FIELDS));
        expect(shown).toEqual(expectedCard);
      }
    });

    it('never shows the full Medicare card number', () => {
      expect(text).toContain('6701');
      expect(text).not.toContain(MEDICARE_NUMBER);
    });

    it('adds up: the payout is Σ(amount − platform fee) of the card money it paid out + Σ their adjustments it counted, and every claim is its items added up', async () => {
      const read = await get(payoutsPath(home.businessId, `/${payout.id}`)).expect(200);
      const counted = (adjustments: Body[]) => adjustments.filter((adjustment) => adjustment.payoutId === payout.id);
      const net = body.items
        .filter((item: Body) => item.settledBy === 'platform')
        .reduce(
          (sum: number, item: Body) =>
            sum +
            (item.payoutId === payout.id ? item.amount - item.platformFeeAmount : 0) +
            counted(item.adjustmentTransactions).reduce(
              (total: number, adjustment: Body) => total + adjustment.amount,
              0,
            ),
          0,
        );
      expect(body.items.every((item: Body) => item.payoutId === payout.id)).toBe(true);
      expect(body.items.map((item: Body) => [item.source, item.settledBy])).toEqual([
        ['payment', 'platform'],
        ['health_fund_claim', 'payer'],
        ['medicare_claim', 'payer'],
      ]);
      expect(read.body.amount).toBe(net);
      expect(read.body.transactionCount).toBe(body.totalItems);

      const sum = (items: Body[], field: string) => items.reduce((total, claimItem) => total + claimItem[field], 0);
      const { claim } = byId.get(fundClaimId)!;
      expect(claim.totalChargeAmount).toBe(sum(claim.items, 'chargeAmount'));
      expect(claim.totalRebateAmount).toBe(sum(claim.items, 'rebateAmount'));
      expect(claim.totalGapAmount).toBe(claim.totalChargeAmount - claim.totalRebateAmount);
      expect(byId.get(fundClaimId)!.amount).toBe(claim.totalRebateAmount);

      const { medicareClaim } = byId.get(medicareClaimId)!;
      expect(medicareClaim.itemsCount).toBe(medicareClaim.items.length);
      expect(medicareClaim.totalChargeAmount).toBe(sum(medicareClaim.items, 'chargeAmount'));
      expect(medicareClaim.totalRebateAmount).toBe(sum(medicareClaim.items, 'rebateAmount'));
      expect(medicareClaim.totalGapAmount).toBe(sum(medicareClaim.items, 'gapAmount'));
      for (const claimItem of medicareClaim.items)
        expect(claimItem.gapAmount).toBe(claimItem.chargeAmount - claimItem.rebateAmount);
      expect(byId.get(medicareClaimId)!.amount).toBe(medicareClaim.totalRebateAmount);
    });

    it('pages in the same order without repeating or skipping', async () => {
      const first = await get(payoutsPath(home.businessId, `/${payout.id}/transactions?limit=1`)).expect(200);
      expect(first.body).toMatchObject({ page: 1, limit: 1, totalItems: 3, totalPages: 3 });
      const items = await walk(payoutsPath(home.businessId, `/${payout.id}/transactions`), 1);
      expect(items).toEqual(body.items);
      const past = await get(payoutsPath(home.businessId, `/${payout.id}/transactions?page=4&limit=1`)).expect(200);
      expect(past.body).toEqual({ items: [], page: 4, limit: 1, totalItems: 3, totalPages: 3 });
    });

    it('refuses a bad page size with 400 naming the parameter', async () => {
      const response = await get(payoutsPath(home.businessId, `/${payout.id}/transactions?limit=201`));
      expectProblem(response, 400, 'validation_failed');
      expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'limit' })]));
    });
  });

  describe('assembling and adjusting through the application services', () => {
    it('refuses a payment transaction already in a payout with already_paid_out, and leaves both payouts as they were', async () => {
      const fresh = await payCard(home, alex, sale.id, 400, 4);
      const error = await captureError(() => assemblePayout(home, [fresh.id, cardPaymentId]));
      expect(error.code).toBe('already_paid_out');

      const list = await get(payoutsPath(home.businessId)).expect(200);
      expect(list.body.totalItems).toBe(2);
      const read = await get(payoutsPath(home.businessId, `/${payout.id}/transactions`)).expect(200);
      expect(read.body.items.map((item: Body) => item.id)).toEqual([cardPaymentId, fundClaimId, medicareClaimId]);
      // The refused one can still be paid out on its own.
      const later = await assemblePayout(home, [fresh.id]);
      expect(later.amount).toBe(400 - 4);
    });

    it('adjusting a paid-out transaction leaves its payout as it was: the adjustment waits for the next', async () => {
      const before = (await get(payoutsPath(home.businessId, `/${payout.id}`)).expect(200)).body;
      await adjust(home, medicareClaimId, -500);
      const after = (await get(payoutsPath(home.businessId, `/${payout.id}`)).expect(200)).body;
      expect(after).toEqual(before);
      const read = await get(payoutsPath(home.businessId, `/${payout.id}/transactions`)).expect(200);
      expect(read.body.totalItems).toBe(3);
      expect(read.body.items.find((item: Body) => item.id === medicareClaimId).adjustmentTransactions).toEqual([
        expect.objectContaining({ source: 'refund', amount: -500, payoutId: null }),
      ]);
    });

    it('counts a payment transaction named twice once', async () => {
      const fresh = await payCard(home, alex, sale.id, 800, 8);
      const assembled = await assemblePayout(home, [fresh.id, fresh.id]);
      const read = await get(payoutsPath(home.businessId, `/${assembled.id}`)).expect(200);
      expect(read.body).toMatchObject({ amount: 792, transactionCount: 1 });
    });

    it('refuses a payment transaction of another business of the organisation', async () => {
      const sister = await createBusiness(t, home.organisationId, { name: named('Payout Clinic Other Pty Ltd') });
      const fresh = await payCard(home, alex, sale.id, 900, 9);
      const error = await captureError(() =>
        inContext(t, () =>
          t.app.get(AssemblePayout).execute(home.organisationId, sister.id, [fresh.id], { arrivalDate: '2026-11-24' }),
        ),
      );
      expect(error.code).toBe('not_found');
      const sisterPayouts = await get(payoutsPath(sister.id)).expect(200);
      expect(sisterPayouts.body.totalItems).toBe(0);
    });

    describe('across organisations', () => {
      let stranger: Clinic;
      let strangerPatient: Patient;
      let strangerPaymentId: string;

      beforeAll(async () => {
        stranger = await clinic('Payout Stranger Clinic');
        strangerPatient = await patient(stranger, 'jo-stranger');
        const strangerSale = await recordSale(stranger, strangerPatient, null);
        strangerPaymentId = (await payCard(stranger, strangerPatient, strangerSale.id, 5000, 50)).id;
      });

      it("refuses to pay another organisation's business out under this organisation, and the other business sees no payout", async () => {
        const error = await captureError(() =>
          inContext(t, () =>
            t.app
              .get(AssemblePayout)
              .execute(home.organisationId, stranger.businessId, [strangerPaymentId], { arrivalDate: '2026-11-24' }),
          ),
        );
        expect(error.code).toBe('not_found');
        const strangerPayouts = await get(payoutsPath(stranger.businessId), stranger.auth).expect(200);
        expect(strangerPayouts.body.totalItems).toBe(0);
      });

      it("refuses to adjust or pay for another organisation's transactions", async () => {
        expect((await captureError(() => adjust(home, strangerPaymentId, -100))).code).toBe('not_found');
        const strangerSale = await recordSale(stranger, strangerPatient, null);
        expect((await captureError(() => payCard(home, alex, strangerSale.id, 100, 1))).code).toBe('not_found');
      });

      it("refuses a Medicare claim whose patient card is not a Medicare card of the organisation's wallets", async () => {
        const walkIn = await recordSale(home, alex, null);
        const refusals = [
          await captureError(() => claimMedicare(home, { ...alex, medicareCard: alex.paymentMethod }, walkIn.id, 0)),
          await captureError(() =>
            claimMedicare(home, { ...alex, medicareCard: strangerPatient.medicareCard }, walkIn.id, 0),
          ),
        ];
        for (const refusal of refusals) expect(['not_found', 'validation_failed']).toContain(refusal.code);
      });

      it("refuses to record a sale for another organisation's business", async () => {
        const error = await captureError(() =>
          inContext(t, () =>
            t.app
              .get(RecordTransaction)
              .execute(home.organisationId, { businessId: stranger.businessId, clientName: 'Alex Chen', items: [] }),
          ),
        );
        expect(error.code).toBe('not_found');
      });
    });
  });

  describe('GET /v1/organisations/{organisationId}/bookings/{bookingId}?expand=latestTransaction', () => {
    let transaction: Body;
    let text: string;

    beforeAll(async () => {
      const response = await get(
        orgPath(home.organisationId, `/bookings/${paidBooking.id}?expand=latestTransaction`),
      ).expect(200);
      transaction = response.body.latestTransaction;
      text = response.text;
    });

    it('shows the newest transaction of the booking with every Transaction field of the spec', () => {
      expect(transaction.id).toBe(sale.id);
      expect(transaction.id).not.toBe(earlierSale.id);
      expect(keysOf(transaction)).toEqual(sorted(TRANSACTION_FIELDS));
      expect(transaction).toMatchObject({
        businessId: home.businessId,
        createdAt: sale.createdAt.toISOString(),
        amount: 9500 + 4500,
        currency: 'AUD',
        paymentMethodId: alex.paymentMethod.id,
        healthFundCardId: alex.healthFundCard.id,
        medicareCardId: alex.medicareCard.id,
        bookingId: paidBooking.id,
        clientName: 'Alex Chen',
        customer: { name: 'Sam Chen' },
      });
      // A sale asks no patient for a code: only a check-out whose claim needs their agreement does.
      expect(transaction.confirmations).toEqual([]);
      expect(transaction.status).toBe('completed');
    });

    it('shows its items without billableItem, their charges adding up to the amount', () => {
      expect(transaction.transactionItems).toHaveLength(2);
      for (const item of transaction.transactionItems) expect(keysOf(item)).toEqual(sorted(TRANSACTION_ITEM_FIELDS));
      expect(transaction.transactionItems[0]).toEqual({
        chargeAmount: 9500,
        id: expect.stringMatching(UUID),
        description: 'Initial physiotherapy consultation',
        clinicalCode: 'P1',
        itemCode: '560',
        billableItemId: home.appointmentType.billableItems[0].id,
        appointmentTypeId: home.appointmentType.id,
      });
      expect(transaction.transactionItems.reduce((sum: number, item: Body) => sum + item.chargeAmount, 0)).toBe(
        transaction.amount,
      );
    });

    it('shows its cards, client, provider and location as their own resources show them', async () => {
      const cards = (
        await get(orgPath(home.organisationId, `/clients/${alex.client.id}/wallet/cards?limit=200`)).expect(200)
      ).body.items;
      const cardOf = (id: string) => cards.find((card: Body) => card.id === id);
      expect(transaction.paymentMethod).toEqual({
        id: alex.paymentMethod.id,
        brand: 'visa',
        last4: '4242',
        customerId: cardOf(alex.paymentMethod.id).customerId,
      });
      const fundCard = cardOf(alex.healthFundCard.id);
      expect(transaction.healthFundCard).toEqual({
        id: alex.healthFundCard.id,
        memberNumberLast4: '2345',
        healthFundId: home.healthFund.id,
        fingerprint: fundCard.fingerprint,
        defaultReferenceNumber: '02',
        issueNumber: '01',
        createdAt: fundCard.createdAt,
        verifiedAt: null,
        healthFund: home.healthFund,
        cardholders: ['Alex Chen'],
        verified: false,
      });
      expect(keysOf(transaction.medicareCard)).toEqual(sorted(MEDICARE_CARD_FIELDS));
      expect(transaction.medicareCard).toMatchObject({
        id: alex.medicareCard.id,
        memberNumberLast4: '6701',
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
      });

      const client = await get(orgPath(home.organisationId, `/clients/${alex.client.id}`)).expect(200);
      expect(transaction.client).toEqual(client.body);
      const provider = await get(orgPath(home.organisationId, `/providers/${home.provider.id}`)).expect(200);
      expect(transaction.serviceProvider).toEqual(provider.body);
      const booking = await get(orgPath(home.organisationId, `/bookings/${paidBooking.id}`)).expect(200);
      expect(transaction.location).toEqual(booking.body.location);
      expect(transaction.location.id).toBe(home.location.id);
    });

    it('shows all its payment transactions, oldest first, without the payout-only fields', () => {
      expect(transaction.paymentTransactions.map((item: Body) => item.id)).toEqual(
        expect.arrayContaining([cardPaymentId, fundClaimId, medicareClaimId, unpaidCardPaymentId]),
      );
      const ids = transaction.paymentTransactions.map((item: Body) => item.id);
      expect(ids.slice(0, 4)).toEqual([cardPaymentId, fundClaimId, medicareClaimId, unpaidCardPaymentId]);
      for (const item of transaction.paymentTransactions)
        expect(keysOf(item)).toEqual(sorted(BOOKING_PAYMENT_TRANSACTION_FIELDS));
      const card = transaction.paymentTransactions[0];
      expect(card).toMatchObject({
        source: 'payment',
        amount: 3500,
        payment: expect.objectContaining({ clientSecret: `pi_secret_${RUN}_3500` }),
      });
      expect(card.adjustmentTransactions).toEqual([expect.objectContaining({ source: 'refund', amount: -1500 })]);
    });

    it("shows the claim's fund with its id, and the Medicare claim without the cards", () => {
      const fund = transaction.paymentTransactions.find((item: Body) => item.id === fundClaimId);
      expect(keysOf(fund.claim)).toEqual(sorted(CLAIM_FIELDS));
      expect(fund.claim.healthFund).toEqual({
        id: home.healthFund.id,
        name: home.healthFund.name,
        capabilities: home.healthFund.capabilities,
      });
      expect(fund.claim).toMatchObject({ totalChargeAmount: 14000, totalRebateAmount: 8750, totalGapAmount: 5250 });
      const medicare = transaction.paymentTransactions.find((item: Body) => item.id === medicareClaimId);
      expect(keysOf(medicare.medicareClaim)).toEqual(sorted(MEDICARE_CLAIM_FIELDS));
      expect(medicare.medicareClaim).toMatchObject({
        patientMedicareCardId: alex.medicareCard.id,
        itemsCount: 2,
        totalRebateAmount: 9205,
      });
    });

    it('never shows the full Medicare card number', () => {
      expect(text).toContain('6701');
      expect(text).not.toContain(MEDICARE_NUMBER);
    });

    it('adds billableItem to each item with expand=latestTransaction.transactionItems.billableItem, and its claim fund keeps its id', async () => {
      const response = await get(
        orgPath(
          home.organisationId,
          `/bookings/${paidBooking.id}?expand=latestTransaction.transactionItems.billableItem`,
        ),
      ).expect(200);
      const expanded = response.body.latestTransaction;
      expect(expanded.id).toBe(sale.id);
      for (const item of expanded.transactionItems)
        expect(keysOf(item)).toEqual(sorted([...TRANSACTION_ITEM_FIELDS, 'billableItem']));
      expect(keysOf(expanded.transactionItems[0].billableItem)).toEqual(sorted(BILLABLE_ITEM_FIELDS));
      expect(expanded.transactionItems[0].billableItem).toEqual({
        name: 'Initial consultation',
        basePrice: 9500,
        totalPrice: 9500,
        taxAmount: 0,
        taxRate: 0,
        id: home.appointmentType.billableItems[0].id,
        itemCode: '560',
        pmsBillableItemId: 'pms_bi_88213',
        serviceItem: {
          id: 'si_560',
          itemCode: '560',
          category: 'physiotherapy',
          description: 'Initial physiotherapy consultation',
        },
      });
      expect(expanded.transactionItems[1].billableItem).toBeNull();
      const fund = expanded.paymentTransactions.find((item: Body) => item.id === fundClaimId);
      expect(fund.claim.healthFund.id).toBe(home.healthFund.id);
      // Everything else is as without the longer path.
      const strip = (value: Body) => ({
        ...value,
        transactionItems: value.transactionItems.map(({ billableItem: _, ...item }: Body) => item),
      });
      expect(strip(expanded)).toEqual(transaction);
    });

    it('shows latestTransaction: null for a booking without a transaction, and leaves it out unless expanded', async () => {
      const expanded = await get(
        orgPath(home.organisationId, `/bookings/${unpaidBooking.id}?expand=latestTransaction`),
      ).expect(200);
      expect(expanded.body).toHaveProperty('latestTransaction', null);
      const plain = await get(orgPath(home.organisationId, `/bookings/${paidBooking.id}`)).expect(200);
      expect(plain.body).not.toHaveProperty('latestTransaction');
    });

    it('shows the same latest transactions in the bookings list', async () => {
      const response = await get(orgPath(home.organisationId, '/bookings?expand=latestTransaction&limit=200')).expect(
        200,
      );
      const byBooking = new Map(response.body.items.map((item: Body) => [item.id, item.latestTransaction]));
      expect(byBooking.get(paidBooking.id)).toEqual(transaction);
      expect(byBooking.get(unpaidBooking.id)).toBeNull();
    });
  });

  describe('access', () => {
    it('answers 404 for a payout read through another business of the same organisation', async () => {
      const sister = await createBusiness(t, home.organisationId, { name: named('Payout Clinic Neighbour Pty Ltd') });
      expectProblem(await get(payoutsPath(sister.id, `/${payout.id}`)), 404, 'not_found');
      expectProblem(await get(payoutsPath(sister.id, `/${payout.id}/transactions`)), 404, 'not_found');
      expectProblem(await get(payoutsPath(sister.id, `/${payout.id}`), home.auth), 404, 'not_found');
      expectProblem(await get(payoutsPath(sister.id, `/${payout.id}/transactions`), home.auth), 404, 'not_found');
    });

    it("answers 403 to an organisation's key on a business of another organisation, and 200 on its own", async () => {
      const stranger = await createTenant(t, 'Payout Stranger');
      expectProblem(await get(payoutsPath(home.businessId), stranger.auth), 403, 'forbidden');
      expectProblem(await get(payoutsPath(home.businessId, `/${payout.id}`), stranger.auth), 403, 'forbidden');
      expectProblem(
        await get(payoutsPath(home.businessId, `/${payout.id}/transactions`), stranger.auth),
        403,
        'forbidden',
      );

      const own = await get(payoutsPath(home.businessId, `/${payout.id}`), home.auth).expect(200);
      expect(own.body.id).toBe(payout.id);
      const ownTransactions = await get(payoutsPath(home.businessId, `/${payout.id}/transactions`), home.auth).expect(
        200,
      );
      expect(ownTransactions.body.totalItems).toBe(3);
    });

    it("refuses another organisation's business with the same work as an unknown one, so its time tells nothing", async () => {
      const stranger = await createTenant(t, 'Payout Timing Stranger');
      const refusal = async (businessId: string) => {
        let status = 0;
        const { statements } = await countRequestStatements(async () => {
          status = (await get(payoutsPath(businessId), stranger.auth)).status;
        });
        return { status, statements: statements.length };
      };
      await get(payoutsPath(home.businessId)).expect(200); // the owner is known to this instance
      const known = await refusal(home.businessId);
      const unknown = await refusal(randomUUID());
      expect(known).toEqual({ status: 403, statements: 1 });
      expect(unknown).toEqual(known);
    });

    it.each([
      ['a malformed payout id', () => payoutsPath(home.businessId, '/not-a-uuid')],
      ['a malformed payout id on transactions', () => payoutsPath(home.businessId, "/1' or '1'='1/transactions")],
      ['an unknown payout', () => payoutsPath(home.businessId, `/${randomUUID()}`)],
      ['the transactions of an unknown payout', () => payoutsPath(home.businessId, `/${randomUUID()}/transactions`)],
    ])('answers 404 for %s', async (_name, path) => {
      expectProblem(await get(path()), 404, 'not_found');
      expectProblem(await get(path(), home.auth), 404, 'not_found');
    });

    it.each([
      ['a malformed business id', () => payoutsPath('not-a-uuid')],
      ['a malformed business id on a payout', () => payoutsPath('0193a6f2-zzzz', `/${randomUUID()}`)],
      ['an unknown business', () => payoutsPath(randomUUID())],
      [
        'the transactions of a payout of an unknown business',
        () => payoutsPath(randomUUID(), `/${randomUUID()}/transactions`),
      ],
    ])(
      "answers 404 for %s to a platform key, and to an organisation's key the 403 of another organisation's business",
      async (_name, path) => {
        expectProblem(await get(path()), 404, 'not_found');
        expectProblem(await get(path(), home.auth), 403, 'forbidden');
      },
    );
  });
});

describe('statement counts', () => {
  let home: Clinic;
  let sam: Patient;
  let payout: { id: string };

  beforeAll(async () => {
    home = await clinic('Statement Clinic');
    sam = await patient(home, 'sam-statements');
    const paymentTransactionIds: string[] = [];
    for (const day of [4, 5, 6]) {
      const booking = await book(home, sam, `2030-04-0${day}T09:30:00.000+10:00`);
      const sale = await recordSale(home, sam, booking.id);
      paymentTransactionIds.push((await payCard(home, sam, sale.id, 3500, 196)).id);
      paymentTransactionIds.push((await claimHealthFund(home, sale.id, 120)).paymentTransaction.id);
      paymentTransactionIds.push((await claimMedicare(home, sam, sale.id, 0)).paymentTransaction.id);
    }
    payout = await assemblePayout(home, paymentTransactionIds);
  });

  const count = async (path: string): Promise<{ statements: number; body: Body }> => {
    let body: Body = {};
    const { statements } = await countRequestStatements(async () => {
      body = (await get(path).expect(200)).body;
    });
    return { statements: statements.length, body };
  };

  it('reads payout transactions in as many statements for 200 rows as for one row of each kind', async () => {
    const path = (limit: number, page = 1) =>
      payoutsPath(home.businessId, `/${payout.id}/transactions?limit=${limit}&page=${page}`);
    await count(path(200)); // warm the key and business caches

    const all = await count(path(200));
    const oneOfEachKind = await count(path(3));
    expect(all.body.items).toHaveLength(9);
    expect(oneOfEachKind.body.items.map((item: Body) => item.source).sort()).toEqual([
      'health_fund_claim',
      'medicare_claim',
      'payment',
    ]);
    expect(
      all.body.items.every((item: Body) => item.events.length === 0 || item.events[0].createdByMember !== null),
    ).toBe(true);
    expect(all.statements).toBe(oneOfEachKind.statements);

    for (let page = 1; page <= 9; page++) {
      const single = await count(path(1, page));
      expect(single.body.items).toHaveLength(1);
      expect(single.statements).toBeLessThanOrEqual(all.statements);
    }
  });

  it('lists bookings with expand=latestTransaction.transactionItems.billableItem in as many statements at limit=1 as at limit=200', async () => {
    const path = (limit: number) =>
      orgPath(home.organisationId, `/bookings?expand=latestTransaction.transactionItems.billableItem&limit=${limit}`);
    await count(path(200)); // warm the key cache

    const one = await count(path(1));
    const all = await count(path(200));
    expect(one.body.items).toHaveLength(1);
    expect(all.body.items).toHaveLength(3);
    for (const booking of all.body.items) {
      expect(booking.latestTransaction).not.toBeNull();
      expect(booking.latestTransaction.paymentTransactions).toHaveLength(3);
      expect(booking.latestTransaction.transactionItems[0].billableItem).not.toBeNull();
    }
    expect(all.statements).toBe(one.statements);
  });
});
