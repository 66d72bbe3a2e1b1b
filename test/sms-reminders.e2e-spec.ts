import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
  orgPath,
  RUN,
  sql,
} from './support/fixtures.js';
import { FakeTwilio } from './support/fake-twilio.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Reminders by text message through Twilio (a local fake of its Messages API; no network), and
// recorded as notifications like the emails, which here are only logged (no mail server).

const HOUR_MS = 3_600_000;
let twilio: FakeTwilio;
let t: TestApp;

beforeAll(async () => {
  twilio = await FakeTwilio.start();
  t = await createTestApp({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    SMS_FROM: 'HarbourPhy',
    TWILIO_API_BASE: twilio.url,
    JOBS_SCHEMA: `pgboss_${RUN}`,
    JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_RETRY_LIMIT: '1',
  });
});

afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

let mobiles = 0;
/** A mobile number of its own for each client of this file. */
const mobile = () =>
  `+6141${String(RUN).replace(/\D/g, '').slice(-3).padStart(3, '0')}${String(++mobiles).padStart(4, '0')}`;

/**
 * A clinic whose reminders go an hour ahead, by text too when `smsRemindersEnabled`, and a booking
 * of a client with a mobile; `organisation` adds to the organisation's create (`livemode`).
 */
async function remindedBooking(smsRemindersEnabled: boolean, mobileNumber: string, organisation: Body = {}) {
  const tenant = await createTenant(t, 'Harbour Physio', organisation);
  const business = await createBusiness(t, tenant.id);
  const location = await createLocation(t, tenant.id, business.id);
  const provider = await createProvider(t, tenant.id);
  await createLink(t, tenant.id, provider.id, location.id);
  const type = await createAppointmentType(t, tenant.id, { providers: [provider.id], locations: [location.id] });
  await t
    .http()
    .patch(orgPath(tenant.id, '/booking-settings'))
    .set('Authorization', tenant.auth)
    .set('Content-Type', 'application/json')
    .send({ reminderHoursBefore: 1, smsRemindersEnabled })
    .expect(200);
  const client = await createClient(
    t,
    tenant.id,
    { email: `alex.${mobiles}.${RUN}@example.test`, mobileNumber },
    tenant.auth,
  );
  // Its reminder comes due a few seconds from now.
  const serviceDate = new Date(Math.ceil((Date.now() + HOUR_MS + 3_000) / 1000) * 1000).toISOString();
  const booking = await createBooking(t, tenant.id, { client, provider, location, type }, serviceDate, tenant.auth);
  return { tenant, booking };
}

const reminders = async (tenant: { id: string; auth: string }, bookingId: string): Promise<Body[]> =>
  (
    await t
      .http()
      .get(orgPath(tenant.id, `/notifications?bookingId=${bookingId}&type=booking_reminder`))
      .set('Authorization', tenant.auth)
      .expect(200)
  ).body.items;

/** Waits until the booking's reminders are recorded and none is still waiting to go. */
async function settledReminders(tenant: { id: string; auth: string }, bookingId: string, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const items = await reminders(tenant, bookingId);
    if (items.length === count && items.every((item) => item.status !== 'pending')) return items;
    if (Date.now() > deadline) throw new Error(`reminders of ${bookingId}: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the reminder by text message', () => {
  it('goes once through Twilio from the sender id, beside the email, and is listed as an sms that was sent', async () => {
    const number = mobile();
    const { tenant, booking } = await remindedBooking(true, number);
    const items = await settledReminders(tenant, booking.id, 2);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', status: 'logged' }),
        expect.objectContaining({
          channel: 'sms',
          to: number,
          status: 'sent',
          sentAt: expect.any(String),
          error: null,
        }),
      ]),
    );
    const [sms] = twilio.to(number);
    expect(twilio.to(number)).toHaveLength(1);
    expect(sms.from).toBe('HarbourPhy');
    expect(sms.body).toMatch(
      /^Harbour Physio[^:]*: a reminder of your .+ with Priya Raman at .+, .+ at \d{1,2}:\d{2} [ap]m AE[DS]T\.$/,
    );
  });

  it('a number Twilio refuses is failed for good, with its reason, and notification.failed', async () => {
    const number = mobile();
    twilio.refuse(number, { status: 400, code: 21614, message: `'To' number ${number} is not a mobile number` });
    const { tenant, booking } = await remindedBooking(true, number);
    const items = await settledReminders(tenant, booking.id, 2);
    const sms = items.find((item) => item.channel === 'sms')!;
    expect(sms).toMatchObject({ status: 'failed', sentAt: null });
    expect(sms.error).toBe(`Twilio answered 400 (error 21614): 'To' number ${number} is not a mobile number`);
    const failed = await sql<{ data: Body }>(
      t,
      "select data from events where type = 'notification.failed' and organisation_id = ?",
      [tenant.id],
    );
    expect(failed.map((event) => event.data.id)).toEqual([sms.id]);
  });

  it("is logged and never sent to Twilio for a sandbox organisation's client", async () => {
    const number = mobile();
    const { tenant, booking } = await remindedBooking(true, number, { livemode: false });
    const items = await settledReminders(tenant, booking.id, 2);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', status: 'logged' }),
        expect.objectContaining({ channel: 'sms', to: number, status: 'logged', sentAt: null, error: null }),
      ]),
    );
    expect(twilio.to(number)).toEqual([]);
  });

  it('is not sent unless the clinic turned it on', async () => {
    const number = mobile();
    const { tenant, booking } = await remindedBooking(false, number);
    expect((await settledReminders(tenant, booking.id, 1)).map((item) => item.channel)).toEqual(['email']);
    expect(twilio.to(number)).toEqual([]);
  });
});
