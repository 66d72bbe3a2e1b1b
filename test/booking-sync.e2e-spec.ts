import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
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
  type Tenant,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

// Bookings change after they are made: cancelled, paid, unpaid again by a void. Each change moves
// `updatedAt` (and so the ETag), and a sync client that lists with `updatedSince` finds it.
// Moves (reschedules) and the patient's own changes are in booking-reschedule.e2e-spec.ts.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';

let t: TestApp;
let home: Tenant;
let location: Body;
let provider: Body;
let type: Body;
let client: Body;
let visa: Body;
let fund: Body;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Sync Clinic');
  const business = await createBusiness(t, home.id);
  location = await createLocation(t, home.id, business.id);
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
  type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 12000, itemCode: '500' }],
  });
  client = await createClient(t, home.id);
  const card = (body: Body) =>
    created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth));
  visa = await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } });
  fund = await card({
    type: 'health_fund_card',
    healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
  });
});

afterAll(async () => {
  await t?.close();
});

const get = (path: string, auth = home.auth) => t.http().get(path).set('Authorization', auth);
const post = (path: string, body: Body = {}) => postJson(t, orgPath(home.id, path), body, home.auth);

let nextSlot = 0;
/**
 * A booking next year (or, `year` given, in that year), an hour apart from every other this file
 * makes. One to be claimed is booked last year: a payer pays only for a service that happened.
 */
const book = (year = FUTURE_YEAR) =>
  created(
    post('/bookings', {
      clientId: client.id,
      providerId: provider.id,
      locationId: location.id,
      appointmentTypeId: type.id,
      serviceDate: new Date(Date.UTC(year, 6, 1, 0, 0) + nextSlot++ * 3_600_000).toISOString(),
    }),
  );

const getBooking = async (id: string): Promise<Response> => get(orgPath(home.id, `/bookings/${id}`)).expect(200);
const etagOf = (updatedAt: string) => `"${new Date(updatedAt).getTime().toString(36)}"`;
const changedSince = (since: string, query = '') =>
  get(orgPath(home.id, `/bookings?updatedSince=${since}&limit=200${query}`)).expect(200);
const idsOf = (response: Response): string[] => response.body.items.map((item: Body) => item.id);

/** An instant after every write so far (the clock has moved past them) and before every one to come. */
async function now(): Promise<string> {
  const last = Date.now();
  while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 1));
  return new Date().toISOString();
}

describe('updatedAt and the ETag of a booking', () => {
  it('starts equal to createdAt, and GET answers the ETag of that version', async () => {
    const booking = await book();
    expect(booking.updatedAt).toBe(booking.createdAt);
    const got = await getBooking(booking.id);
    expect(got.body.updatedAt).toBe(booking.createdAt);
    expect(got.headers.etag).toBe(etagOf(booking.updatedAt));
  });
});

/**
 * Every way a booking's row changes, each through the API: the booking answers a later
 * `updatedAt` and another ETag, and a list with `updatedSince` set just before the change holds
 * it and nothing that did not change since.
 */
describe('every change of a booking is found with updatedSince', () => {
  async function expectFoundAfter(bookingId: string, change: () => Promise<unknown>): Promise<Body> {
    const before = await getBooking(bookingId);
    const untouched = await book();
    const since = await now();
    await change();
    const after = await getBooking(bookingId);
    expect(after.body.updatedAt > before.body.updatedAt).toBe(true);
    expect(after.body.updatedAt >= since).toBe(true);
    expect(after.headers.etag).toBe(etagOf(after.body.updatedAt));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const found = await changedSince(since);
    expect(idsOf(found)).toContain(bookingId);
    expect(idsOf(found)).not.toContain(untouched.id);
    expect(found.body.items.find((item: Body) => item.id === bookingId)).toEqual(after.body);
    return after.body;
  }

  it("the clinic's cancel", async () => {
    const booking = await book();
    const after = await expectFoundAfter(booking.id, () => post(`/bookings/${booking.id}/cancel`).expect(200));
    expect(after).toMatchObject({ status: 'cancelled', updatedAt: after.cancelledAt });
  });

  it('a check-out that pays the booking', async () => {
    const booking = await book();
    const after = await expectFoundAfter(booking.id, () =>
      created(post(`/bookings/${booking.id}/transactions`, { payment: { paymentMethodId: visa.id } })),
    );
    expect(after.paid).toBe(true);
  });

  it('a payment link paid: the check-out that made it invoices the booking, unpaid; paying it changes it again', async () => {
    const booking = await book();
    let sale: Body = {};
    const invoiced = await expectFoundAfter(booking.id, async () => {
      sale = await created(post(`/bookings/${booking.id}/transactions`, { paymentLink: {} }));
    });
    expect(invoiced).toMatchObject({ invoiced: true, paid: false });
    const link = sale.paymentTransactions.find((part: Body) => part.paymentLinks?.length).paymentLinks[0];
    const after = await expectFoundAfter(booking.id, () => payLink(t, link.url).expect(200));
    expect(after.paid).toBe(true);
  });

  it("a claim's void that leaves the booking unpaid", async () => {
    const booking = await book(PAST_YEAR);
    const sale = await created(
      post(`/bookings/${booking.id}/transactions`, {
        healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: visa.id },
      }),
    );
    const claim = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim').claim;
    const after = await expectFoundAfter(booking.id, () =>
      post(`/transactions/${sale.id}/claims/${claim.id}/void`).expect(200),
    );
    expect(after.paid).toBe(false);
  });

  it('a refund changes the payment, not the booking: same updatedAt and ETag', async () => {
    const booking = await book();
    const sale = await created(post(`/bookings/${booking.id}/transactions`, { payment: { paymentMethodId: visa.id } }));
    const before = await getBooking(booking.id);
    const since = await now();
    await created(post(`/payment-transactions/${sale.paymentTransactions[0].id}/refunds`, { amount: 2000 }));
    const after = await getBooking(booking.id);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(idsOf(await changedSince(since))).not.toContain(booking.id);
  });
});

describe('GET …/bookings?updatedSince', () => {
  let sync: Tenant;
  let bookingsOf: (count: number) => Promise<Body[]>;

  beforeAll(async () => {
    sync = await createTenant(t, 'Sync Order Clinic');
    const business = await createBusiness(t, sync.id, {}, sync.auth);
    const place = await createLocation(t, sync.id, business.id, {}, sync.auth);
    const who = await createProvider(t, sync.id);
    await createLink(t, sync.id, who.id, place.id);
    const service = await createAppointmentType(t, sync.id, { providers: [who.id], locations: [place.id] });
    const patient = await createClient(t, sync.id);
    let slot = 0;
    bookingsOf = async (count) => {
      const made: Body[] = [];
      for (let n = 0; n < count; n++) {
        const serviceDate = new Date(Date.UTC(FUTURE_YEAR, 9, 1) - slot++ * 3_600_000).toISOString();
        const body = {
          clientId: patient.id,
          providerId: who.id,
          locationId: place.id,
          appointmentTypeId: service.id,
          serviceDate,
        };
        made.push(await created(postJson(t, orgPath(sync.id, '/bookings'), body, sync.auth)));
      }
      return made;
    };
  });

  const list = (query: string) => get(orgPath(sync.id, `/bookings?${query}`), sync.auth).expect(200);
  const cancel = (id: string) => postJson(t, orgPath(sync.id, `/bookings/${id}/cancel`), {}, sync.auth).expect(200);

  it('orders updatedAt, id ascending from the instant given, inclusive, cancelled bookings included', async () => {
    const since = await now();
    // Made latest first by service date: the sync order is not the list's own.
    const [a, b, c] = await bookingsOf(3);
    const cancelled = (await cancel(a.id)).body;
    const page = await list(`updatedSince=${since}`);
    expect(idsOf(page)).toEqual([b.id, c.id, a.id]);
    expect(page.body.items.map((item: Body) => item.updatedAt)).toEqual([
      b.updatedAt,
      c.updatedAt,
      cancelled.updatedAt,
    ]);
    expect(page.body).toMatchObject({ page: 1, totalItems: 3, totalPages: 1 });
    // Inclusive: the instant of a change finds that change.
    expect(idsOf(await list(`updatedSince=${c.updatedAt}`))).toEqual([c.id, a.id]);
    // Later than every change: nothing.
    expect((await list(`updatedSince=${await now()}`)).body).toMatchObject({ items: [], totalItems: 0 });
    // Filters still combine with it.
    expect(idsOf(await list(`updatedSince=${since}&status=confirmed`))).toEqual([b.id, c.id]);
  });

  it('misses nothing while bookings not yet read change between pages', async () => {
    const since = await now();
    const made = await bookingsOf(7);
    const seen = new Map<string, string>();
    const read = async (page: number) => {
      const answer = await list(`updatedSince=${since}&limit=3&page=${page}`);
      for (const item of answer.body.items) seen.set(item.id, item.updatedAt);
      return answer.body.items as Body[];
    };
    const first = await read(1);
    expect(first.map((item) => item.id)).toEqual(made.slice(0, 3).map((booking) => booking.id));
    // Two bookings the client has not read yet change, and one is made.
    const changed = [(await cancel(made[3].id)).body, (await cancel(made[5].id)).body];
    const [late] = await bookingsOf(1);
    for (let page = 2; (await read(page)).length > 0; page++);
    expect([...seen.keys()].sort()).toEqual([...made, late].map((booking) => booking.id).sort());
    for (const booking of changed) expect(seen.get(booking.id)).toBe(booking.updatedAt);
  });

  it('costs the statements of a plain page, whatever the limit', async () => {
    await bookingsOf(3);
    const since = new Date(0).toISOString();
    await list('limit=1');
    await list(`limit=1&updatedSince=${since}`);
    const plain = await countRequestStatements(() => list('limit=1'));
    const one = await countRequestStatements(() => list(`limit=1&updatedSince=${since}`));
    const many = await countRequestStatements(() => list(`limit=200&updatedSince=${since}`));
    expect(one.statements.length).toBe(plain.statements.length);
    expect(many.statements.length).toBe(one.statements.length);
  });

  it('refuses an updatedSince that is not an instant with an offset', async () => {
    expectInvalid(await get(orgPath(sync.id, '/bookings?updatedSince=2026-11-22'), sync.auth), 'updatedSince');
  });

  it("answers another organisation's key with 403, learning nothing", async () => {
    expectProblem(
      await get(orgPath(sync.id, `/bookings?updatedSince=${new Date(0).toISOString()}`), home.auth),
      403,
      'forbidden',
    );
  });
});
