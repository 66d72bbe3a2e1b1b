import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { extractText } from 'unpdf';
import { AppConfig } from '@app/shared';
import { etagOf } from '@app/shared/domain';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  CLAIMING_TERMINAL,
  type Body,
  createAppointmentType,
  createBooking,
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
  sql,
  type Tenant,
  UNKNOWN_UUID,
  VALID_ABN,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { PAST_YEAR } from './support/future-year.js';

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const PROVIDER_NUMBER = '2429591L';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Invoice Clinic');
});

afterAll(async () => {
  await t?.close();
});

interface Clinic {
  businessId: string;
  client: Body;
  cards: { visa: Body; fund: Body };
  book(): Promise<Body>;
  checkOut(body?: (cards: { visa: Body; fund: Body }) => Body): Promise<Body>;
}

let nextSlot = 0;
/** A business of its own (invoice numbers count per business), with a consultation and a GST-bearing item. */
async function clinic(businessBody: Body = {}): Promise<Clinic> {
  const business = await createBusiness(t, home.id, businessBody);
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id, { firstName: 'Sam', lastName: 'Nguyen' });
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  const type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 14200,
    billableItems: [
      { name: 'Initial physiotherapy consultation', basePrice: 12000, itemCode: '500' },
      { name: 'Exercise band', basePrice: 2000, itemCode: 'BAND', taxRate: 10 },
    ],
  });
  const client = await createClient(t, home.id, {
    firstName: 'Alex',
    lastName: 'Chen',
    email: 'alex.chen@example.com',
  });
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
  // Last year: a fund pays only for a service that happened, and every check-out here may claim.
  const book = () =>
    createBooking(
      t,
      home.id,
      { client, provider, location, type },
      new Date(Date.UTC(PAST_YEAR, 7, 2) + nextSlot++ * 3_600_000).toISOString(),
      home.auth,
    );
  return {
    businessId: business.id,
    client,
    cards,
    book,
    async checkOut(body = ({ visa: card }) => ({ payment: { paymentMethodId: card.id } })) {
      const booking = await book();
      return created(postJson(t, orgPath(home.id, `/bookings/${booking.id}/transactions`), body(cards), home.auth));
    },
  };
}

const getInvoice = (id: string, accept = 'application/json') =>
  t
    .http()
    .get(orgPath(home.id, `/invoices/${id}`))
    .set('Authorization', home.auth)
    .set('Accept', accept);

async function invoiceOf(sale: Body): Promise<Body> {
  const { body } = await t
    .http()
    .get(orgPath(home.id, `/invoices?bookingId=${sale.bookingId}`))
    .set('Authorization', home.auth)
    .expect(200);
  expect(body.items).toHaveLength(1);
  return body.items[0];
}

const voidClaim = (sale: Body, part: Body) =>
  postJson(t, orgPath(home.id, `/transactions/${sale.id}/claims/${part.claim.id}/void`), {}, home.auth).expect(200);

/** The id of the booking's appointment type's billable item of `itemCode`. */
async function billableItemOf(booking: Body, itemCode: string): Promise<string> {
  const { body } = await t
    .http()
    .get(orgPath(home.id, `/appointment-types/${booking.appointmentTypeId}`))
    .set('Authorization', home.auth)
    .expect(200);
  return body.billableItems.find((item: Body) => item.itemCode === itemCode).id;
}

/** The booking's receipts, once every job of the booking has run. */
async function receiptsOf(bookingId: string): Promise<Body[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [{ open }] = await sql<{ open: number }>(
      t,
      `select count(*)::int as open from ${t.app.get(AppConfig).jobsSchema}.job
       where (data->>'bookingId' = ? or data->>'notificationId' in (select id::text from notifications where booking_id = ?))
         and state not in ('completed', 'failed', 'cancelled') and name <> 'notifications.remind'`,
      [bookingId, bookingId],
    );
    if (open === 0) break;
    if (Date.now() > deadline) throw new Error(`booking ${bookingId} still has ${open} jobs to run`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { body } = await t
    .http()
    .get(orgPath(home.id, `/notifications?bookingId=${bookingId}&type=receipt`))
    .set('Authorization', home.auth)
    .expect(200);
  return body.items;
}

const eventsOf = (invoiceId: string) =>
  sql<{ type: string; data: Body }>(t, "select type, data from events where data->>'id' = ? order by seq", [invoiceId]);

describe('a check-out issues an invoice', () => {
  it('with its items, GST, payments and totals adding up, and the booking invoiced', async () => {
    const shop = await clinic();
    const booking = await shop.book();
    const before = (
      await t
        .http()
        .get(orgPath(home.id, `/bookings/${booking.id}`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body;
    expect(before.invoiced).toBe(false);
    const sale = await created(
      postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        {
          healthFundClaim: { healthFundCardId: shop.cards.fund.id, terminalId: CLAIMING_TERMINAL },
          payment: { paymentMethodId: shop.cards.visa.id },
        },
        home.auth,
      ),
    );
    const invoice = await invoiceOf(sale);
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      status: 'paid',
      businessId: shop.businessId,
      bookingId: booking.id,
      transactionId: sale.id,
      clientId: shop.client.id,
      business: { taxIdentifier: VALID_ABN.replace(/ /g, '') },
      provider: { name: 'Sam Nguyen', providerNumber: PROVIDER_NUMBER },
      client: { firstName: 'Alex', lastName: 'Chen' },
      // The consultation is GST-free; the band carries 10 % GST: 2000 + 200, of which 200 is GST.
      items: [
        {
          description: 'Initial physiotherapy consultation',
          itemCode: '500',
          serviceDate: booking.serviceDate,
          quantity: 1,
          unitAmount: 12000,
          taxRate: 0,
          taxAmount: 0,
          amount: 12000,
        },
        {
          description: 'Exercise band',
          itemCode: 'BAND',
          serviceDate: booking.serviceDate,
          quantity: 1,
          unitAmount: 2200,
          taxRate: 10,
          taxAmount: 200,
          amount: 2200,
        },
      ],
      subtotal: 14000,
      taxAmount: 200,
      total: 14200,
      amountPaid: 14200,
      amountRefunded: 0,
      amountDue: 0,
    });
    expect(invoice.payments.map((payment: Body) => payment.source).sort()).toEqual(['health_fund_claim', 'payment']);
    expect(invoice.payments.reduce((sum: number, payment: Body) => sum + payment.amount, 0)).toBe(invoice.total);

    const after = (
      await t
        .http()
        .get(orgPath(home.id, `/bookings/${booking.id}`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body;
    expect(after.invoiced).toBe(true);
    expect(after.updatedAt > before.updatedAt).toBe(true);

    const got = await getInvoice(invoice.id).expect(200);
    expect(got.body).toEqual(invoice);
    expect(got.headers.etag).toBe(etagOf(invoice.updatedAt));
    const events = await eventsOf(invoice.id);
    expect(events.map((event) => event.type)).toEqual(['invoice.created', 'invoice.paid']);
    expect(events[1].data).toEqual(invoice);
  });

  it("numbers a business's invoices without gaps, 12 check-outs at once included", async () => {
    const shop = await clinic();
    const first = await shop.checkOut();
    // A declined card rolls its check-out back, invoice number and all.
    const booking = await shop.book();
    const cardsPath = orgPath(home.id, `/clients/${shop.client.id}/wallet/cards`);
    const declining = await created(
      postJson(
        t,
        cardsPath,
        { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa_chargeDeclined' } },
        home.auth,
      ),
    );
    const declined = await postJson(
      t,
      orgPath(home.id, `/bookings/${booking.id}/transactions`),
      { payment: { paymentMethodId: declining.id } },
      home.auth,
    );
    expect(declined.status).toBe(402);
    const bookings = await Promise.all(Array.from({ length: 12 }, () => shop.book()));
    const sales = await Promise.all(
      bookings.map((one) =>
        postJson(
          t,
          orgPath(home.id, `/bookings/${one.id}/transactions`),
          { payment: { paymentMethodId: shop.cards.visa.id } },
          home.auth,
        ),
      ),
    );
    expect(sales.map((sale) => sale.status)).toEqual(bookings.map(() => 201));
    const numbers = await sql<{ number: string }>(
      t,
      'select number from invoices where business_id = ? order by number',
      [shop.businessId],
    );
    expect(numbers.map((row) => row.number)).toEqual(
      Array.from({ length: 13 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`),
    );
    expect((await invoiceOf(first)).number).toBe('INV-000001');
  });

  it('numbers past a million with as many digits as it takes', async () => {
    const shop = await clinic();
    await shop.checkOut();
    await sql(t, 'update invoice_counters set next = 999999 where business_id = ?', [shop.businessId]);
    const [last6, first7] = [await shop.checkOut(), await shop.checkOut()];
    expect([(await invoiceOf(last6)).number, (await invoiceOf(first7)).number]).toEqual(['INV-999999', 'INV-1000000']);
  });

  it('stays open while a payment link waits, and is paid (once) when the link is', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(() => ({ paymentLink: {} }));
    const open = await invoiceOf(sale);
    expect(open).toMatchObject({ status: 'open', payments: [], amountPaid: 0, amountDue: 14200 });
    const { body: listed } = await t
      .http()
      .get(orgPath(home.id, `/invoices?status=open&clientId=${shop.client.id}`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(listed.items.map((item: Body) => item.id)).toEqual([open.id]);
    await payLink(t, sale.paymentTransactions[0].paymentLinks[0].url).expect(200);
    const paid = (await getInvoice(open.id).expect(200)).body;
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 14200, amountDue: 0, total: 14200 });
    expect(paid.updatedAt > open.updatedAt).toBe(true);
    const { body: synced } = await t
      .http()
      .get(orgPath(home.id, `/invoices?updatedSince=${encodeURIComponent(paid.updatedAt)}`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(synced.items.map((item: Body) => item.id)).toContain(open.id);
    expect((await eventsOf(open.id)).map((event) => event.type)).toEqual(['invoice.created', 'invoice.paid']);
  });

  it('shows a refund as amountRefunded: the total stays, and nothing becomes due', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut();
    await created(
      postJson(
        t,
        orgPath(home.id, `/payment-transactions/${sale.paymentTransactions[0].id}/refunds`),
        { amount: 2200 },
        home.auth,
      ),
    );
    expect(await invoiceOf(sale)).toMatchObject({
      status: 'paid',
      total: 14200,
      amountPaid: 14200,
      amountRefunded: 2200,
      amountDue: 0,
    });
  });

  it("a claim's void takes its benefit off amountPaid: the invoice is open again for that much", async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(({ visa, fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: visa.id },
    }));
    const paid = await invoiceOf(sale);
    const fundPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    await postJson(
      t,
      orgPath(home.id, `/transactions/${sale.id}/claims/${fundPart.claim.id}/void`),
      {},
      home.auth,
    ).expect(200);
    const reopened = (await getInvoice(paid.id).expect(200)).body;
    expect(reopened).toMatchObject({
      status: 'open',
      total: 14200,
      amountPaid: 14200 - fundPart.amount,
      amountDue: fundPart.amount,
    });
    expect(reopened.updatedAt > paid.updatedAt).toBe(true);
    expect((await eventsOf(paid.id)).map((event) => event.type)).toEqual(['invoice.created', 'invoice.paid']);
  });

  it('a check-out again after a void pays the open invoice: one invoice, paid, its payments naming their check-outs, one receipt', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(({ visa, fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: visa.id },
    }));
    const issued = await invoiceOf(sale);
    const fundPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    await voidClaim(sale, fundPart);
    // The same items, by card this time: what the void took back is what is left to pay.
    const again = await created(
      postJson(
        t,
        orgPath(home.id, `/bookings/${sale.bookingId}/transactions`),
        { payment: { paymentMethodId: shop.cards.visa.id } },
        home.auth,
      ),
    );
    expect(again.amount).toBe(14200);
    const invoice = await invoiceOf(again);
    expect(invoice).toMatchObject({
      id: issued.id,
      number: issued.number,
      status: 'paid',
      transactionId: sale.id,
      total: 14200,
      amountPaid: 14200,
      amountDue: 0,
    });
    expect(invoice.payments).toEqual([
      { source: 'health_fund_claim', amount: fundPart.amount, createdAt: expect.any(String), transactionId: sale.id },
      { source: 'payment', amount: 14200 - fundPart.amount, createdAt: expect.any(String), transactionId: sale.id },
      { source: 'payment', amount: fundPart.amount, createdAt: expect.any(String), transactionId: again.id },
    ]);
    expect((await eventsOf(issued.id)).map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.paid',
      'invoice.paid',
    ]);
    // The receipt went out when it was first paid, and not again.
    expect(await receiptsOf(sale.bookingId)).toHaveLength(1);
  });

  it('a check-out with other items cancels the open invoice and issues one for the service as billed, paid by all its money', async () => {
    const shop = await clinic();
    const booking = await shop.book();
    const consultation = await billableItemOf(booking, '500');
    const path = orgPath(home.id, `/bookings/${booking.id}/transactions`);
    const sale = await created(
      postJson(
        t,
        path,
        {
          items: [{ billableItemId: consultation }],
          healthFundClaim: { healthFundCardId: shop.cards.fund.id, terminalId: CLAIMING_TERMINAL },
          payment: { paymentMethodId: shop.cards.visa.id },
        },
        home.auth,
      ),
    );
    const first = await invoiceOf(sale);
    expect(first.total).toBe(12000);
    const fundPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    await voidClaim(sale, fundPart);
    // Corrected: the exercise band was sold too.
    const corrected = await created(postJson(t, path, { payment: { paymentMethodId: shop.cards.visa.id } }, home.auth));
    const { body } = await t
      .http()
      .get(orgPath(home.id, `/invoices?bookingId=${booking.id}`))
      .set('Authorization', home.auth)
      .expect(200);
    const [replacement, cancelled] = body.items;
    expect(cancelled).toMatchObject({ id: first.id, status: 'cancelled', amountDue: 0, payments: [] });
    expect(replacement).toMatchObject({
      status: 'paid',
      transactionId: corrected.id,
      number: `INV-${String(Number(first.number.slice(4)) + 1).padStart(6, '0')}`,
      total: 14200,
      amountPaid: 14200,
      amountDue: 0,
    });
    expect(replacement.payments.map((payment: Body) => [payment.transactionId, payment.amount])).toEqual([
      [sale.id, fundPart.amount],
      [sale.id, 12000 - fundPart.amount],
      [corrected.id, 14200 - (12000 - fundPart.amount)],
    ]);
    expect(await receiptsOf(booking.id)).toHaveLength(2);
  });

  it('lists by filters, newest first, and by updatedSince in updatedAt order', async () => {
    const shop = await clinic();
    const first = await invoiceOf(await shop.checkOut());
    const second = await invoiceOf(await shop.checkOut(() => ({ paymentLink: {} })));
    const third = await invoiceOf(await shop.checkOut());
    const list = async (query: string) =>
      (
        await t
          .http()
          .get(orgPath(home.id, `/invoices?clientId=${shop.client.id}&${query}`))
          .set('Authorization', home.auth)
          .expect(200)
      ).body.items.map((item: Body) => item.number);
    expect(await list('')).toEqual([third.number, second.number, first.number]);
    expect(await list('status=paid')).toEqual([third.number, first.number]);
    expect(
      await list(
        `issuedAtMin=${encodeURIComponent(second.issuedAt)}&issuedAtMax=${encodeURIComponent(third.issuedAt)}`,
      ),
    ).toEqual([second.number]);
    expect(await list(`updatedSince=${encodeURIComponent(first.updatedAt)}`)).toEqual([
      first.number,
      second.number,
      third.number,
    ]);
    expect(await list(`updatedSince=${encodeURIComponent(second.updatedAt)}&limit=1&page=2`)).toEqual([third.number]);
    const bad = await t
      .http()
      .get(orgPath(home.id, '/invoices?status=void&issuedAtMin=yesterday'))
      .set('Authorization', home.auth);
    expect(bad.status).toBe(400);
  });

  it("is the organisation's own: another organisation, or an unknown id, is a 404", async () => {
    const shop = await clinic();
    const invoice = await invoiceOf(await shop.checkOut());
    const other = await createTenant(t, 'Other Invoice Clinic');
    expectNotFound(
      await t
        .http()
        .get(orgPath(other.id, `/invoices/${invoice.id}`))
        .set('Authorization', other.auth),
    );
    expectNotFound(await getInvoice(UNKNOWN_UUID));
  });
});

const pdfOf = (id: string) =>
  getInvoice(id, 'application/pdf')
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);

describe('GST', () => {
  it('is 1/11 of a typed item at 10 %, per line, to the cent; a typed item is GST-free unless it says', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(({ visa }) => ({
      items: [
        { description: 'Consultation', itemCode: '500', chargeAmount: 12000 },
        { description: 'Resistance band', chargeAmount: 2350, taxRate: 10 },
      ],
      payment: { paymentMethodId: visa.id },
    }));
    const invoice = await invoiceOf(sale);
    expect(invoice.items.map((item: Body) => [item.description, item.taxRate, item.taxAmount, item.amount])).toEqual([
      ['Consultation', 0, 0, 12000],
      // 2350 / 11 = 213.6…
      ['Resistance band', 10, 214, 2350],
    ]);
    expect(invoice).toMatchObject({ total: 14350, taxAmount: 214, subtotal: 14350 - 214 });
  });

  it('bills a typed quantity: the line is quantity × the unit amount, its GST 1/11 of the line', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(({ visa }) => ({
      items: [
        { description: 'Consultation', itemCode: '500', chargeAmount: 12000 },
        { description: 'Resistance band', chargeAmount: 2200, quantity: 3, taxRate: 10 },
      ],
      payment: { paymentMethodId: visa.id },
    }));
    expect(sale.amount).toBe(12000 + 3 * 2200);
    expect(sale.transactionItems[1]).toMatchObject({ description: 'Resistance band', chargeAmount: 6600 });
    const invoice = await invoiceOf(sale);
    expect(invoice.items[1]).toMatchObject({
      quantity: 3,
      unitAmount: 2200,
      taxRate: 10,
      taxAmount: 600,
      amount: 6600,
    });
    expect(invoice).toMatchObject({ total: 18600, taxAmount: 600, amountDue: 0 });
    const { text } = await extractText(new Uint8Array((await pdfOf(invoice.id)).body as Buffer), { mergePages: true });
    expect(text).toContain('Resistance band (3 × $22.00)');
  });

  it('refuses a typed quantity that is not a whole number of at least 1: 400 naming it', async () => {
    const shop = await clinic();
    const booking = await shop.book();
    for (const quantity of [0, 1.5, -2]) {
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        {
          items: [{ description: 'Band', chargeAmount: 2000, quantity }],
          payment: { paymentMethodId: shop.cards.visa.id },
        },
        home.auth,
      );
      expectInvalid(response, 'items[0].quantity');
    }
  });

  it('refuses a typed item of another rate: 400 naming it', async () => {
    const shop = await clinic();
    const booking = await shop.book();
    const response = await postJson(
      t,
      orgPath(home.id, `/bookings/${booking.id}/transactions`),
      {
        items: [{ description: 'Band', chargeAmount: 2000, taxRate: 15 }],
        payment: { paymentMethodId: shop.cards.visa.id },
      },
      home.auth,
    );
    expectInvalid(response, 'items[0].taxRate');
  });

  it('a business not registered for GST issues an "Invoice" without GST, and refuses an item with GST, writing nothing', async () => {
    const shop = await clinic({ gstRegistered: false });
    const { body: business } = await t
      .http()
      .get(`/v1/organisations/${home.id}/businesses/${shop.businessId}`)
      .set('Authorization', home.auth)
      .expect(200);
    expect(business.gstRegistered).toBe(false);
    // The appointment type's exercise band carries 10 % GST.
    const booking = await shop.book();
    const refused = await postJson(
      t,
      orgPath(home.id, `/bookings/${booking.id}/transactions`),
      { payment: { paymentMethodId: shop.cards.visa.id } },
      home.auth,
    );
    expectProblem(refused, 409, 'business_not_gst_registered');
    expect(await sql(t, 'select id from transactions where booking_id = ?', [booking.id])).toEqual([]);

    const consultation = await billableItemOf(booking, '500');
    const sale = await created(
      postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        { items: [{ billableItemId: consultation }], payment: { paymentMethodId: shop.cards.visa.id } },
        home.auth,
      ),
    );
    const invoice = await invoiceOf(sale);
    expect(invoice).toMatchObject({ total: 12000, taxAmount: 0, subtotal: 12000, business: { gstRegistered: false } });
    const bytes = (await pdfOf(invoice.id)).body as Buffer;
    if (process.env.INVOICE_PDF_DIR)
      writeFileSync(join(process.env.INVOICE_PDF_DIR, 'invoice-not-registered.pdf'), bytes);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain('Invoice / Receipt');
    expect(text).not.toContain('Tax invoice');
    expect(text).not.toContain('GST');
    expect(text).toContain('$120.00');
  });

  it('a business can say it registered, or stopped: gstRegistered on PATCH', async () => {
    const business = await createBusiness(t, home.id);
    expect(business.gstRegistered).toBe(true);
    const { body } = await t
      .http()
      .patch(`/v1/organisations/${home.id}/businesses/${business.id}`)
      .set('Authorization', home.auth)
      .send({ gstRegistered: false })
      .expect(200);
    expect(body.gstRegistered).toBe(false);
  });
});

describe('adjustment notes', () => {
  const refund = (sale: Body, amount: number) =>
    postJson(
      t,
      orgPath(home.id, `/payment-transactions/${sale.paymentTransactions[0].id}/refunds`),
      { amount },
      home.auth,
    );
  const notesOf = async (invoiceId: string) =>
    (
      await t
        .http()
        .get(orgPath(home.id, `/invoices/${invoiceId}/adjustment-notes?limit=50`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body;

  it('a refund of a tax invoice with GST issues one, its GST in proportion, numbered without gaps under 12 refunds at once', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut();
    const invoice = await invoiceOf(sale);
    expect(invoice).toMatchObject({ total: 14200, taxAmount: 200 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => refund(sale, 710)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const { items, totalItems } = await notesOf(invoice.id);
    expect(totalItems).toBe(12);
    expect(items.map((note: Body) => note.number).sort()).toEqual(
      Array.from({ length: 12 }, (_, n) => `AN-${String(n + 1).padStart(6, '0')}`),
    );
    // 710 × 200 ÷ 14200 = 10 cents of GST each.
    expect(items.map((note: Body) => [note.invoiceId, note.reason, note.amount, note.taxAmount])).toEqual(
      Array(12).fill([invoice.id, 'refund', 710, 10]),
    );
    const [first] = items;
    const { body } = await t
      .http()
      .get(orgPath(home.id, `/invoices/${invoice.id}/adjustment-notes/${first.id}`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(body).toEqual(first);
    const events = await sql<{ data: Body }>(
      t,
      "select data from events where type = 'adjustment_note.created' and data->>'invoiceId' = ? order by seq",
      [invoice.id],
    );
    expect(events.map((event) => event.data).sort((a, b) => a.number.localeCompare(b.number))).toEqual(
      [...items].sort((a: Body, b: Body) => a.number.localeCompare(b.number)),
    );

    const pdf = await t
      .http()
      .get(orgPath(home.id, `/invoices/${invoice.id}/adjustment-notes/${first.id}`))
      .set('Authorization', home.auth)
      .set('Accept', 'application/pdf')
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.body as Buffer;
    if (process.env.INVOICE_PDF_DIR) writeFileSync(join(process.env.INVOICE_PDF_DIR, 'adjustment-note.pdf'), bytes);
    const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(totalPages).toBe(1);
    for (const words of ['Adjustment note', first.number, invoice.number, 'Refund', '-$7.10', '-$0.10', VALID_ABN])
      expect(text).toContain(words);
  });

  it('a refund of an invoice without GST issues none', async () => {
    const shop = await clinic();
    const sale = await shop.checkOut(({ visa }) => ({
      items: [{ description: 'Consultation', itemCode: '500', chargeAmount: 12000 }],
      payment: { paymentMethodId: visa.id },
    }));
    await created(refund(sale, 2000));
    expect((await notesOf((await invoiceOf(sale)).id)).items).toEqual([]);
  });

  it('an invoice cancelled for one of other items gets a note of its whole price', async () => {
    const shop = await clinic();
    const booking = await shop.book();
    const path = orgPath(home.id, `/bookings/${booking.id}/transactions`);
    const sale = await created(
      postJson(
        t,
        path,
        {
          healthFundClaim: { healthFundCardId: shop.cards.fund.id, terminalId: CLAIMING_TERMINAL },
          payment: { paymentMethodId: shop.cards.visa.id },
        },
        home.auth,
      ),
    );
    const first = await invoiceOf(sale);
    const fundPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    await voidClaim(sale, fundPart);
    const consultation = await billableItemOf(booking, '500');
    await created(
      postJson(
        t,
        path,
        { items: [{ billableItemId: consultation }], payment: { paymentMethodId: shop.cards.visa.id } },
        home.auth,
      ),
    );
    const { items } = await notesOf(first.id);
    expect(items).toEqual([
      expect.objectContaining({ reason: 'invoice_cancelled', amount: 14200, taxAmount: 200, invoiceId: first.id }),
    ]);
    expectNotFound(
      await t
        .http()
        .get(orgPath(home.id, `/invoices/${first.id}/adjustment-notes/${UNKNOWN_UUID}`))
        .set('Authorization', home.auth),
    );
  });
});

describe('the invoice as a PDF', () => {
  it('says only "Tax invoice" while something is due', async () => {
    const shop = await clinic();
    const invoice = await invoiceOf(await shop.checkOut(() => ({ paymentLink: {} })));
    const { text } = await extractText(new Uint8Array((await pdfOf(invoice.id)).body as Buffer), { mergePages: true });
    expect(text).toContain('Tax invoice');
    expect(text).not.toContain('Receipt');
    expect(text).toContain('Amount due $142.00');
  });

  it('is a one-page tax invoice and receipt with the ABN, provider number, items and totals', async () => {
    const shop = await clinic();
    const invoice = await invoiceOf(
      await shop.checkOut(({ visa, fund }) => ({
        healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: visa.id },
      })),
    );
    const response = await pdfOf(invoice.id);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers.etag).toBe(etagOf(invoice.updatedAt));
    const bytes = response.body as Buffer;
    // To look at it: INVOICE_PDF_DIR=/tmp, then `pdftoppm -png -r 80 /tmp/invoice.pdf /tmp/invoice`.
    if (process.env.INVOICE_PDF_DIR) writeFileSync(join(process.env.INVOICE_PDF_DIR, 'invoice.pdf'), bytes);
    const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(totalPages).toBe(1);
    expect(text).toContain(`Invoice number ${invoice.number}`);
    for (const words of [
      'Tax invoice',
      'Receipt',
      VALID_ABN,
      PROVIDER_NUMBER,
      invoice.number,
      'Alex Chen',
      'Sam Nguyen',
      '500',
      'BAND',
      '$142.00',
      '$140.00',
      '$2.00',
      'Health fund benefit',
      '-$48.00',
      'Amount due $0.00',
    ])
      expect(text).toContain(words);
  });
});
