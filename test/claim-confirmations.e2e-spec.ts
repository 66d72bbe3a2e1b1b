import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ConfirmCheckOut,
  FUND_TEST_MEMBER_NUMBERS,
  HealthFundGateway,
  MEDICARE_TEST_CARD_NUMBERS,
  MedicareGateway,
  type TestHealthFundGateway,
  type TestMedicareGateway,
} from '@app/payments-and-claims';
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
  CLAIMING_TERMINAL,
  inContext,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { FakeTwilio } from './support/fake-twilio.js';
import { PAST_YEAR } from './support/future-year.js';
import { chargesDescribed } from './support/payment-processor.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { SmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The patient's agreement to a claim by a code sent to them: a check-out that waits for it, the code
// by SMS (a local fake of Twilio's API) or email (a local SMTP server), and every way it ends.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const PROVIDER_NUMBER = '2429591L';
const MINUTE_MS = 60_000;

let twilio: FakeTwilio;
const smtp = new SmtpReceiver();
let t: TestApp;
let home: Tenant;
let location: Body;
let provider: Body;
let physio: Body;
let gp: Body;

beforeAll(async () => {
  twilio = await FakeTwilio.start();
  const smtpPort = await smtp.start();
  t = await createTestApp({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    SMS_FROM: 'HarbourPhy',
    TWILIO_API_BASE: twilio.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EMAIL_FROM: 'bookings@harbour.example',
    JOBS_SCHEMA: `pgboss_${RUN}`,
    JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
  });
  ({ home, location, provider, physio, gp } = await clinic(await createTenant(t, 'Harbour Physio')));
});

/** A clinic of the organisation: a business, a location that claims from both payers, a provider with a provider number there, a physio and a GP service. */
async function clinic(tenant: Tenant) {
  const business = await createBusiness(t, tenant.id);
  const at = await createLocation(t, tenant.id, business.id);
  const practitioner = await createProvider(t, tenant.id);
  await createLink(t, tenant.id, practitioner.id, at.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  const offered = { providers: [practitioner.id], locations: [at.id] };
  return {
    home: tenant,
    location: at,
    provider: practitioner,
    physio: await createAppointmentType(t, tenant.id, {
      ...offered,
      price: 9500,
      billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 9500, itemCode: '500' }],
    }),
    gp: await createAppointmentType(t, tenant.id, {
      ...offered,
      price: 8290,
      billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
    }),
  };
}

afterAll(async () => {
  await t?.close();
  await twilio?.stop();
  await smtp.stop();
});

let patients = 0;
interface Patient {
  client: Body;
  mobile: string;
  memberNumber: string;
  visa: Body;
  declining: Body;
  fund: Body;
  medicare: Body;
}

/** A client of their own, with a mobile (unless `withMobile` is false), an email, a fund card and a Medicare card. */
async function patient(
  memberNumber?: string,
  options: { medicareNumber?: string; withMobile?: boolean } = {},
): Promise<Patient> {
  patients += 1;
  memberNumber ??= `4009${String(patients).padStart(4, '0')}`;
  const mobile = `+6141${String(RUN).replace(/\D/g, '').slice(-3).padStart(3, '0')}${String(patients).padStart(4, '0')}`;
  const client = await createClient(
    t,
    home.id,
    { email: `pat.${patients}.${RUN}@example.test`, ...(options.withMobile !== false && { mobileNumber: mobile }) },
    home.auth,
  );
  const card = (body: Body) =>
    created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth));
  return {
    client,
    mobile,
    memberNumber,
    visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    declining: await card({
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa_chargeDeclined' },
    }),
    fund: await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber, defaultReferenceNumber: '01' },
    }),
    medicare: await card({
      type: 'medicare_card',
      medicareCard: {
        memberNumber: options.medicareNumber ?? '2123456701',
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1990-04-02',
      },
    }),
  };
}

let slot = 0;
/** A booking of the patient whose service happened last year, an hour from every other of this file. */
const visit = (who: Patient, type: Body = physio) =>
  created(
    postJson(
      t,
      orgPath(home.id, '/bookings'),
      {
        clientId: who.client.id,
        providerId: provider.id,
        locationId: location.id,
        appointmentTypeId: type.id,
        serviceDate: new Date(Date.UTC(PAST_YEAR, 7, 1) + slot++ * 3_600_000).toISOString(),
      },
      home.auth,
    ),
  );

const checkOut = (bookingId: string, body: Body) =>
  postJson(t, orgPath(home.id, `/bookings/${bookingId}/transactions`), body, home.auth);
/** A fund claim with no terminal (the patient is asked), the gap on the patient's card (or `card`). */
const fundClaimAsked = (who: Patient, bookingId: string, card: Body = who.visa) =>
  checkOut(bookingId, {
    healthFundClaim: { healthFundCardId: who.fund.id },
    payment: { paymentMethodId: card.id },
  });
const confirmationPath = (transaction: Body, action: 'verify' | 'resend') =>
  orgPath(home.id, `/transactions/${transaction.id}/confirmations/${transaction.confirmations[0].id}/${action}`);
const verify = (transaction: Body, code: string) =>
  postJson(t, confirmationPath(transaction, 'verify'), { code }, home.auth);
const resend = (transaction: Body) => postJson(t, confirmationPath(transaction, 'resend'), {}, home.auth);

const getJson = async (path: string) =>
  (await t.http().get(orgPath(home.id, path)).set('Authorization', home.auth).expect(200)).body as Body;

async function until<T>(
  read: () => T | false | undefined | Promise<T | false | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code in the latest text message to the patient, once it arrives (`count`: how many they should have had). */
async function smsCode(who: Patient, count = 1): Promise<string> {
  const messages = await until(() => twilio.to(who.mobile).length >= count && twilio.to(who.mobile), 'the code by SMS');
  const body = messages[count - 1].body;
  return /your code is (\d{4})/.exec(body)![1];
}

/** A code that is not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function eventsOf(type: string, transactionId: string): Promise<Body[]> {
  const rows = await sql<{ data: Body }>(
    t,
    'select data from events where organisation_id = ? and type = ? order by seq',
    [home.id, type],
  );
  return rows.map((row) => row.data).filter((data) => data.id === transactionId);
}

const fund = () => t.app.get<TestHealthFundGateway>(HealthFundGateway);
const medicare = () => t.app.get<TestMedicareGateway>(MedicareGateway);

describe('a fund claim with no terminal: the patient approves it by a code sent by SMS', () => {
  let who: Patient;
  let booking: Body;
  let awaiting: Body;
  let code: string;

  beforeAll(async () => {
    who = await patient();
    booking = await visit(who);
    const response = await fundClaimAsked(who, booking.id);
    expect(response.status).toBe(201);
    awaiting = response.body;
    code = await smsCode(who);
  });

  it('answers the transaction awaiting confirmation: nothing claimed, charged or invoiced, the booking unpaid', async () => {
    expect(awaiting).toMatchObject({ status: 'awaiting_confirmation', amount: 9500, paymentTransactions: [] });
    const [confirmation] = awaiting.confirmations;
    expect(confirmation).toEqual({
      id: expect.any(String),
      contactValue: `${'•'.repeat(who.mobile.replace(/\D/g, '').length - 3)}${who.mobile.slice(-3)}`,
      verificationCode: null,
      createdAt: awaiting.createdAt,
      expiresAt: new Date(Date.parse(awaiting.createdAt) + 15 * MINUTE_MS).toISOString(),
      verifiedAt: null,
      verified: false,
    });
    expect(fund().claimsOf(who.memberNumber)).toEqual([]);
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toEqual([]);
    expect((await getJson(`/bookings/${booking.id}`)).paid).toBe(false);
    const invoices = await sql(t, 'select id from invoices where transaction_id = ?', [awaiting.id]);
    expect(invoices).toEqual([]);
  });

  it('asked the fund for a quote only, and texted the patient the benefit, the gap and the code', async () => {
    const [message] = twilio.to(who.mobile);
    expect(message.body).toMatch(
      /^.+: your code is \d{4}\. By giving this code you agree that .+ claims \$48\.00 from Bupa HI for the service you received, and you pay \$47\.00\./,
    );
  });

  it('keeps the message with the code hidden, and no event or answer shows it', async () => {
    const notifications = await getJson(`/notifications?bookingId=${booking.id}`);
    const listed = notifications.items.find((item: Body) => item.type === 'claim_confirmation');
    expect(listed).toMatchObject({ channel: 'sms', status: 'sent' });
    const message = await getJson(`/notifications/${listed.id}`);
    expect(message.text).toContain('your code is ••••');
    expect(message.text).not.toContain(code);
    const [sent] = await eventsOf('confirmation.sent', awaiting.id);
    expect(sent.confirmations[0].verificationCode).toBeNull();
    expect(JSON.stringify(sent)).not.toContain(`code is ${code}`);
    const stored = await sql<{ confirmations: string }>(
      t,
      'select confirmations::text from transactions where id = ?',
      [awaiting.id],
    );
    expect(stored[0].confirmations).not.toMatch(new RegExp(`"${code}"`));
  });

  it('refuses another check-out of the booking while it waits: 409 confirmation_pending', async () => {
    const again = await checkOut(booking.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(again, 409, 'confirmation_pending');
  });

  it('a wrong code is 422 with the tries left, and changes nothing else', async () => {
    const response = await verify(awaiting, wrong(code));
    expectProblem(response, 422, 'confirmation_code_invalid');
    expect(response.body.attemptsLeft).toBe(4);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('awaiting_confirmation');
  });

  it('the right code lodges the claim, charges the gap, issues the invoice and pays the booking', async () => {
    const response = await verify(awaiting, code);
    expect(response.status).toBe(200);
    const done = response.body;
    expect(done).toMatchObject({ id: awaiting.id, status: 'completed', amount: 9500 });
    expect(done.confirmations[0]).toMatchObject({
      verified: true,
      verifiedAt: expect.any(String),
      verificationCode: null,
    });
    const claim = done.paymentTransactions.find((part: Body) => part.claim).claim;
    expect(claim).toMatchObject({
      totalRebateAmount: 4800,
      agreement: { method: 'sms', agreedAt: done.confirmations[0].verifiedAt },
    });
    const card = done.paymentTransactions.find((part: Body) => part.source === 'payment');
    expect(card.amount).toBe(4700);
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toHaveLength(1);
    expect((await getJson(`/bookings/${booking.id}`)).paid).toBe(true);
    expect(await sql(t, 'select id from invoices where transaction_id = ?', [awaiting.id])).toHaveLength(1);
    expect(await eventsOf('confirmation.verified', awaiting.id)).toHaveLength(1);
  });

  it('a repeat of the verify answers as the first did, and takes nothing again', async () => {
    const again = await verify(awaiting, code);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('completed');
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toHaveLength(1);
    expect(fund().claimsOf(who.memberNumber)).toEqual([expect.objectContaining({ reversed: false })]);
  });
});

describe('the ways a confirmation ends without a claim', () => {
  it('the fifth wrong code locks it: cancelled, nothing claimed or charged, and the booking can be checked out again', async () => {
    const who = await patient();
    const booking = await visit(who);
    const awaiting = await created(fundClaimAsked(who, booking.id));
    const code = await smsCode(who);
    for (const left of [4, 3, 2, 1]) {
      const response = await verify(awaiting, wrong(code));
      expectProblem(response, 422, 'confirmation_code_invalid');
      expect(response.body.attemptsLeft).toBe(left);
    }
    expectProblem(await verify(awaiting, wrong(code)), 409, 'confirmation_locked');
    // Locked for good: the right code now answers as the lock did.
    expectProblem(await verify(awaiting, code), 409, 'confirmation_locked');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
    expect(await eventsOf('transaction.cancelled', awaiting.id)).toHaveLength(1);
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toEqual([]);
    await created(
      checkOut(booking.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
  });

  it('a code given after expiresAt is 410, and the check-out is cancelled', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    const code = await smsCode(who);
    await expireNow(awaiting.id);
    expectProblem(await verify(awaiting, code), 410, 'confirmation_expired');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
    expect(await eventsOf('confirmation.expired', awaiting.id)).toHaveLength(1);
  });

  it('the expiry job cancels it once, run on two instances at once; its job is queued for the code’s expiry', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    const [queued] = await sql<{ start_after: Date }>(
      t,
      `select start_after from pgboss_${RUN}.job where name = 'claims.confirmation-expiry' and data->>'transactionId' = ?`,
      [awaiting.id],
    );
    expect(new Date(queued.start_after).getTime()).toBeGreaterThanOrEqual(
      Date.parse(awaiting.confirmations[0].expiresAt),
    );
    await expireNow(awaiting.id);
    const second = await createTestApp({ JOBS_SCHEMA: `pgboss_${RUN}_second`, JOB_WORKERS: 'false' });
    try {
      const job = {
        organisationId: home.id,
        transactionId: awaiting.id,
        confirmationId: awaiting.confirmations[0].id,
        issue: 1,
      };
      await Promise.all([
        t.app.get(ConfirmCheckOut).expireIfDue(job),
        second.app.get(ConfirmCheckOut).expireIfDue(job),
        t.app.get(ConfirmCheckOut).expireIfDue(job),
      ]);
    } finally {
      await second.close();
    }
    expect(await eventsOf('confirmation.expired', awaiting.id)).toHaveLength(1);
    expect(await eventsOf('transaction.cancelled', awaiting.id)).toHaveLength(1);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
  });

  it('a claim the fund rejects when it is lodged: 402, cancelled, nothing charged', async () => {
    const who = await patient(FUND_TEST_MEMBER_NUMBERS.rejectedAtLodging);
    const booking = await visit(who);
    const awaiting = await created(fundClaimAsked(who, booking.id));
    const response = await verify(awaiting, await smsCode(who));
    expectProblem(response, 402, 'claim_rejected');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toEqual([]);
    // Answered the same again.
    expectProblem(await verify(awaiting, '0000'), 402, 'claim_rejected');
  });

  it('a fund that does not answer leaves it waiting: 503, verify again', async () => {
    const who = await patient(FUND_TEST_MEMBER_NUMBERS.noAnswerAtLodging);
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    const code = await smsCode(who);
    expectProblem(await verify(awaiting, code), 503, 'claim_gateway_timeout');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('awaiting_confirmation');
    expectProblem(await verify(awaiting, code), 503, 'claim_gateway_timeout');
  });

  it('a smaller benefit lodged than approved: 409 confirmation_stale, the claim reversed, nothing charged', async () => {
    const who = await patient(FUND_TEST_MEMBER_NUMBERS.lessAtLodging);
    const booking = await visit(who);
    const awaiting = await created(fundClaimAsked(who, booking.id));
    expectProblem(await verify(awaiting, await smsCode(who)), 409, 'confirmation_stale');
    expect(fund().claimsOf(FUND_TEST_MEMBER_NUMBERS.lessAtLodging)).toEqual([
      expect.objectContaining({ reversed: true }),
    ]);
    expect(chargesDescribed(t, `Booking ${booking.id}`)).toEqual([]);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
  });

  it('a declined card: 402 card_declined, the lodged claim reversed, cancelled', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id, who.declining));
    expectProblem(await verify(awaiting, await smsCode(who)), 402, 'card_declined');
    expect(fund().claimsOf(who.memberNumber)).toEqual([expect.objectContaining({ reversed: true })]);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
  });

  it('marking the booking a no-show cancels it: a later verify is 409 confirmation_cancelled', async () => {
    const who = await patient();
    const booking = await visit(who);
    const awaiting = await created(fundClaimAsked(who, booking.id));
    const code = await smsCode(who);
    await t
      .http()
      .post(orgPath(home.id, `/bookings/${booking.id}/attendance`))
      .set('Authorization', home.auth)
      .set('Content-Type', 'application/json')
      .send({ attendance: 'no_show' })
      .expect(200);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
    expectProblem(await verify(awaiting, code), 409, 'confirmation_cancelled');
  });
});

describe('what changes while a code waits', () => {
  it('a code run out whose job has not come yet lets the booking be checked out again, and is expired then, once', async () => {
    const who = await patient();
    const booking = await visit(who);
    const awaiting = await created(fundClaimAsked(who, booking.id));
    const job = {
      organisationId: home.id,
      transactionId: awaiting.id,
      confirmationId: awaiting.confirmations[0].id,
      issue: 1,
    };
    // Taken before its time, the job leaves it waiting and fails, for the job engine to run it again.
    await expect(inContext(t, () => t.app.get(ConfirmCheckOut).expireIfDue(job))).rejects.toThrow(/not yet/);
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('awaiting_confirmation');
    await expireNow(awaiting.id);
    const sale = await created(
      checkOut(booking.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    expect(sale.status).toBe('completed');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
    await inContext(t, () => t.app.get(ConfirmCheckOut).expireIfDue(job));
    expect(await eventsOf('confirmation.expired', awaiting.id)).toHaveLength(1);
  });

  it('a booking paid ahead by card, claimed with the patient’s code: the rebate goes back to the card once verified', async () => {
    const who = await patient();
    const booking = await visit(who);
    const prepaid = await created(checkOut(booking.id, { payment: { paymentMethodId: who.visa.id } }));
    const awaiting = await created(checkOut(booking.id, { healthFundClaim: { healthFundCardId: who.fund.id } }));
    expect(awaiting.status).toBe('awaiting_confirmation');
    const [message] = await until(() => twilio.to(who.mobile).length > 0 && twilio.to(who.mobile), 'the code');
    expect(message.body).toContain('you pay $0.00');
    const done = (await verify(awaiting, /your code is (\d{4})/.exec(message.body)![1])).body;
    expect(done.status).toBe('completed');
    expect(chargesDescribed(t, `Booking ${booking.id}`).map((charge) => charge.amount - charge.refunded)).toEqual([
      9500 - 4800,
    ]);
    expect((await getJson(`/transactions/${prepaid.id}`)).paymentTransactions[0].adjustmentTransactions).toEqual([
      expect.objectContaining({ source: 'refund', amount: -4800 }),
    ]);
  });

  it('a bigger gap than the patient approved (card money refunded meanwhile): 409 confirmation_stale, nothing taken', async () => {
    const who = await patient();
    const booking = await visit(who);
    const prepaid = await created(checkOut(booking.id, { payment: { paymentMethodId: who.visa.id } }));
    // Approved: the fund pays 4800, nothing left for Jo to pay, 4800 back to the card.
    const awaiting = await created(checkOut(booking.id, { healthFundClaim: { healthFundCardId: who.fund.id } }));
    const code = await smsCode(who);
    await created(
      postJson(
        t,
        orgPath(home.id, `/payment-transactions/${prepaid.paymentTransactions[0].id}/refunds`),
        { amount: 8000 },
        home.auth,
      ),
    );
    expectProblem(await verify(awaiting, code), 409, 'confirmation_stale');
    expect(fund().claimsOf(who.memberNumber)).toEqual([expect.objectContaining({ reversed: true })]);
    expect(chargesDescribed(t, `Booking ${booking.id}`).map((charge) => charge.amount - charge.refunded)).toEqual([
      9500 - 8000,
    ]);
  });

  it('a resend goes to the patient’s mobile as it is now, and the confirmation shows it', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    await smsCode(who);
    const newMobile = `${who.mobile.slice(0, -4)}9${who.mobile.slice(-3)}`;
    await t
      .http()
      .patch(orgPath(home.id, `/clients/${who.client.id}`))
      .set('Authorization', home.auth)
      .set('Content-Type', 'application/json')
      .send({ mobileNumber: newMobile })
      .expect(200);
    const resent = await resend(awaiting);
    expect(resent.body.confirmations[0].contactValue).toBe(`${'•'.repeat(8)}${newMobile.slice(-3)}`);
    const [message] = await until(() => twilio.to(newMobile).length > 0 && twilio.to(newMobile), 'the new code');
    const code = /your code is (\d{4})/.exec(message.body)![1];
    expect((await verify(awaiting, code)).body.status).toBe('completed');
  });
});

describe('bad input to verify and resend', () => {
  it('a code that is not 4 digits is 400 naming code, and counts no try; an unknown or foreign confirmation is 404', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    for (const code of ['12a4', '12345', '', 1234, null])
      expectInvalid(await postJson(t, confirmationPath(awaiting, 'verify'), { code }, home.auth), 'code');
    expectInvalid(await postJson(t, confirmationPath(awaiting, 'verify'), {}, home.auth), 'code');
    const path = (confirmationId: string) =>
      orgPath(home.id, `/transactions/${awaiting.id}/confirmations/${confirmationId}/verify`);
    expectNotFound(await postJson(t, path('0193a702-2c9d-776e-8960-c4d5e6f70819'), { code: '1234' }, home.auth));
    const stranger = await createTenant(t, 'Elsewhere Physio');
    expectNotFound(
      await postJson(
        t,
        `/v1/organisations/${stranger.id}/transactions/${awaiting.id}/confirmations/${awaiting.confirmations[0].id}/resend`,
        {},
        stranger.auth,
      ),
    );
    // None of it was a try: the right code still has all five.
    const response = await verify(awaiting, wrong(await smsCode(who)));
    expect(response.body.attemptsLeft).toBe(4);
  });
});

describe('resend', () => {
  it('sends a new code in place of the last, at most 3 times', async () => {
    const who = await patient();
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    const first = await smsCode(who, 1);
    for (const count of [2, 3, 4]) {
      const response = await resend(awaiting);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('awaiting_confirmation');
      await smsCode(who, count);
    }
    expectProblem(await resend(awaiting), 409, 'confirmation_resend_limit');
    const last = await smsCode(who, 4);
    if (last !== first) expectProblem(await verify(awaiting, first), 422, 'confirmation_code_invalid');
    expect((await verify(awaiting, last)).status).toBe(200);
  });
});

describe('the bulk bill assignment', () => {
  it('a bulk bill without its assignment is 400 naming medicareClaim.assignment', async () => {
    const who = await patient();
    const booking = await visit(who, gp);
    expectInvalid(
      await checkOut(booking.id, { medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id } }),
      'medicareClaim.assignment',
      'required',
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expectInvalid(
      await checkOut(booking.id, {
        medicareClaim: {
          type: 'bulk_bill',
          patientMedicareCardId: who.medicare.id,
          assignment: { method: 'signed', signedAt: future },
        },
      }),
      'medicareClaim.assignment.signedAt',
      'invalid',
    );
  });

  it('a signed assignment bulk bills at once, the agreement kept with the claim', async () => {
    const who = await patient();
    const booking = await visit(who, gp);
    const signedAt = new Date(Date.parse(booking.serviceDate) + 30 * MINUTE_MS).toISOString();
    const sale = await created(
      checkOut(booking.id, {
        medicareClaim: {
          type: 'bulk_bill',
          patientMedicareCardId: who.medicare.id,
          assignment: { method: 'signed', signedAt },
        },
      }),
    );
    expect(sale.status).toBe('completed');
    expect(sale.paymentTransactions[0].medicareClaim.agreement).toEqual({ method: 'signed', agreedAt: signedAt });
  });

  it('an assignment by SMS waits for the code, then bulk bills with the agreement by SMS', async () => {
    const who = await patient();
    const booking = await visit(who, gp);
    const before = medicare().received.length;
    const awaiting = await created(
      checkOut(booking.id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: { method: 'sms' } },
      }),
    );
    expect(awaiting).toMatchObject({ status: 'awaiting_confirmation', amount: 8290 });
    expect(medicare().received.length).toBe(before);
    const [message] = await until(() => twilio.to(who.mobile).length > 0 && twilio.to(who.mobile), 'the code');
    expect(message.body).toContain('you assign your Medicare benefit of $82.90');
    const done = (await verify(awaiting, /your code is (\d{4})/.exec(message.body)![1])).body;
    expect(done.status).toBe('completed');
    expect(done.paymentTransactions[0].medicareClaim).toMatchObject({
      totalRebateAmount: 8290,
      agreement: { method: 'sms', agreedAt: done.confirmations[0].verifiedAt },
    });
    expect(medicare().received.length).toBe(before + 1);
  });

  it('Medicare rejecting the lodged claim: 402 medicare_claim_rejected, cancelled', async () => {
    const who = await patient(undefined, { medicareNumber: MEDICARE_TEST_CARD_NUMBERS.rejectedAtLodging });
    const awaiting = await created(
      checkOut((await visit(who, gp)).id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: { method: 'sms' } },
      }),
    );
    expectProblem(await verify(awaiting, await smsCode(who)), 402, 'medicare_claim_rejected');
    expect((await getJson(`/transactions/${awaiting.id}`)).status).toBe('cancelled');
  });
});

describe('the channel', () => {
  it('a patient with no mobile gets the code by email, its address masked in the answer', async () => {
    const who = await patient(undefined, { withMobile: false });
    const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
    const email = who.client.email as string;
    expect(awaiting.confirmations[0].contactValue).toBe(`${email[0]}•••${email.slice(email.indexOf('@'))}`);
    const mail = await until(
      () => smtp.received.find((received) => received.to.includes(email) && received.subject.startsWith('Your code')),
      'the code by email',
    );
    const code = /Your code is (\d{4})/.exec(mail.text)![1];
    expect(
      (await verify(awaiting, code)).body.paymentTransactions.find((part: Body) => part.claim).claim.agreement.method,
    ).toBe('email');
  });

  it('a card swiped at the location’s terminal needs no code: the agreement is the terminal', async () => {
    const who = await patient();
    const sale = await created(
      checkOut((await visit(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    expect(sale.status).toBe('completed');
    expect(sale.confirmations).toEqual([]);
    expect(sale.paymentTransactions.find((part: Body) => part.claim).claim.agreement).toEqual({
      method: 'terminal',
      agreedAt: sale.createdAt,
    });
  });
});

describe('a sandbox organisation', () => {
  it('logs the code message whole, sends nothing, and takes the code from it', async () => {
    const live = { home, location, provider, physio, gp };
    ({ home, location, provider, physio, gp } = await clinic(
      await createTenant(t, 'Sandbox Physio', { livemode: false }),
    ));
    try {
      const who = await patient();
      const awaiting = await created(fundClaimAsked(who, (await visit(who)).id));
      const message = await until(async () => {
        const listed = (await getJson(`/notifications?bookingId=${awaiting.bookingId}`)).items.find(
          (item: Body) => item.type === 'claim_confirmation' && item.status === 'logged',
        );
        return listed && (await getJson(`/notifications/${listed.id}`));
      }, 'the logged code message');
      expect(twilio.to(who.mobile)).toEqual([]);
      const code = /your code is (\d{4})/.exec(message.text)![1];
      expect((await verify(awaiting, code)).body.status).toBe('completed');
    } finally {
      ({ home, location, provider, physio, gp } = live);
    }
  });
});

/** Moves the transaction's confirmation past its expiry, as if 15 minutes had gone by. */
async function expireNow(transactionId: string): Promise<void> {
  await sql(
    t,
    `update transactions set confirmations = jsonb_set(confirmations, '{0,expiresAt}', to_jsonb(?::text)) where id = ?`,
    [new Date(Date.now() - 1000).toISOString(), transactionId],
  );
}
