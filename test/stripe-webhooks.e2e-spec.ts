import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { AssemblePayout, StripeEventJobs } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
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
  inContext,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { chargeStatusOf } from './support/payment-processor.js';
import { expectProblem } from './support/problems.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

// Stripe's events, signed as Stripe signs them (the SDK's own test signer), sent to the real app,
// on the test processor and (test/stripe/) on Stripe's SDK against the local fake Stripe. A card
// payment waits for 3-D Secure as a check-out leaves it, with the card whose bank always asks
// (`pm_card_authenticationRequired`). A payout sent to Stripe (`in_transit`, with Stripe's payout id)
// is made directly, so no payout job moves it meanwhile. Each business here is its own: a payout run
// takes everything of its business.

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
/** The Connect endpoint's: payout events come signed with it. */
const CONNECT_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

let t: TestApp;
let home: Tenant;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  // Deliveries to a receiver on 127.0.0.1, on jobs of this file's own schema (another file's app must not run them).
  t = await createTestApp({
    STRIPE_WEBHOOK_SECRET: `${SECRET},${CONNECT_SECRET}`,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    JOBS_SCHEMA: `pgboss_${RUN}`,
  });
  home = await createTenant(t, 'Stripe Clinic');
  const hook = await created(
    postJson(
      t,
      orgPath(home.id, '/webhook-endpoints'),
      {
        url: await receiver.start(),
        enabledEvents: [
          'payment.succeeded',
          'payment.failed',
          'payout.paid',
          'payout.failed',
          'refund.failed',
          'booking.paid',
        ],
      },
      home.auth,
    ),
  );
  receiver.secret = hook.secret;
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeEvent(type: string, object: Body, extra: Body = {}): Body {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2025-11-17',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
    ...extra,
  };
}

/** Posts the event as Stripe does: the JSON, and `Stripe-Signature` over exactly those bytes. */
function deliver(event: Body, { secret = SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }));
}

function send(payload: string, signature?: string) {
  const request = t.http().post('/v1/stripe/webhooks').set('Content-Type', 'application/json; charset=utf-8');
  if (signature !== undefined) request.set('Stripe-Signature', signature);
  return request.send(payload);
}

const paymentIntent = (id: string, status: string, amount: number) => ({
  id,
  object: 'payment_intent',
  status,
  amount,
  currency: 'aud',
});

const getJson = async (path: string) => (await t.http().get(path).set('Authorization', home.auth).expect(200)).body;

async function eventsOf(type: string, matching: (data: Body) => boolean): Promise<Body[]> {
  const rows = await sql<{ data: Body }>(
    t,
    'select data from events where organisation_id = ? and type = ? order by seq',
    [home.id, type],
  );
  return rows.map((row) => row.data).filter(matching);
}

/** The first delivery to the clinic's endpoint of an event of `type` whose data matches, verified with the endpoint's secret. */
async function delivered(type: string, matching: (data: Body) => boolean, timeoutMs = 20_000): Promise<{ data: Body }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receiver.received.find((received) => received.event?.type === type && matching(received.event.data));
    if (found?.event) return found.event;
    if (Date.now() > deadline) throw new Error(`no ${type} delivered in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const storedStripeEvent = async (id: string) =>
  (await sql(t, 'select id, type, account from stripe_events where id = ?', [id]))[0];

interface Clinic {
  business: Body;
  client: Body;
  visa: Body;
  mastercard: Body;
  /** A card whose bank asks its holder to authenticate (3-D Secure) every payment. */
  authenticating: Body;
  /** A new booking of the client, an hour apart from every other this file makes. */
  book(): Promise<Body>;
  /** A booking checked out with the visa for its whole price, 12000 cents, or for `items` typed at check-out. */
  checkedOut(items?: Body[]): Promise<{ booking: Body; sale: Body; part: Body }>;
  /** A booking of last year on `card`, marked a no-show with the fee: its fee's PaymentIntent id. */
  missed(card: Body): Promise<{ booking: Body; paymentId: string }>;
  /** A booking two hours ahead on `card`, cancelled with the fee: its fee's PaymentIntent id. */
  cancelledLate(card: Body): Promise<{ booking: Body; paymentId: string }>;
}

let nextSlot = 0;
async function clinic(): Promise<Clinic> {
  const business = await createBusiness(t, home.id);
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id);
  const type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 12000 }],
  });
  const client = await createClient(t, home.id);
  const card = (paymentMethodId: string) =>
    created(
      postJson(
        t,
        orgPath(home.id, `/clients/${client.id}/wallet/cards`),
        { type: 'payment_method', paymentMethod: { paymentMethodId } },
        home.auth,
      ),
    );
  const [visa, mastercard, authenticating] = [
    await card('pm_card_visa'),
    await card('pm_card_mastercard'),
    await card('pm_card_authenticationRequired'),
  ];
  const book = () =>
    createBooking(
      t,
      home.id,
      { client, provider, location, type },
      new Date(Date.UTC(FUTURE_YEAR, 7, 2) + nextSlot++ * 3_600_000).toISOString(),
      home.auth,
    );
  /** A booking of the client at `serviceDate`, charged to `card` when it is charged. */
  const bookOn = (card: Body, serviceDate: Date) =>
    created(
      postJson(
        t,
        orgPath(home.id, '/bookings'),
        {
          clientId: client.id,
          providerId: provider.id,
          locationId: location.id,
          appointmentTypeId: type.id,
          paymentMethodId: card.id,
          serviceDate: serviceDate.toISOString(),
        },
        home.auth,
      ),
    );
  /** The PaymentIntent of the booking's fee: its one card payment. */
  const feePaymentOf = async (bookingId: string) =>
    (
      await sql<{ payment_id: string }>(
        t,
        `select p.payment->>'id' as payment_id from payment_transactions p join transactions x on x.id = p.transaction_id
          where x.booking_id = ? and p.source = 'payment'`,
        [bookingId],
      )
    )[0].payment_id;
  return {
    business,
    client,
    visa,
    mastercard,
    authenticating,
    book,
    async cancelledLate(card: Body) {
      const booking = await bookOn(card, new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 2 * 3_600_000));
      await t
        .http()
        .post(orgPath(home.id, `/bookings/${booking.id}/cancel`))
        .set('Authorization', home.auth)
        .send({ chargeCancellationFee: true })
        .expect(200);
      return { booking, paymentId: await feePaymentOf(booking.id) };
    },
    async missed(card: Body) {
      const booking = await bookOn(card, new Date(Date.UTC(PAST_YEAR, 7, 2) + nextSlot++ * 3_600_000));
      await t
        .http()
        .post(orgPath(home.id, `/bookings/${booking.id}/attendance`))
        .set('Authorization', home.auth)
        .send({ attendance: 'no_show', chargeNoShowFee: true })
        .expect(200);
      return { booking, paymentId: await feePaymentOf(booking.id) };
    },
    async checkedOut(items?: Body[]) {
      const booking = await book();
      const sale = await created(
        postJson(
          t,
          orgPath(home.id, `/bookings/${booking.id}/transactions`),
          { payment: { paymentMethodId: visa.id }, ...(items && { items }) },
          home.auth,
        ),
      );
      return { booking, sale, part: sale.paymentTransactions[0] };
    },
  };
}

/**
 * A check-out whose card payment the bank held for 3-D Secure: `requires_action` with the
 * PaymentIntent's id and client secret, the booking unpaid, its invoice open.
 */
async function waitingForThreeDSecure(
  of: Clinic,
): Promise<{ booking: Body; sale: Body; part: Body; paymentId: string }> {
  const booking = await of.book();
  const sale = await created(
    postJson(
      t,
      orgPath(home.id, `/bookings/${booking.id}/transactions`),
      { payment: { paymentMethodId: of.authenticating.id } },
      home.auth,
    ),
  );
  const part = sale.paymentTransactions[0];
  expect(part.payment).toMatchObject({ status: 'requires_action', clientSecret: expect.any(String) });
  return { booking, sale, part, paymentId: part.payment.id };
}

describe('POST /v1/stripe/webhooks: a payment that waited for 3-D Secure', () => {
  it('payment_intent.succeeded settles it: the payment succeeded, the booking and invoice paid, the events recorded and delivered, the next payout counts it', async () => {
    const c = await clinic();
    const { booking, sale, part, paymentId } = await waitingForThreeDSecure(c);
    const before = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
    expect((await getJson(orgPath(home.id, `/invoices?bookingId=${booking.id}`))).items[0]).toMatchObject({
      status: 'open',
      amountDue: 12000,
    });
    // Waiting, it is money no payout counts.
    expectProblem(await postJson(t, `/v1/businesses/${c.business.id}/payouts`, {}), 409, 'nothing_to_pay_out');

    const event = stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 12000));
    const response = await deliver(event);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { id: event.id, type: 'payment_intent.succeeded', outcome: 'applied' },
    });

    const after = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    const settled = after.paymentTransactions[0];
    expect(settled).toMatchObject({
      id: part.id,
      paymentId,
      payment: { id: paymentId, status: 'succeeded', amount: 12000 },
    });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
    const [invoice] = (await getJson(orgPath(home.id, `/invoices?bookingId=${booking.id}`))).items;
    expect(invoice).toMatchObject({ status: 'paid', amountDue: 0 });

    // The event's data is the payment as the transaction's GET shows it; delivered, signed, to the clinic's endpoint.
    expect(await eventsOf('payment.succeeded', (data) => data.payment.id === paymentId)).toEqual([settled]);
    expect((await delivered('payment.succeeded', (data) => data.payment.id === paymentId)).data).toEqual(settled);
    const [paid] = await eventsOf('booking.paid', (data) => data.id === booking.id);
    expect(paid).toMatchObject({ id: booking.id, paid: true });
    expect((await delivered('booking.paid', (data) => data.id === booking.id)).data).toEqual(paid);
    expect(await storedStripeEvent(event.id)).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      account: null,
    });

    // Settled, it is money the business's next payout pays out, less the platform's fee.
    const payout = await created(postJson(t, `/v1/businesses/${c.business.id}/payouts`, {}));
    expect(payout).toMatchObject({ amount: 12000 - 180, transactionCount: 1 });
  });

  it('changes nothing for a payment that succeeded at its check-out', async () => {
    const { sale, part } = await (await clinic()).checkedOut();
    const before = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    const response = await deliver(
      stripeEvent('payment_intent.succeeded', paymentIntent(part.paymentId, 'succeeded', 12000)),
    );
    expect(response.body.outcome).toBe('unchanged');
    expect(await getJson(orgPath(home.id, `/transactions/${sale.id}`))).toEqual(before);
    expect(await eventsOf('payment.succeeded', (data) => data.id === part.id)).toHaveLength(1);
  });

  it('processes an event once, however often and however concurrently Stripe delivers it', async () => {
    const c = await clinic();
    const first = await waitingForThreeDSecure(c);
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(first.paymentId, 'succeeded', 12000));
    expect((await deliver(event)).body.outcome).toBe('applied');
    const again = await deliver(event);
    expect({ status: again.status, outcome: again.body.outcome }).toEqual({ status: 200, outcome: 'duplicate' });

    // Two deliveries of another event at once: one waits on the other's id, then finds it.
    const second = await waitingForThreeDSecure(c);
    const concurrent = stripeEvent('payment_intent.succeeded', paymentIntent(second.paymentId, 'succeeded', 12000));
    const answers = await Promise.all([deliver(concurrent), deliver(concurrent), deliver(concurrent)]);
    expect(answers.map((answer) => `${answer.status} ${answer.body.outcome}`).sort()).toEqual([
      '200 applied',
      '200 duplicate',
      '200 duplicate',
    ]);

    for (const { paymentId, booking } of [first, second]) {
      expect(await eventsOf('payment.succeeded', (data) => data.payment.id === paymentId)).toHaveLength(1);
      expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
    }
    const [row] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from stripe_events where id in (?, ?)',
      [event.id, concurrent.id],
    );
    expect(row.count).toBe(2);
  });

  it("keeps nothing when processing fails, so Stripe's retry is processed afresh", async () => {
    const { booking, sale, paymentId } = await waitingForThreeDSecure(await clinic());
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 12000));
    const name = `refuse_${RUN}`;
    await sql(
      t,
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    );
    await sql(
      t,
      `create trigger ${name} before insert on events for each row when (new.type = 'payment.succeeded' and new.organisation_id = '${home.id}') execute function ${name}()`,
    );
    try {
      expectProblem(await deliver(event), 500, 'internal_error');
    } finally {
      await sql(t, `drop trigger ${name} on events`);
      await sql(t, `drop function ${name}()`);
    }
    expect(await storedStripeEvent(event.id)).toBeUndefined();
    expect((await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0].payment.status).toBe(
      'requires_action',
    );
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);

    expect((await deliver(event)).body.outcome).toBe('applied');
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
  });

  it('payment_intent.payment_failed fails it: the booking stays unpaid, payment.failed is recorded, and the booking can be checked out with another card', async () => {
    const c = await clinic();
    const { booking, sale, part, paymentId } = await waitingForThreeDSecure(c);
    const checkOutAgain = () =>
      postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        { payment: { paymentMethodId: c.mastercard.id } },
        home.auth,
      );
    // While the cardholder may still answer their bank, another card would take the money twice.
    expectProblem(await checkOutAgain(), 409, 'payment_requires_action');
    const before = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    const event = stripeEvent('payment_intent.payment_failed', {
      ...paymentIntent(paymentId, 'requires_payment_method', 12000),
      last_payment_error: { code: 'payment_intent_authentication_failure', type: 'card_error' },
    });
    expect((await deliver(event)).body).toEqual({
      id: event.id,
      type: 'payment_intent.payment_failed',
      outcome: 'applied',
    });

    const after = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    const failed = after.paymentTransactions[0];
    expect(failed).toMatchObject({ id: part.id, payment: { id: paymentId, status: 'failed' } });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
    expect(await eventsOf('payment.failed', (data) => data.id === part.id)).toEqual([failed]);
    expect((await delivered('payment.failed', (data) => data.id === part.id)).data).toEqual(failed);
    // Failed twice (another event of the same failure) is still one failure.
    expect(
      (
        await deliver(
          stripeEvent('payment_intent.payment_failed', paymentIntent(paymentId, 'requires_payment_method', 12000)),
        )
      ).body.outcome,
    ).toBe('unchanged');

    // The failed payment holds nothing: a new check-out collects the whole price with another card.
    const retry = await created(checkOutAgain());
    expect(retry.paymentTransactions).toEqual([
      expect.objectContaining({
        source: 'payment',
        amount: 12000,
        payment: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
    // And a payout pays out only what succeeded.
    expect(await created(postJson(t, `/v1/businesses/${c.business.id}/payouts`, {}))).toMatchObject({
      amount: 12000 - 180,
      transactionCount: 1,
    });
  });

  it('is cancelled with its booking: the charge can no longer be captured, and a late success takes no money and pays nothing out', async () => {
    const c = await clinic();
    const { booking, sale, part, paymentId } = await waitingForThreeDSecure(c);
    const before = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    await postJson(t, orgPath(home.id, `/bookings/${booking.id}/cancel`), {}, home.auth).expect(200);

    const after = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    expect(after.paymentTransactions[0]).toMatchObject({
      id: part.id,
      payment: { id: paymentId, status: 'canceled', clientSecret: null },
    });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(chargeStatusOf(t, paymentId)).toBe('canceled');
    // Stripe's word of the cancellation, and a success reported late, change nothing.
    expect(
      (await deliver(stripeEvent('payment_intent.canceled', paymentIntent(paymentId, 'canceled', 12000)))).body.outcome,
    ).toBe('unchanged');
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 12000)))).body
        .outcome,
    ).toBe('unchanged');
    expect((await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0].payment.status).toBe(
      'canceled',
    );
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
    expect(await eventsOf('payment.succeeded', (data) => data.id === part.id)).toEqual([]);
    expectProblem(await postJson(t, `/v1/businesses/${c.business.id}/payouts`, {}), 409, 'nothing_to_pay_out');
  });

  it('payment_intent.canceled from elsewhere (a cancellation that did not commit) fails it, so the booking can be checked out again', async () => {
    const c = await clinic();
    const { booking, sale, paymentId } = await waitingForThreeDSecure(c);
    expect(
      (await deliver(stripeEvent('payment_intent.canceled', paymentIntent(paymentId, 'canceled', 12000)))).body.outcome,
    ).toBe('applied');
    expect((await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0].payment.status).toBe(
      'failed',
    );
    await created(
      postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        { payment: { paymentMethodId: c.visa.id } },
        home.auth,
      ),
    );
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
  });

  it('answers 200 unknown for a PaymentIntent this service did not make, and keeps the event', async () => {
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(newId('pi'), 'succeeded', 5000));
    expect((await deliver(event)).body.outcome).toBe('unknown');
    expect(await storedStripeEvent(event.id)).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      account: null,
    });
  });
});

describe('POST /v1/stripe/webhooks: a no-show fee that waited for 3-D Secure', () => {
  beforeAll(async () => {
    // A fee is charged only when asked for: the other tests of the organisation ask for none.
    await t
      .http()
      .patch(orgPath(home.id, '/booking-settings'))
      .set('Authorization', home.auth)
      .send({ cancellationFeeEnabled: true, cancellationFeeAmount: 6000 })
      .expect(200);
  });

  const feeInvoiceOf = async (bookingId: string) =>
    (await getJson(orgPath(home.id, `/invoices?bookingId=${bookingId}`))).items as Body[];

  it('payment_intent.succeeded pays its fee invoice, and never the missed booking', async () => {
    const c = await clinic();
    const { booking, paymentId } = await c.missed(c.authenticating);
    expect((await feeInvoiceOf(booking.id)).map((invoice) => invoice.status)).toEqual(['open']);
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 6000)))).body
        .outcome,
    ).toBe('applied');
    expect((await feeInvoiceOf(booking.id)).map((invoice) => [invoice.status, invoice.amountDue])).toEqual([
      ['paid', 0],
    ]);
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
  });

  it('a late cancellation fee waits for 3-D Secure too, not cancelled with the booking, and payment_intent.succeeded pays its invoice', async () => {
    const c = await clinic();
    const { booking, paymentId } = await c.cancelledLate(c.authenticating);
    expect((await feeInvoiceOf(booking.id)).map((invoice) => invoice.status)).toEqual(['open']);
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 6000)))).body
        .outcome,
    ).toBe('applied');
    expect((await feeInvoiceOf(booking.id)).map((invoice) => invoice.status)).toEqual(['paid']);
  });

  it('payment_intent.payment_failed leaves its fee invoice open; confirmed after all, it pays it, never the booking', async () => {
    const c = await clinic();
    const { booking, paymentId } = await c.missed(c.authenticating);
    const failed = stripeEvent(
      'payment_intent.payment_failed',
      paymentIntent(paymentId, 'requires_payment_method', 6000),
    );
    expect((await deliver(failed)).body.outcome).toBe('applied');
    expect((await feeInvoiceOf(booking.id)).map((invoice) => [invoice.status, invoice.amountDue])).toEqual([
      ['open', 6000],
    ]);
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 6000)))).body
        .outcome,
    ).toBe('applied');
    expect((await feeInvoiceOf(booking.id)).map((invoice) => invoice.status)).toEqual(['paid']);
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
  });
});

describe('POST /v1/stripe/webhooks: a payment link paid with 3-D Secure', () => {
  /** A link its payer paid with a card whose bank asked them to authenticate (3-D Secure): `requires_action`. */
  async function linkWaitingForThreeDSecure(): Promise<{ booking: Body; token: string; paymentId: string }> {
    const linked = await (await clinic()).book();
    const sale = await created(
      postJson(t, orgPath(home.id, `/bookings/${linked.id}/transactions`), { paymentLink: {} }, home.auth),
    );
    const token = sale.paymentTransactions[0].paymentLinks[0].url.split('/pay/')[1];
    const paid = await t
      .http()
      .post(`/v1/payment-links/${token}/pay`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ paymentMethodId: 'pm_card_authenticationRequired' }));
    expect({ status: paid.status, link: paid.body.status, payment: paid.body.payment }).toEqual({
      status: 200,
      link: 'open',
      payment: { status: 'requires_action', clientSecret: expect.any(String) },
    });
    const { payment } = (await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0];
    return { booking: linked, token, paymentId: payment.id };
  }

  const linkView = async (token: string) => (await t.http().get(`/v1/payment-links/${token}`).expect(200)).body as Body;

  it('payment_intent.succeeded shows the link paid, and the booking paid', async () => {
    const { booking, token, paymentId } = await linkWaitingForThreeDSecure();
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 12000)))).body
        .outcome,
    ).toBe('applied');
    expect(await linkView(token)).toMatchObject({
      status: 'paid',
      paidAt: expect.any(String),
      payment: { status: 'succeeded' },
    });
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(true);
  });

  it('payment_intent.payment_failed leaves the link open for the payer to try another card', async () => {
    const { booking, token, paymentId } = await linkWaitingForThreeDSecure();
    expect(
      (
        await deliver(
          stripeEvent('payment_intent.payment_failed', paymentIntent(paymentId, 'requires_payment_method', 12000)),
        )
      ).body.outcome,
    ).toBe('applied');
    expect(await linkView(token)).toMatchObject({ status: 'open', paidAt: null, payment: null });
    expect((await getJson(orgPath(home.id, `/bookings/${booking.id}`))).paid).toBe(false);
    expect(await eventsOf('payment.failed', (data) => data.payment.id === paymentId)).toEqual([
      expect.objectContaining({ payment: expect.objectContaining({ status: 'requires_payment_method' }) }),
    ]);
  });
});

describe('POST /v1/stripe/webhooks: only what Stripe signed', () => {
  it('refuses a missing, forged, stale or malformed signature with 400 and keeps nothing', async () => {
    const { sale, paymentId } = await waitingForThreeDSecure(await clinic());
    const event = stripeEvent('payment_intent.succeeded', paymentIntent(paymentId, 'succeeded', 12000));
    const payload = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      await send(payload),
      await send(payload, 'not a signature'),
      await deliver(event, { secret: `whsec_${randomBytes(24).toString('base64url')}` }),
      // Signed over other bytes: the same event with one member changed.
      await send(
        JSON.stringify({ ...event, livemode: true }),
        Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      ),
      // Older than the SDK's tolerance of five minutes.
      await deliver(event, { timestamp: now - 301 }),
    ];
    for (const refusal of refusals) expectProblem(refusal, 400, 'stripe_signature_invalid');
    expect(await storedStripeEvent(event.id)).toBeUndefined();
    expect((await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0].payment.status).toBe(
      'requires_action',
    );

    // Within the tolerance it is Stripe's, and is processed.
    expect((await deliver(event, { timestamp: now - 240 })).body.outcome).toBe('applied');
  });

  it('refuses a signed body that is not a Stripe event with 400 malformed_json', async () => {
    const notJson = '{"id": "evt_1", "type":';
    expectProblem(
      await send(notJson, Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: SECRET })),
      400,
      'malformed_json',
    );
    const notAnEvent = JSON.stringify({ hello: 'world' });
    expectProblem(
      await send(notAnEvent, Stripe.webhooks.generateTestHeaderString({ payload: notAnEvent, secret: SECRET })),
      400,
      'malformed_json',
    );
  });

  it('keeps an event of a type it does not act on, answers 200 ignored, and ignores it again as a duplicate', async () => {
    const event = stripeEvent('customer.created', { id: newId('cus'), object: 'customer' });
    const response = await deliver(event);
    expect(response.body).toEqual({ id: event.id, type: 'customer.created', outcome: 'ignored' });
    // Stripe's deliveries are never rate-limited.
    expect(response.headers['ratelimit-limit']).toBeUndefined();
    expect(await storedStripeEvent(event.id)).toEqual({ id: event.id, type: 'customer.created', account: null });
    expect((await deliver(event)).body.outcome).toBe('duplicate');
  });

  it('answers 404 stripe_not_configured without a Stripe webhook secret, as with the test processor', async () => {
    const plain = await createTestApp({ PAYMENT_PROCESSOR: 'test' });
    try {
      const payload = JSON.stringify(stripeEvent('customer.created', { id: newId('cus') }));
      const response = await plain
        .http()
        .post('/v1/stripe/webhooks')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))
        .send(payload);
      expectProblem(response, 404, 'stripe_not_configured');
    } finally {
      await plain.close();
    }
  });

  it('leaves every other route reading JSON as before', async () => {
    expectProblem(
      await t
        .http()
        .post(orgPath(home.id, '/clients'))
        .set('Authorization', home.auth)
        .set('Content-Type', 'application/json')
        .send('{"firstName":'),
      400,
      'malformed_json',
    );
    const client = await created(
      postJson(t, orgPath(home.id, '/clients'), { firstName: 'Raw', lastName: 'Body' }, home.auth),
    );
    expect(client).toMatchObject({ firstName: 'Raw', lastName: 'Body' });
  });
});

describe('POST /v1/stripe/webhooks: payouts on connected accounts', () => {
  /** A payout sent to Stripe: `in_transit`, with Stripe's payout id, as the Stripe bank leaves it. */
  async function sentPayout(): Promise<{ business: Body; payout: Body; stripePayoutId: string; partIds: string[] }> {
    const c = await clinic();
    const parts = [(await c.checkedOut()).part, (await c.checkedOut()).part];
    const payout = await inContext(t, () =>
      t.app.get(AssemblePayout).execute(
        home.id,
        c.business.id,
        parts.map((part) => part.id),
        { arrivalDate: '2027-08-03', status: 'in_transit' },
      ),
    );
    const stripePayoutId = newId('po');
    await sql(t, 'update payouts set bank_payout_id = ? where id = ?', [stripePayoutId, payout.id]);
    return { business: c.business, payout: { id: payout.id }, stripePayoutId, partIds: parts.map((part) => part.id) };
  }

  const stripePayout = (id: string, status: string) => ({
    id,
    object: 'payout',
    status,
    amount: 23640,
    currency: 'aud',
    arrival_date: 1785715200,
  });
  const account = newId('acct');
  const getPayout = (businessId: string, payoutId: string) =>
    t
      .http()
      .get(`/v1/businesses/${businessId}/payouts/${payoutId}`)
      .set('Authorization', t.platformAuth)
      .expect(200)
      .then((response) => response.body as Body);
  const payoutIdsOf = (ids: string[]) =>
    sql<{ id: string; payout_id: string | null }>(
      t,
      'select id, payout_id from payment_transactions where id in (?, ?) order by id',
      ids,
    );

  it('payout.paid moves the payout to paid with payout.paid, once', async () => {
    const { business, payout, stripePayoutId, partIds } = await sentPayout();
    const event = stripeEvent('payout.paid', stripePayout(stripePayoutId, 'paid'), { account });
    expect((await deliver(event, { secret: CONNECT_SECRET })).body).toEqual({
      id: event.id,
      type: 'payout.paid',
      outcome: 'applied',
    });
    const paid = await getPayout(business.id, payout.id);
    expect(paid).toMatchObject({ status: 'paid', amount: 2 * (12000 - 180), transactionCount: 2 });
    expect(await eventsOf('payout.paid', (data) => data.id === payout.id)).toEqual([paid]);
    expect((await delivered('payout.paid', (data) => data.id === payout.id)).data).toEqual(paid);
    expect(await storedStripeEvent(event.id)).toEqual({ id: event.id, type: 'payout.paid', account });
    expect((await payoutIdsOf(partIds)).map((row) => row.payout_id)).toEqual([payout.id, payout.id]);
    // Another event saying the same: nothing more.
    expect(
      (
        await deliver(stripeEvent('payout.paid', stripePayout(stripePayoutId, 'paid'), { account }), {
          secret: CONNECT_SECRET,
        })
      ).body.outcome,
    ).toBe('unchanged');
    expect(await eventsOf('payout.paid', (data) => data.id === payout.id)).toHaveLength(1);
  });

  it('payout.failed fails it with payout.failed, and its payment transactions go back to the next run', async () => {
    const { business, payout, stripePayoutId, partIds } = await sentPayout();
    const event = stripeEvent(
      'payout.failed',
      { ...stripePayout(stripePayoutId, 'failed'), failure_code: 'account_closed' },
      { account },
    );
    expect((await deliver(event, { secret: CONNECT_SECRET })).body.outcome).toBe('applied');
    const failed = await getPayout(business.id, payout.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(await eventsOf('payout.failed', (data) => data.id === payout.id)).toEqual([failed]);
    expect((await payoutIdsOf(partIds)).map((row) => row.payout_id)).toEqual([null, null]);
    const next = await created(postJson(t, `/v1/businesses/${business.id}/payouts`, {}));
    expect(next).toMatchObject({ amount: 2 * (12000 - 180), transactionCount: 2 });
  });

  it('fails a payout Stripe said was paid when the bank returns it later', async () => {
    const { business, payout, stripePayoutId, partIds } = await sentPayout();
    await deliver(stripeEvent('payout.paid', stripePayout(stripePayoutId, 'paid'), { account }), {
      secret: CONNECT_SECRET,
    });
    expect(
      (
        await deliver(stripeEvent('payout.failed', stripePayout(stripePayoutId, 'failed'), { account }), {
          secret: CONNECT_SECRET,
        })
      ).body.outcome,
    ).toBe('applied');
    expect(await getPayout(business.id, payout.id)).toMatchObject({ status: 'failed' });
    expect((await payoutIdsOf(partIds)).map((row) => row.payout_id)).toEqual([null, null]);
  });

  it('answers 200 unknown for a payout this service did not make', async () => {
    const event = stripeEvent('payout.paid', stripePayout(newId('po'), 'paid'), { account });
    expect((await deliver(event, { secret: CONNECT_SECRET })).body.outcome).toBe('unknown');
  });
});

describe('POST /v1/stripe/webhooks: a refund that fails later', () => {
  const stripeRefund = (paymentId: string, amount: number, metadata: Body = {}) => ({
    id: newId('re'),
    object: 'refund',
    amount,
    currency: 'aud',
    payment_intent: paymentId,
    status: 'failed',
    failure_reason: 'expired_or_canceled_card',
    metadata,
  });
  /** A refund of the payment the processor made, failed now: Stripe's (the fake's) own, or one as Stripe would send it. */
  const failedRefund = (paymentId: string, amount: number) =>
    t.stripe?.failRefund(paymentId, amount) ?? stripeRefund(paymentId, amount);

  it('gives the refund back to the business as a refund_failed adjustment, with refund.failed, once', async () => {
    const { booking, sale, part } = await (await clinic()).checkedOut();
    const refundPath = orgPath(home.id, `/payment-transactions/${part.id}/refunds`);
    const kept = await created(postJson(t, refundPath, { amount: 1500 }, home.auth));
    const failing = await created(postJson(t, refundPath, { amount: 2500 }, home.auth));
    const before = await getJson(orgPath(home.id, `/transactions/${sale.id}`));

    const refund = failedRefund(part.paymentId, 2500);
    const event = stripeEvent('refund.failed', refund);
    expect((await deliver(event)).body.outcome).toBe('applied');

    const after = await getJson(orgPath(home.id, `/transactions/${sale.id}`));
    expect(after.paymentTransactions[0].adjustmentTransactions).toEqual([
      kept,
      failing,
      { id: expect.any(String), createdAt: expect.any(String), source: 'refund_failed', amount: 2500 },
    ]);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(await eventsOf('refund.failed', (data) => data.id === failing.id)).toEqual([failing]);
    expect((await delivered('refund.failed', (data) => data.id === failing.id)).data).toEqual(failing);
    const [invoice] = (await getJson(orgPath(home.id, `/invoices?bookingId=${booking.id}`))).items;
    expect(invoice).toMatchObject({ status: 'paid', amountPaid: 12000, amountRefunded: 1500, amountDue: 0 });

    // The same failure told again by another event type: given back once.
    expect((await deliver(stripeEvent('charge.refund.updated', refund))).body.outcome).toBe('unchanged');
    // What was given back can be refunded again: 12000 less the 1500 that stands.
    expectProblem(await postJson(t, refundPath, { amount: 10501 }, home.auth), 409, 'refund_exceeds_payment');
    expect((await postJson(t, refundPath, { amount: 10500 }, home.auth)).status).toBe(201);
  });

  it("reverses the refund's adjustment note with one of its own: the invoice's price stands again", async () => {
    const { sale, part } = await (
      await clinic()
    ).checkedOut([{ description: 'Resistance band', chargeAmount: 11000, taxRate: 10 }]);
    const refundPath = orgPath(home.id, `/payment-transactions/${part.id}/refunds`);
    const failing = await created(postJson(t, refundPath, { amount: 2200 }, home.auth));
    expect((await deliver(stripeEvent('refund.failed', failedRefund(part.paymentId, 2200)))).body.outcome).toBe(
      'applied',
    );
    const [invoice] = (await getJson(orgPath(home.id, `/invoices?bookingId=${sale.bookingId}`))).items;
    const { items } = await getJson(orgPath(home.id, `/invoices/${invoice.id}/adjustment-notes`));
    // 2200 of 11000 with 1000 of GST: 200 of GST.
    expect(items.map((note: Body) => [note.reason, note.amount, note.taxAmount])).toEqual([
      ['refund', 2200, 200],
      ['refund_failed', -2200, -200],
    ]);
    expect(Number(items[1].number.slice(3))).toBe(Number(items[0].number.slice(3)) + 1);
    expect(failing.amount).toBe(-2200);
  });

  it('gives back the refund its metadata names, and ignores a refund update that is not a failure', async () => {
    const { sale, part } = await (await clinic()).checkedOut();
    const refundPath = orgPath(home.id, `/payment-transactions/${part.id}/refunds`);
    const first = await created(postJson(t, refundPath, { amount: 1000 }, home.auth));
    await created(postJson(t, refundPath, { amount: 1000 }, home.auth));
    expect(
      (await deliver(stripeEvent('refund.updated', { ...stripeRefund(part.paymentId, 1000), status: 'succeeded' })))
        .body.outcome,
    ).toBe('ignored');
    expect(
      (
        await deliver(
          stripeEvent('refund.updated', {
            ...failedRefund(part.paymentId, 1000),
            metadata: { adjustmentId: first.id },
          }),
        )
      ).body.outcome,
    ).toBe('applied');
    const adjustments = (await getJson(orgPath(home.id, `/transactions/${sale.id}`))).paymentTransactions[0]
      .adjustmentTransactions;
    expect(adjustments.map((adjustment: Body) => `${adjustment.source} ${adjustment.amount}`)).toEqual([
      'refund -1000',
      'refund -1000',
      'refund_failed 1000',
    ]);
    expect(await eventsOf('refund.failed', (data) => data.id === first.id)).toEqual([first]);
  });
});

describe('stripe_events', () => {
  it('forgets the ids of events received more than 30 days ago, once a day', async () => {
    const day = 24 * 60 * 60 * 1000;
    const [old, recent] = [newId('evt'), newId('evt')];
    await sql(
      t,
      `insert into stripe_events (id, type, received_at) values (?, 'customer.created', ?), (?, 'customer.created', ?)`,
      [old, new Date(Date.now() - 31 * day), recent, new Date(Date.now() - 29 * day)],
    );
    expect(await inContext(t, () => t.app.get(StripeEventJobs).purge())).toBeGreaterThanOrEqual(1);
    expect(await storedStripeEvent(old)).toBeUndefined();
    expect(await storedStripeEvent(recent)).toMatchObject({ id: recent });
  });
});
