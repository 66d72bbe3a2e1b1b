import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { etagOf } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { failTransfersTo } from './support/payment-processor.js';
import {
  SIGNED_ASSIGNMENT,
  CLAIMING_TERMINAL,
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  created,
  orgPath,
  payLink,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectInvalid } from './support/problems.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

// A sync client reads `?updatedSince=` and must meet every transaction and payout again once its
// answer changed: each way money moves after a check-out is here, through the API.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';

let t: TestApp;
let home: Tenant;
let location: Body;
let provider: Body;
let physio: Body;
let gp: Body;

beforeAll(async () => {
  // Payouts move on through jobs: this file's own, so another file's app does not run them.
  t = await createTestApp({ JOBS_SCHEMA: `pgboss_${RUN}` });
  home = await createTenant(t, 'Sync Money Clinic');
  const business = await createBusiness(t, home.id);
  location = await createLocation(t, home.id, business.id);
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
  const offered = { providers: [provider.id], locations: [location.id] };
  physio = await createAppointmentType(t, home.id, {
    ...offered,
    price: 12000,
    billableItems: [{ name: 'Initial consultation', basePrice: 12000, itemCode: '500' }],
  });
  gp = await createAppointmentType(t, home.id, {
    ...offered,
    price: 8290,
    billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
  });
});

afterAll(async () => {
  await t?.close();
});

interface Patient {
  client: Body;
  visa: Body;
  fund: Body;
  medicare: Body;
}

async function patient(): Promise<Patient> {
  const client = await createClient(t, home.id);
  const card = (body: Body) =>
    created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth));
  return {
    client,
    visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    fund: await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
    }),
    medicare: await card({
      type: 'medicare_card',
      medicareCard: {
        memberNumber: '2123456701',
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1990-04-02',
      },
    }),
  };
}

/** Where a booking is made: a practitioner, a location and a service they offer there. */
interface Place {
  providerId: string;
  locationId: string;
  type: Body;
}

let nextSlot = 0;
/**
 * A booking an hour after every other this file makes, checked out with `body`: last year's when
 * `body` claims (a payer pays only for a service that happened), else one still to come, which can
 * be cancelled.
 */
async function checkOutAt(place: Place, who: Patient, body: Body): Promise<Body> {
  const year = body.healthFundClaim || body.medicareClaim ? PAST_YEAR : FUTURE_YEAR + 1;
  const serviceDate = new Date(Date.UTC(year, 2, 1) + nextSlot++ * 3_600_000).toISOString();
  const { providerId, locationId, type } = place;
  const visit = await created(
    postJson(
      t,
      orgPath(home.id, '/bookings'),
      { clientId: who.client.id, providerId, locationId, appointmentTypeId: type.id, serviceDate },
      home.auth,
    ),
  );
  return created(postJson(t, orgPath(home.id, `/bookings/${visit.id}/transactions`), body, home.auth));
}

const checkOut = (who: Patient, body: (who: Patient) => Body, type: Body = physio) =>
  checkOutAt({ providerId: provider.id, locationId: location.id, type }, who, body(who));

const get = (path: string, auth = home.auth) => t.http().get(path).set('Authorization', auth);
const getTransaction = async (id: string) => (await get(orgPath(home.id, `/transactions/${id}`)).expect(200)).body;
/** The transactions changed at or after `since`, as a sync client reads them. */
const changedSince = async (since: Date, rest = '') =>
  (await get(orgPath(home.id, `/transactions?updatedSince=${since.toISOString()}&limit=200${rest}`)).expect(200)).body
    .items as Body[];
const idsOf = (items: Body[]) => items.map((item) => item.id as string);

/** An instant after `instant`: the clock has moved on, so what changes from now on changes after it. */
async function after(instant: string): Promise<Date> {
  while (Date.now() <= Date.parse(instant)) await new Promise((resolve) => setTimeout(resolve, 2));
  return new Date();
}

describe('a transaction changes, and a sync client meets it again', () => {
  const voidPath = (sale: Body, claimId: string) => orgPath(home.id, `/transactions/${sale.id}/claims/${claimId}/void`);

  it.each<[string, (who: Patient) => Body, 'physio' | 'gp', (sale: Body) => Promise<unknown>]>([
    [
      'paid through its payment link',
      () => ({ paymentLink: {} }),
      'physio',
      (sale) => payLink(t, sale.paymentTransactions[0].paymentLinks[0].url).expect(200),
    ],
    [
      'its payment link cancelled with its booking',
      () => ({ paymentLink: {} }),
      'physio',
      (sale) => postJson(t, orgPath(home.id, `/bookings/${sale.bookingId}/cancel`), {}, home.auth).expect(200),
    ],
    [
      'a refund of its card payment',
      (who) => ({ payment: { paymentMethodId: who.visa.id } }),
      'physio',
      (sale) =>
        created(
          postJson(
            t,
            orgPath(home.id, `/payment-transactions/${sale.paymentTransactions[0].id}/refunds`),
            { amount: 1500 },
            home.auth,
          ),
        ),
    ],
    [
      'its health fund claim voided',
      (who) => ({
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
      'physio',
      (sale) =>
        postJson(
          t,
          voidPath(sale, sale.paymentTransactions.find((part: Body) => part.claim).claim.id),
          {},
          home.auth,
        ).expect(200),
    ],
    [
      'its bulk-billed Medicare claim voided',
      (who) => ({
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      }),
      'gp',
      (sale) => postJson(t, voidPath(sale, sale.paymentTransactions[0].medicareClaim.id), {}, home.auth).expect(200),
    ],
  ])('%s', async (_change, body, type, change) => {
    const who = await patient();
    const sale = await checkOut(who, body, type === 'gp' ? gp : physio);
    expect(sale.updatedAt).toBe(sale.createdAt);
    const before = await after(sale.updatedAt);
    expect(idsOf(await changedSince(before))).not.toContain(sale.id);
    const etag = (await get(orgPath(home.id, `/transactions/${sale.id}`)).expect(200)).headers.etag;

    await change(sale);

    const listed = (await changedSince(before)).find((item) => item.id === sale.id);
    const got = await get(orgPath(home.id, `/transactions/${sale.id}`)).expect(200);
    expect(listed).toEqual(got.body);
    expect(Date.parse(got.body.updatedAt)).toBeGreaterThanOrEqual(before.getTime());
    expect(got.headers.etag).toBe(etagOf(got.body.updatedAt));
    expect(got.headers.etag).not.toBe(etag);
  });

  it('its patient Medicare claim voided: no money of the business moves, but the claim is the transaction’s', async () => {
    const who = await patient();
    const sale = await checkOut(
      who,
      (patient) => ({
        medicareClaim: { type: 'patient_claim', patientMedicareCardId: patient.medicare.id },
        payment: { paymentMethodId: patient.visa.id },
      }),
      gp,
    );
    const before = await after(sale.updatedAt);
    // A patient claim's benefit went to the patient: no payment transaction of the business names the claim.
    const [claim] = await sql<{ id: string }>(t, 'select id from medicare_claims where transaction_id = ?', [sale.id]);
    const voided = await postJson(t, voidPath(sale, claim.id), {}, home.auth).expect(200);
    expect(voided.body.paymentStatus.code).toBe('voided');
    const got = await getTransaction(sale.id);
    expect(idsOf(await changedSince(before))).toEqual([sale.id]);
    expect(got.updatedAt).not.toBe(sale.updatedAt);
  });

  it('a transaction no one changed stays out of a sync from after it was made', async () => {
    const who = await patient();
    const sale = await checkOut(who, (patient) => ({ payment: { paymentMethodId: patient.visa.id } }));
    const since = new Date(Date.parse(sale.createdAt) + 1);
    expect(idsOf(await changedSince(new Date(sale.createdAt)))).toContain(sale.id);
    expect(idsOf(await changedSince(since))).not.toContain(sale.id);
  });
});

describe('GET …/transactions/{transactionId}', () => {
  it('answers a strong ETag of its updatedAt, equal to createdAt until it changes', async () => {
    const who = await patient();
    const sale = await checkOut(who, (patient) => ({ payment: { paymentMethodId: patient.visa.id } }));
    const got = await get(orgPath(home.id, `/transactions/${sale.id}`)).expect(200);
    expect(got.body).toMatchObject({ createdAt: sale.createdAt, updatedAt: sale.createdAt });
    expect(got.headers.etag).toBe(etagOf(sale.createdAt));
  });
});

describe('GET …/transactions?updatedSince=', () => {
  it('pages in `updatedAt, id` order, and misses nothing that changes or is added between two pages', async () => {
    const who = await patient();
    const since = new Date();
    const sales: Body[] = [];
    for (let n = 0; n < 5; n++)
      sales.push(await checkOut(who, (patient) => ({ payment: { paymentMethodId: patient.visa.id } })));
    const page = async (number: number) =>
      (
        await get(
          orgPath(
            home.id,
            `/transactions?clientId=${who.client.id}&updatedSince=${since.toISOString()}&limit=2&page=${number}`,
          ),
        ).expect(200)
      ).body;

    const first = await page(1);
    expect(idsOf(first.items)).toEqual(idsOf(sales.slice(0, 2)));
    // Rows not read yet change, and one is added, before the next pages are read.
    for (const unread of [sales[2], sales[4]]) {
      await created(
        postJson(
          t,
          orgPath(home.id, `/payment-transactions/${unread.paymentTransactions[0].id}/refunds`),
          { amount: 100 },
          home.auth,
        ),
      );
    }
    const added = await checkOut(who, (patient) => ({ payment: { paymentMethodId: patient.visa.id } }));
    const rest: Body[] = [];
    for (let number = 2; ; number++) {
      const { items, totalItems } = await page(number);
      expect(totalItems).toBe(6);
      if (items.length === 0) break;
      rest.push(...items);
    }

    const read = [...first.items, ...rest];
    expect(idsOf(read).sort()).toEqual(idsOf([...sales, added]).sort());
    expect(idsOf(rest)).toEqual(idsOf([sales[3], sales[2], sales[4], added]));
    const order = (item: Body) => `${item.updatedAt} ${item.id}`;
    expect(rest.map(order)).toEqual(rest.map(order).sort());
    expect(rest[1].paymentTransactions[0].adjustmentTransactions).toEqual([expect.objectContaining({ amount: -100 })]);
  });

  it('reads a page with the statements of a list without it: a page and its count', async () => {
    const who = await patient();
    await checkOut(who, (patient) => ({ payment: { paymentMethodId: patient.visa.id } }));
    const path = (rest: string) => orgPath(home.id, `/transactions?clientId=${who.client.id}&limit=200${rest}`);
    // The list's own statements: jobs that follow a check-out (its messages) read beside the request.
    const listing = (text: string) =>
      /\bfrom transactions t\b/.test(text) && (/\boffset\b/.test(text) || /count\(\*\)/.test(text));
    const statementsOf = async (rest: string) =>
      (await countRequestStatements(() => get(path(rest)).expect(200))).statements.filter(listing);
    const plain = await statementsOf('');
    const synced = await statementsOf('&updatedSince=2026-01-01T00:00:00.000Z');
    expect(plain).toHaveLength(2);
    expect(synced).toHaveLength(plain.length);
  });

  it('refuses an instant without a zone, naming the parameter', async () => {
    expectInvalid(await get(orgPath(home.id, '/transactions?updatedSince=2026-11-22T05:28:59')), 'updatedSince');
  });
});

describe('payouts', () => {
  const payoutsPath = (businessId: string, rest = '') => `/v1/businesses/${businessId}/payouts${rest}`;
  const getPlatform = (path: string) => get(path, t.platformAuth);

  /** Its own business, so a payout run takes only what this test checked out. */
  async function shop(): Promise<{ businessId: string; sale: () => Promise<Body> }> {
    const business = await createBusiness(t, home.id);
    const place = await createLocation(t, home.id, business.id);
    const practitioner = await createProvider(t, home.id);
    await createLink(t, home.id, practitioner.id, place.id);
    const type = await createAppointmentType(t, home.id, {
      providers: [practitioner.id],
      locations: [place.id],
      price: 12000,
    });
    const who = await patient();
    return {
      businessId: business.id,
      sale: () =>
        checkOutAt({ providerId: practitioner.id, locationId: place.id, type }, who, {
          payment: { paymentMethodId: who.visa.id },
        }),
    };
  }

  async function until(businessId: string, payoutId: string, status: string): Promise<Body> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { body } = await getPlatform(payoutsPath(businessId, `/${payoutId}`)).expect(200);
      if (body.status === status || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it.each([
    ['paid', async () => undefined],
    ['failed', (businessId: string) => failTransfersTo(t, businessId)],
  ])('a payout whose status moves on to %s is met again by a sync, with a new ETag', async (status, arrange) => {
    const { businessId, sale } = await shop();
    await sale();
    await arrange(businessId);
    const payout = await created(postJson(t, payoutsPath(businessId), {}, t.platformAuth));
    expect(payout.updatedAt).toBe(payout.createdAt);

    const moved = await until(businessId, payout.id, status);
    expect(moved.status).toBe(status);
    const got = await getPlatform(payoutsPath(businessId, `/${payout.id}`)).expect(200);
    expect(got.headers.etag).toBe(etagOf(moved.updatedAt));
    expect(got.headers.etag).not.toBe(etagOf(payout.updatedAt));
    const since = new Date(Date.parse(payout.createdAt) + 1);
    const { body } = await getPlatform(payoutsPath(businessId, `?updatedSince=${since.toISOString()}`)).expect(200);
    expect(body).toMatchObject({ totalItems: 1, items: [got.body] });
  });

  it("a payout's transactions: one refunded after the payout is met again by a sync of the payout's listing", async () => {
    const { businessId, sale } = await shop();
    const [refunded, kept] = [await sale(), await sale()];
    const payout = await created(postJson(t, payoutsPath(businessId), {}, t.platformAuth));
    const listing = (rest: string) =>
      getPlatform(payoutsPath(businessId, `/${payout.id}/transactions${rest}`)).expect(200);
    const items = (await listing('')).body.items as Body[];
    expect(items.map((item) => item.updatedAt)).toEqual(items.map(() => payout.createdAt));
    const before = await after(payout.createdAt);
    expect((await listing(`?updatedSince=${before.toISOString()}`)).body).toMatchObject({ items: [], totalItems: 0 });

    await created(
      postJson(
        t,
        orgPath(home.id, `/payment-transactions/${refunded.paymentTransactions[0].id}/refunds`),
        { amount: 700 },
        home.auth,
      ),
    );

    const { body } = await listing(`?updatedSince=${before.toISOString()}`);
    expect(body).toMatchObject({ totalItems: 1, totalPages: 1 });
    expect(body.items.map((item: Body) => item.id)).toEqual([refunded.paymentTransactions[0].id]);
    expect(body.items[0].adjustmentTransactions).toEqual([expect.objectContaining({ amount: -700, payoutId: null })]);
    expect(Date.parse(body.items[0].updatedAt)).toBeGreaterThanOrEqual(before.getTime());
    expect(kept.paymentTransactions[0].id).not.toBe(refunded.paymentTransactions[0].id);
  });
});
