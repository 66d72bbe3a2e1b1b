import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PayoutJobs } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import { failTransfersTo } from './support/payment-processor.js';
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
  named,
  orgPath,
  payLink,
  postJson,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { partOf, touches } from './support/payout-books.js';
import { expectNotFound, expectProblem } from './support/problems.js';
import { PAST_YEAR } from './support/future-year.js';

// Each business here is its own: a payout run takes everything of its business, so no test
// shares one with another.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Payout Clinic');
});

afterAll(async () => {
  await t?.close();
});

interface Clinic {
  businessId: string;
  checkOut(body?: (cards: Body) => Body): Promise<Body>;
}

let nextSlot = 0;
async function clinic(clientName: Body = {}): Promise<Clinic> {
  const business = await createBusiness(t, home.id);
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
  const type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 12000, itemCode: '500' }],
  });
  const client = await createClient(t, home.id, clientName);
  const cardsPath = orgPath(home.id, `/clients/${client.id}/wallet/cards`);
  const visa = await created(
    postJson(t, cardsPath, { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }, home.auth),
  );
  const fund = await created(
    postJson(
      t,
      cardsPath,
      {
        type: 'health_fund_card',
        healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
      },
      home.auth,
    ),
  );
  const cards = { visa, fund };
  return {
    businessId: business.id,
    // Of a service last year: a check-out here may claim, and a payer pays only for a service that happened.
    async checkOut(body = ({ visa: card }) => ({ payment: { paymentMethodId: card.id } })) {
      const serviceDate = new Date(Date.UTC(PAST_YEAR, 6, 1) + nextSlot++ * 3_600_000).toISOString();
      const booking = await created(
        postJson(
          t,
          orgPath(home.id, '/bookings'),
          {
            clientId: client.id,
            providerId: provider.id,
            locationId: location.id,
            appointmentTypeId: type.id,
            serviceDate,
          },
          home.auth,
        ),
      );
      return created(postJson(t, orgPath(home.id, `/bookings/${booking.id}/transactions`), body(cards), home.auth));
    },
  };
}

const payOut = (businessId: string, auth = t.platformAuth) =>
  postJson(t, `/v1/businesses/${businessId}/payouts`, {}, auth);
const refund = (paymentTransactionId: string, amount: number) =>
  created(
    postJson(t, orgPath(home.id, `/payment-transactions/${paymentTransactionId}/refunds`), { amount }, home.auth),
  );

interface Row {
  id: string;
  source: string;
  payout_id: string | null;
  amount: number;
  platform_fee_amount: number;
  adjustments: { amount: number; payoutId: string | null }[];
}
const rowsOf = (businessId: string) =>
  sql<Row>(
    t,
    'select id, source, payout_id, amount, platform_fee_amount, adjustments from payment_transactions where business_id = ? order by created_at, id',
    [businessId],
  );
/** A row's money the platform holds: a card payment's; none of a claim's, which its payer pays the business. */
const net = (row: Row) =>
  row.source === 'payment'
    ? row.amount - row.platform_fee_amount + row.adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0)
    : 0;
const payoutsOf = (businessId: string) =>
  sql<{ id: string; amount: number; status: string; transaction_count: number }>(
    t,
    'select id, amount, status, transaction_count from payouts where business_id = ? order by created_at',
    [businessId],
  );

/**
 * The payout rules, read from the database: a payout is what it counted, each amount and each
 * adjustment counted by one payout at most, and with what waits they account for everything.
 */
async function expectBooksBalance(businessId: string): Promise<void> {
  const rows = await rowsOf(businessId);
  const payouts = await payoutsOf(businessId);
  for (const payout of payouts.filter((payout) => payout.status !== 'failed')) {
    expect({ amount: payout.amount, count: payout.transaction_count }).toEqual({
      amount: rows.reduce((sum, row) => sum + partOf(payout.id, row), 0),
      count: rows.filter((row) => touches(payout.id, row)).length,
    });
  }
  for (const failed of payouts.filter((payout) => payout.status === 'failed'))
    expect(rows.filter((row) => touches(failed.id, row))).toEqual([]);
  const paidOut = payouts
    .filter((payout) => payout.status !== 'failed')
    .reduce((sum, payout) => sum + payout.amount, 0);
  const waiting = rows.reduce((sum, row) => sum + partOf(null, row), 0);
  expect(paidOut + waiting).toBe(rows.reduce((sum, row) => sum + net(row), 0));
}

/** A payout's listed payment transactions, every page. */
async function listingOf(businessId: string, payoutId: string): Promise<Body[]> {
  const { body } = await t
    .http()
    .get(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=200`)
    .set('Authorization', t.platformAuth)
    .expect(200);
  expect(body.totalItems).toBe(body.items.length);
  return body.items;
}

/** What a payout paid of its listing: the card amounts (less fees) it paid out, and their adjustments it took. */
const countedBy = (payoutId: string, listed: Body[]) =>
  listed
    .filter((item) => item.settledBy === 'platform')
    .reduce(
      (sum, item) =>
        sum +
        (item.payoutId === payoutId ? item.amount - item.platformFeeAmount : 0) +
        item.adjustmentTransactions
          .filter((adjustment: Body) => adjustment.payoutId === payoutId)
          .reduce((total: number, adjustment: Body) => total + adjustment.amount, 0),
      0,
    );

async function statusOf(businessId: string, payoutId: string, wanted: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body } = await t
      .http()
      .get(`/v1/businesses/${businessId}/payouts/${payoutId}`)
      .set('Authorization', t.platformAuth)
      .expect(200);
    if (body.status === wanted || Date.now() > deadline) return body.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /v1/businesses/{businessId}/payouts', () => {
  it('pays out every waiting payment transaction, less the platform fee, plus refunds; then pending → paid', async () => {
    const shop = await clinic();
    const cardOnly = await shop.checkOut();
    const withClaim = await shop.checkOut(({ visa, fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: visa.id },
    }));
    await refund(cardOnly.paymentTransactions[0].id, 1000);
    const response = await payOut(shop.businessId);
    expect(response.status).toBe(201);
    const payout = response.body;
    expect(response.headers.location).toBe(`/v1/businesses/${shop.businessId}/payouts/${payout.id}`);
    // 12000 card (fee 180) − 1000 refund; 7200 card (fee 108). The fund pays its 4800 benefit to
    // the business itself: the payout lists the claim and pays nothing for it.
    expect(payout).toMatchObject({
      amount: 12000 - 180 - 1000 + 7200 - 108,
      transactionCount: 3,
      status: 'pending',
      currency: 'AUD',
    });
    expect(new Date(`${payout.arrivalDate}T00:00:00Z`).getUTCDay()).not.toBe(0);
    expect(new Date(`${payout.arrivalDate}T00:00:00Z`).getUTCDay()).not.toBe(6);
    expect((await rowsOf(shop.businessId)).every((row) => row.payout_id === payout.id)).toBe(true);
    expect(withClaim.paymentTransactions).toHaveLength(2);
    await expectBooksBalance(shop.businessId);
    expect(await statusOf(shop.businessId, payout.id, 'paid')).toBe('paid');
    const events = await sql<{ type: string }>(t, "select type from events where data->>'id' = ? order by seq", [
      payout.id,
    ]);
    expect(events.map((event) => event.type)).toEqual(['payout.created', 'payout.paid']);
    expectProblem(await payOut(shop.businessId), 409, 'nothing_to_pay_out');
  });

  it('a refund after the payout is netted in the next one, and the paid-out one never changes', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut();
    const first = await created(payOut(shop.businessId));
    await refund(sale.paymentTransactions[0].id, 2500);
    // The refund alone is less than nothing: carried forward.
    expectProblem(await payOut(shop.businessId), 409, 'nothing_to_pay_out');
    const next = await shop.checkOut();
    const second = await created(payOut(shop.businessId));
    expect(second).toMatchObject({ amount: 12000 - 180 - 2500, transactionCount: 2 });
    const [firstAgain] = (await payoutsOf(shop.businessId)).filter((payout) => payout.id === first.id);
    expect(firstAgain.amount).toBe(first.amount);
    await expectBooksBalance(shop.businessId);

    // The next payout lists the refunded payment itself, as it was paid, with the refund among its
    // adjustments; each part names the one payout that counted it.
    const original = sale.paymentTransactions[0];
    const listed = await listingOf(shop.businessId, second.id);
    expect(listed.map((item) => item.id)).toEqual([original.id, next.paymentTransactions[0].id]);
    expect(listed[0]).toMatchObject({
      amount: 12000,
      platformFeeAmount: 180,
      paymentId: original.paymentId,
      payoutId: first.id,
      adjustmentTransactions: [expect.objectContaining({ source: 'refund', amount: -2500, payoutId: second.id })],
    });
    expect(listed[1]).toMatchObject({
      amount: 12000,
      platformFeeAmount: 180,
      payoutId: second.id,
      adjustmentTransactions: [],
    });
    expect(listed.filter((item) => item.amount === 0)).toEqual([]);
    expect(countedBy(second.id, listed)).toBe(second.amount);
    const firstListed = await listingOf(shop.businessId, first.id);
    expect(firstListed.map((item) => item.id)).toEqual([original.id]);
    expect(countedBy(first.id, firstListed)).toBe(first.amount);
  });

  it('parallel runs pay each payment transaction out once', async () => {
    const shop = await clinic();
    await shop.checkOut();
    await shop.checkOut();
    const answers = await Promise.all(Array.from({ length: 6 }, () => payOut(shop.businessId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await payoutsOf(shop.businessId)).toHaveLength(1);
    await expectBooksBalance(shop.businessId);
  });

  it('a refund racing a payout run: both land, and the books balance', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut();
    await shop.checkOut();
    const [run, refunded] = await Promise.all([
      payOut(shop.businessId),
      postJson(
        t,
        orgPath(home.id, `/payment-transactions/${sale.paymentTransactions[0].id}/refunds`),
        { amount: 700 },
        home.auth,
      ),
    ]);
    expect([run.status, refunded.status]).toEqual([201, 201]);
    await expectBooksBalance(shop.businessId);
  });

  it('a settle job run twice at once moves the payout once, and records one more payout.paid', async () => {
    const shop = await clinic();
    await shop.checkOut();
    const payout = await created(payOut(shop.businessId));
    expect(await statusOf(shop.businessId, payout.id, 'paid')).toBe('paid');
    // Back in transit, then settled by two runs at once: as when the job engine runs a job again
    // while its first run is still going.
    await sql(t, "update payouts set status = 'in_transit' where id = ?", [payout.id]);
    const jobs = t.app.get(PayoutJobs);
    await Promise.all([jobs.settle(payout.id), jobs.settle(payout.id)]);
    const events = await sql<{ type: string }>(t, "select type from events where data->>'id' = ? order by seq", [
      payout.id,
    ]);
    expect(events.map((event) => event.type)).toEqual(['payout.created', 'payout.paid', 'payout.paid']);
  });

  it('a failed transfer returns its payment transactions to the next run', async () => {
    const shop = await clinic();
    await shop.checkOut();
    await failTransfersTo(t, shop.businessId);
    const failed = await created(payOut(shop.businessId));
    expect(await statusOf(shop.businessId, failed.id, 'failed')).toBe('failed');
    expect((await rowsOf(shop.businessId)).map((row) => row.payout_id)).toEqual([null]);
    const events = await sql<{ type: string }>(t, "select type from events where data->>'id' = ? order by seq", [
      failed.id,
    ]);
    expect(events.map((event) => event.type)).toEqual(['payout.created', 'payout.failed']);
    const again = await created(payOut(shop.businessId));
    expect(again).toMatchObject({ amount: failed.amount, transactionCount: 1 });
  });

  it('a failed payout gives back the refund it counted as well: the next run counts it once', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut();
    await created(payOut(shop.businessId));
    await refund(sale.paymentTransactions[0].id, 2500);
    await shop.checkOut();
    await failTransfersTo(t, shop.businessId);
    const failed = await created(payOut(shop.businessId));
    expect(failed).toMatchObject({ amount: 12000 - 180 - 2500, transactionCount: 2 });
    expect(await statusOf(shop.businessId, failed.id, 'failed')).toBe('failed');
    await expectBooksBalance(shop.businessId);
    const again = await created(payOut(shop.businessId));
    expect(again).toMatchObject({ amount: failed.amount, transactionCount: 2 });
    const [original] = await listingOf(shop.businessId, again.id);
    expect(original.adjustmentTransactions).toEqual([expect.objectContaining({ amount: -2500, payoutId: again.id })]);
    await expectBooksBalance(shop.businessId);
  });

  it('a payment link waits outside payouts until it is paid', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(() => ({ paymentLink: {} }));
    expectProblem(await payOut(shop.businessId), 409, 'nothing_to_pay_out');
    await payLink(t, sale.paymentTransactions[0].paymentLinks[0].url).expect(200);
    expect(await created(payOut(shop.businessId))).toMatchObject({ amount: 12000 - 180, transactionCount: 1 });
    await expectBooksBalance(shop.businessId);
  });

  it('is for platform keys: an organisation key is 403; an unknown business 404', async () => {
    const shop = await clinic();
    expectProblem(await payOut(shop.businessId, home.auth), 403, 'forbidden');
    expectNotFound(await payOut(UNKNOWN_UUID));
  });
});

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted || (char !== ',' && char !== '\r')) field += char;
    else if (char === ',') endField();
    else {
      expect(text[++i]).toBe('\n');
      endField();
      rows.push(row);
      row = [];
    }
  }
  expect({ field, row }).toEqual({ field: '', row: [] });
  return rows;
}

async function reconciliationOf(businessId: string, payoutId: string): Promise<Record<string, string>[]> {
  const response = await t
    .http()
    .get(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=1`)
    .set('Authorization', t.platformAuth)
    .set('Accept', 'text/csv')
    .buffer(true)
    .expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  const [header, ...rows] = parseCsv(response.text);
  expect(header.join(',')).toBe(
    'id,createdAt,source,settledBy,bookingId,clientName,amount,platformFeeAmount,adjustments,net',
  );
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

/** A payout's listing, page by page of one item, as JSON answers it. */
async function listingByPages(businessId: string, payoutId: string): Promise<Body[]> {
  const items: Body[] = [];
  for (let page = 1; ; page++) {
    const { body } = await t
      .http()
      .get(`/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=1&page=${page}`)
      .set('Authorization', t.platformAuth)
      .expect(200);
    items.push(...body.items);
    if (page >= body.totalPages) return items;
  }
}

describe('GET /v1/businesses/{businessId}/payouts/{payoutId}/transactions as CSV', () => {
  it('answers every row at once, as the JSON pages list them, and its net adds up to each payout', async () => {
    const shop = await clinic({ firstName: 'Jane "JJ"', lastName: `Smith, ${named('Jones')}` });
    const sale = await shop.checkOut();
    await shop.checkOut(({ visa, fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: visa.id },
    }));
    const first = await created(payOut(shop.businessId));
    await refund(sale.paymentTransactions[0].id, 2500);
    const later = await shop.checkOut();
    const second = await created(payOut(shop.businessId));

    for (const payout of [first, second]) {
      const csv = await reconciliationOf(shop.businessId, payout.id);
      const listed = await listingByPages(shop.businessId, payout.id);
      expect(
        csv.map((row) => [
          row.id,
          row.createdAt,
          row.source,
          row.settledBy,
          Number(row.amount),
          Number(row.platformFeeAmount),
        ]),
      ).toEqual(
        listed.map((item) => [
          item.id,
          item.createdAt,
          item.source,
          item.settledBy,
          item.amount,
          item.platformFeeAmount,
        ]),
      );
      expect(csv.reduce((sum, row) => sum + Number(row.net), 0)).toBe(payout.amount);
      expect(csv.every((row) => row.clientName === `Jane "JJ" Smith, ${named('Jones')}`)).toBe(true);
    }
    // The first lists the fund's claim, settled by the fund: its benefit is not the payout's to pay.
    const firstRows = await reconciliationOf(shop.businessId, first.id);
    expect(firstRows.map((row) => [row.source, row.settledBy, row.net])).toEqual([
      ['payment', 'platform', String(12000 - 180)],
      ['health_fund_claim', 'payer', '0'],
      ['payment', 'platform', String(7200 - 108)],
    ]);
    // The second payout lists the refunded payment again: it paid only the refund of it.
    const [refunded, paid] = await reconciliationOf(shop.businessId, second.id);
    expect(refunded).toMatchObject({
      id: sale.paymentTransactions[0].id,
      bookingId: sale.bookingId,
      amount: '12000',
      adjustments: '-2500',
      net: '-2500',
    });
    expect(paid).toMatchObject({
      id: later.paymentTransactions[0].id,
      bookingId: later.bookingId,
      adjustments: '0',
      net: String(12000 - 180),
    });
  });

  it('writes a name a spreadsheet would run as a formula as plain text, and keeps amounts numbers', async () => {
    for (const firstName of ['=HYPERLINK("http://evil.example","Click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1']) {
      const shop = await clinic({ firstName, lastName: 'Smith' });
      const sale = await shop.checkOut();
      await refund(sale.paymentTransactions[0].id, 500);
      const payout = await created(payOut(shop.businessId));
      const [row] = await reconciliationOf(shop.businessId, payout.id);
      // The name is kept trimmed (the tab goes): what is left still begins as a formula would.
      expect({ firstName, clientName: row.clientName }).toEqual({
        firstName,
        clientName: `'${firstName.trim()} Smith`,
      });
      // Negative amounts stay numbers a spreadsheet adds up.
      expect([row.adjustments, row.net]).toEqual(['-500', String(12000 - 180 - 500)]);
    }
  });

  it('answers JSON unless CSV is asked for, and a payout of another business is a 404 either way', async () => {
    const shop = await clinic();
    await shop.checkOut();
    const payout = await created(payOut(shop.businessId));
    const json = await t
      .http()
      .get(`/v1/businesses/${shop.businessId}/payouts/${payout.id}/transactions`)
      .set('Authorization', t.platformAuth);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const other = await clinic();
    for (const accept of ['text/csv', 'application/json'])
      expectNotFound(
        await t
          .http()
          .get(`/v1/businesses/${other.businessId}/payouts/${payout.id}/transactions`)
          .set('Authorization', t.platformAuth)
          .set('Accept', accept),
      );
  });
});

describe('the daily payout job', () => {
  it('queues one run per business with money waiting, and each runs once however often the day job fires', async () => {
    const shop = await clinic();
    await shop.checkOut();
    const jobs = t.app.get(PayoutJobs);
    await Promise.all([jobs.queueRuns([shop.businessId]), jobs.queueRuns([shop.businessId])]);
    const deadline = Date.now() + 15_000;
    while ((await payoutsOf(shop.businessId)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await payoutsOf(shop.businessId)).toEqual([
      expect.objectContaining({ amount: 12000 - 180, transaction_count: 1 }),
    ]);
    await expectBooksBalance(shop.businessId);
  });
});

describe('two instances on one database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp();
  });
  afterAll(async () => {
    await b?.close();
  });

  const waitForPayouts = async (businessId: string, count: number) => {
    const deadline = Date.now() + 15_000;
    while ((await payoutsOf(businessId)).length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it('running the payout job and the route on both at once pays each payment transaction out once', async () => {
    const shop = await clinic();
    for (let i = 0; i < 3; i++) await shop.checkOut();
    for (let i = 0; i < 3; i++)
      await shop.checkOut(({ visa, fund }) => ({
        healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: visa.id },
      }));
    const waiting = await rowsOf(shop.businessId);
    expect(waiting).toHaveLength(9);

    // The run job as each instance's worker runs it (a job retried after a crash runs twice), and the platform route on each.
    const [jobOnA, jobOnB, ...answers] = await Promise.allSettled([
      t.app.get(PayoutJobs).runFor(shop.businessId),
      b.app.get(PayoutJobs).runFor(shop.businessId),
      payOut(shop.businessId),
      postJson(b, `/v1/businesses/${shop.businessId}/payouts`, {}, b.platformAuth),
      payOut(shop.businessId),
      postJson(b, `/v1/businesses/${shop.businessId}/payouts`, {}, b.platformAuth),
    ]);
    expect([jobOnA.status, jobOnB.status]).toEqual(['fulfilled', 'fulfilled']);
    const responses = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : undefined));
    for (const response of responses.filter((response) => response?.status !== 201))
      expectProblem(response!, 409, 'nothing_to_pay_out');
    const [payout, ...more] = await payoutsOf(shop.businessId);
    expect(more).toEqual([]);
    const rows = await rowsOf(shop.businessId);
    expect(rows.map((row) => row.payout_id)).toEqual(waiting.map(() => payout.id));
    // 3 × (12000 − 180) by card; 3 × (7200 − 108 card), beside 3 fund claims listed at nothing.
    expect({ amount: payout.amount, count: payout.transaction_count }).toEqual({
      amount: 3 * (12000 - 180) + 3 * (7200 - 108),
      count: 9,
    });
    await expectBooksBalance(shop.businessId);

    // The daily job firing on both instances: one more payout, of the new money only.
    await shop.checkOut();
    await Promise.all([
      t.app.get(PayoutJobs).queueRuns([shop.businessId]),
      b.app.get(PayoutJobs).queueRuns([shop.businessId]),
    ]);
    await waitForPayouts(shop.businessId, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const payouts = await payoutsOf(shop.businessId);
    expect(payouts.map((one) => [one.amount, one.transaction_count])).toEqual([
      [payout.amount, 9],
      [12000 - 180, 1],
    ]);
    await expectBooksBalance(shop.businessId);
    expectProblem(
      await postJson(b, `/v1/businesses/${shop.businessId}/payouts`, {}, b.platformAuth),
      409,
      'nothing_to_pay_out',
    );
  });
});
