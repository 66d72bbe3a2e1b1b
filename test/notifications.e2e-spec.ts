import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { extractText } from 'unpdf';
import { Expansion } from '@app/shared';
import { DomainEvents } from '@app/shared/domain';
import { BookingQueries } from '@app/scheduling';
import {
  type Body,
  created,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  inContext,
  orgPath,
  postJson,
  RUN,
  sql,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';
import { type ReceivedEmail, SmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FUTURE_YEAR } from './support/future-year.js';
import { dayAhead, daylightSavingEnds, dayWritten, sydney } from './support/sydney-time.js';

// The emails a booking's changes send, through a real mail server on loopback. Jobs run in schemas
// of this file's own, so no other file's app (without a mail server) runs them.

const SCHEMA = `pgboss_${RUN}`;
const PASSWORD = `s3cret-${RUN}`;
const HOUR_MS = 3_600_000;
const receiver = new SmtpReceiver();
/** Every log line of the app with a mail server. */
const logLines: string[] = [];
let env: Record<string, string>;
let a: TestApp;

beforeAll(async () => {
  const port = await receiver.start();
  env = {
    SMTP_URL: `smtp://notify:${PASSWORD}@127.0.0.1:${port}`,
    EMAIL_FROM: 'Harbour Physio <bookings@example.test>',
    JOBS_SCHEMA: SCHEMA,
    JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_RETRY_LIMIT: '2',
    LOG_LEVEL: 'info',
  };
  const logDestination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  a = await createTestApp(env, { logDestination });
});

afterAll(async () => {
  await a?.close();
  await receiver.stop();
});

let addresses = 0;
const address = (who: string) => `${who}.${RUN}.${++addresses}@example.test`;

interface Clinic {
  id: string;
  auth: string;
  location: Body;
  provider: Body;
  providerEmail: string;
  type: Body;
}

/**
 * A Sydney clinic whose provider has an email address, with its booking settings changed by
 * `settings`; `organisation` adds to the organisation's create (`livemode`).
 */
async function clinic(app: TestApp, name: string, settings: Body = {}, organisation: Body = {}): Promise<Clinic> {
  const tenant = await createTenant(app, name, organisation);
  const business = await createBusiness(app, tenant.id);
  const location = await createLocation(app, tenant.id, business.id);
  const providerEmail = address('priya');
  const provider = await createProvider(app, tenant.id, { email: providerEmail });
  await createLink(app, tenant.id, provider.id, location.id);
  const type = await createAppointmentType(app, tenant.id, {
    providers: [provider.id],
    locations: [location.id],
    maxAttendees: 3,
  });
  await patchSettings(app, tenant, settings);
  return { ...tenant, location, provider, providerEmail, type };
}

const patchSettings = (app: TestApp, c: { id: string; auth: string }, settings: Body) =>
  app
    .http()
    .patch(orgPath(c.id, '/booking-settings'))
    .set('Authorization', c.auth)
    .set('Content-Type', 'application/json')
    .send(settings)
    .expect(200);

const newClient = (app: TestApp, c: Clinic, email: string | null) =>
  createClient(app, c.id, { firstName: 'Alex', email }, c.auth);

let slots = 0;
/** A time of its own in June of next year, so no two bookings of this file meet. */
const nextSlot = () => new Date(Date.UTC(FUTURE_YEAR, 5, 1, 0, 0) + slots++ * HOUR_MS);

/** Next year's daylight-saving change in April: 9:00 the Monday after is AEST (UTC+10), the Saturday before AEDT (UTC+11). */
const dstEnds = daylightSavingEnds(FUTURE_YEAR);
const mondayAfter = {
  at: new Date(sydney(dstEnds.add({ days: 1 }).toString(), '09:00')),
  written: `Monday ${dayWritten(dstEnds.add({ days: 1 }))} at 9:00 am AEST`,
};
const saturdayBefore = {
  at: new Date(sydney(dstEnds.subtract({ days: 1 }).toString(), '09:00')),
  written: `Saturday ${dayWritten(dstEnds.subtract({ days: 1 }))} at 9:00 am AEDT`,
};

const book = (app: TestApp, c: Clinic, clientId: string, serviceDate: Date) =>
  created(
    postJson(
      app,
      orgPath(c.id, '/bookings'),
      {
        clientId,
        providerId: c.provider.id,
        locationId: c.location.id,
        appointmentTypeId: c.type.id,
        serviceDate: serviceDate.toISOString(),
      },
      c.auth,
    ),
  );

const cancel = (app: TestApp, c: Clinic, bookingId: string) =>
  postJson(app, orgPath(c.id, `/bookings/${bookingId}/cancel`), {}, c.auth).expect(200);

const list = async (app: TestApp, c: Clinic, query = ''): Promise<Body> =>
  (
    await app
      .http()
      .get(orgPath(c.id, `/notifications${query}`))
      .set('Authorization', c.auth)
      .expect(200)
  ).body;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every job of the booking that has come due has run to its end: its messages written,
 * and each sent, logged or failed for good. A reminder still ahead is not waited for.
 */
async function settled(app: TestApp, bookingId: string, schema = SCHEMA): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [{ open }] = await sql<{ open: number }>(
      app,
      `select count(*)::int as open from ${schema}.job
       where (data->>'bookingId' = ? or data->>'notificationId' in (select id::text from notifications where booking_id = ?))
         and state not in ('completed', 'failed', 'cancelled') and (name <> 'notifications.remind' or start_after <= now())`,
      [bookingId, bookingId],
    );
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`booking ${bookingId} still has ${open} jobs to run`);
    await sleep(100);
  }
}

/** The reminder jobs queued for the booking, with when each comes due. */
const reminderJobs = (bookingId: string) =>
  sql<{ serviceDate: string; startAfter: Date }>(
    a,
    `select data->>'serviceDate' as "serviceDate", start_after as "startAfter" from ${SCHEMA}.job where name = 'notifications.remind' and data->>'bookingId' = ?`,
    [bookingId],
  );

const subjectStarts = (prefix: string) => (email: ReceivedEmail) => email.subject.startsWith(prefix);
const isConfirmation = subjectStarts('Booking confirmed:');
const isReminder = subjectStarts('Reminder:');

/** Moves the booking as a reschedule does, and records its event. (The reschedule routes are another change's.) */
async function moveTo(c: Clinic, bookingId: string, serviceDate: Date): Promise<void> {
  await sql(
    a,
    'update bookings set service_date = ?, ends_at = ?::timestamptz + (ends_at - service_date) where id = ?',
    [serviceDate, serviceDate, bookingId],
  );
  const events = a.app.get(DomainEvents);
  await inContext(a, () =>
    events.transaction(async () => {
      await events.record(
        'booking.rescheduled',
        c.id,
        await a.app.get(BookingQueries).get(c.id, bookingId, Expansion.none()),
      );
    }),
  );
}

describe('a new booking', () => {
  let c: Clinic;
  beforeAll(async () => {
    c = await clinic(a, 'Harbour Physio');
  });

  it("confirms once to the client and the provider, in the location's time on each side of April's daylight-saving change", async () => {
    const [after, before] = [address('after'), address('before')];
    const afterBooking = await book(a, c, (await newClient(a, c, after)).id, mondayAfter.at);
    const beforeBooking = await book(a, c, (await newClient(a, c, before)).id, saturdayBefore.at);
    const [afterEmail] = await receiver.waitFor(after, 1);
    const [beforeEmail] = await receiver.waitFor(before, 1);
    await settled(a, afterBooking.id);
    await settled(a, beforeBooking.id);

    expect(receiver.to(after)).toHaveLength(1);
    expect(receiver.to(before)).toHaveLength(1);
    expect(afterEmail).toMatchObject({
      from: '"Harbour Physio" <bookings@example.test>',
      subject: expect.stringMatching(/^Booking confirmed: /),
    });
    expect(afterEmail.text).toContain(`When: ${mondayAfter.written}`);
    expect(afterEmail.html).toContain(mondayAfter.written);
    expect(beforeEmail.text).toContain(`When: ${saturdayBefore.written}`);
    expect(afterEmail.text).toContain(`Where: ${c.location.name}, 88 Bondi Road, Bondi Junction NSW 2022`);
    expect(afterEmail.text).toContain('With: Priya Raman');
    expect(afterEmail.text).toContain('Cancelling is free of charge.');

    const toProvider = receiver.to(c.providerEmail).filter((email) => email.subject.startsWith('New booking:'));
    expect(toProvider.map((email) => email.subject).sort()).toEqual([
      expect.stringContaining(mondayAfter.written),
      expect.stringContaining(saturdayBefore.written),
    ]);

    const { items } = await list(a, c, `?bookingId=${afterBooking.id}`);
    expect(items).toEqual([
      expect.objectContaining({
        type: expect.stringMatching(/^(booking_confirmation|provider_booking_created)$/),
        status: 'sent',
        error: null,
      }),
      expect.objectContaining({
        type: expect.stringMatching(/^(booking_confirmation|provider_booking_created)$/),
        status: 'sent',
        error: null,
      }),
    ]);
    const confirmation = items.find((item: Body) => item.type === 'booking_confirmation');
    expect(confirmation).toMatchObject({
      channel: 'email',
      to: after,
      subject: afterEmail.subject,
      bookingId: afterBooking.id,
      clientId: afterBooking.clientId,
    });
    expect(confirmation.sentAt).toEqual(expect.any(String));
    expect(items.find((item: Body) => item.type === 'provider_booking_created')).toMatchObject({
      to: c.providerEmail,
      clientId: null,
    });
  });

  it('gives each attendee of a group session their own confirmation', async () => {
    const serviceDate = nextSlot();
    const emails = [address('first'), address('second')];
    for (const email of emails) await book(a, c, (await newClient(a, c, email)).id, serviceDate);
    for (const email of emails) expect(await receiver.waitFor(email, 1, isConfirmation)).toHaveLength(1);
  });

  it('sends a client without an email address nothing and records nothing for them; the provider still hears', async () => {
    const booking = await book(a, c, (await newClient(a, c, null)).id, nextSlot());
    await settled(a, booking.id);
    expect((await list(a, c, `?bookingId=${booking.id}`)).items.map((item: Body) => item.type)).toEqual([
      'provider_booking_created',
    ]);
  });

  it("carries the patient's manage link when booked online, and keeps the token out of the stored copy", async () => {
    const online = await clinic(a, 'Online Physio', { bookingsEnabled: true, minimumNoticeMinutes: 0 });
    const items = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
      locationId: online.location.id,
      dayOfWeek,
      startTime: '00:00',
      endTime: '23:45',
    }));
    await a
      .http()
      .put(orgPath(online.id, `/providers/${online.provider.id}/working-hours`))
      .set('Authorization', online.auth)
      .send({ items })
      .expect(200);
    const day = dayAhead(7);
    const availability = await a
      .http()
      .get(
        orgPath(
          online.id,
          `/availability?appointmentTypeId=${online.type.id}&locationId=${online.location.id}&from=${day}&to=${day}`,
        ),
      )
      .expect(200);
    const email = address('online');
    const patient = { firstName: 'Alex', lastName: 'Chen', email };
    const answer = await created(
      a.http().post(orgPath(online.id, '/public-bookings')).send({
        appointmentTypeId: online.type.id,
        locationId: online.location.id,
        providerId: online.provider.id,
        startsAt: availability.body.days[0].slots[0].startsAt,
        patient,
      }),
    );
    const [confirmation] = await receiver.waitFor(email, 1);
    const link = `https://api.example.test/book/manage/${answer.manageToken}`;
    expect(confirmation.text).toContain(`Change or cancel your booking: ${link}`);
    expect(confirmation.html).toContain(`href="${link}"`);

    // Once its send is recorded (the mail server has it a moment before the row says so).
    const deadline = Date.now() + 10_000;
    let [stored] = (await list(a, online, '?type=booking_confirmation')).items;
    while (stored.status === 'pending' && Date.now() < deadline) {
      await sleep(50);
      [stored] = (await list(a, online, '?type=booking_confirmation')).items;
    }
    expect(stored.status).toBe('sent');
    const one = await a
      .http()
      .get(orgPath(online.id, `/notifications/${stored.id}`))
      .set('Authorization', online.auth)
      .expect(200);
    expect(one.body).toEqual({ ...stored, text: expect.any(String), html: expect.any(String) });
    expect(one.body.text).toContain(
      'Change or cancel your booking: https://api.example.test/book/manage/{manageToken}',
    );
    expect(`${one.text}`).not.toContain(answer.manageToken);
    expect(one.headers.etag).toEqual(expect.any(String));
  });
});

describe('the reminder', () => {
  it('arrives once, reminderHoursBefore ahead, with two instances running the jobs', async () => {
    const b = await createTestApp(env);
    try {
      const c = await clinic(a, 'Reminder Twins', { reminderHoursBefore: 1 });
      const email = address('twins');
      const serviceDate = new Date(Math.ceil((Date.now() + HOUR_MS + 4_000) / 1000) * 1000);
      const booking = await book(b, c, (await newClient(a, c, email)).id, serviceDate);
      const [reminder] = await receiver.waitFor(email, 1, isReminder);
      await settled(a, booking.id);
      await sleep(1_500);
      expect(receiver.to(email).filter(isReminder)).toEqual([reminder]);
      expect(receiver.to(email).filter(isConfirmation)).toHaveLength(1);
      expect(reminder.text).toContain('This is a reminder of your booking at Reminder Twins');
      const { items } = await list(a, c, '?type=booking_reminder');
      expect(items).toEqual([expect.objectContaining({ bookingId: booking.id, to: email, status: 'sent' })]);
    } finally {
      await b.close();
    }
  });

  it('moves with a reschedule: none at the old time, one at the new', async () => {
    const c = await clinic(a, 'Reminder Moves', { reminderHoursBefore: 1 });
    const email = address('moves');
    const first = new Date(Math.ceil((Date.now() + HOUR_MS + 6_000) / 1000) * 1000);
    const booking = await book(a, c, (await newClient(a, c, email)).id, first);
    await settled(a, booking.id);
    const moved = new Date(first.getTime() + 6_000);
    await moveTo(c, booking.id, moved);
    const [rescheduled] = await receiver.waitFor(email, 1, subjectStarts('Booking moved:'));
    expect(rescheduled.text).toContain('has moved. It is now:');

    const [reminder] = await receiver.waitFor(email, 1, isReminder);
    await settled(a, booking.id);
    expect(receiver.to(email).filter(isReminder)).toEqual([reminder]);
    expect((await reminderJobs(booking.id)).map((job) => job.serviceDate).sort()).toEqual([
      first.toISOString(),
      moved.toISOString(),
    ]);
    const { items } = await list(a, c, '?type=booking_reminder');
    expect(items).toEqual([expect.objectContaining({ bookingId: booking.id, status: 'sent' })]);
    const [{ occurrence }] = await sql<{ occurrence: string }>(a, 'select occurrence from notifications where id = ?', [
      items[0].id,
    ]);
    expect(occurrence).toBe(moved.toISOString());
  });

  it('is gone after a cancel', async () => {
    const c = await clinic(a, 'Reminder Cancelled', { reminderHoursBefore: 1 });
    const email = address('cancelled');
    const booking = await book(
      a,
      c,
      (await newClient(a, c, email)).id,
      new Date(Math.ceil((Date.now() + HOUR_MS + 6_000) / 1000) * 1000),
    );
    await settled(a, booking.id);
    await cancel(a, c, booking.id);
    await receiver.waitFor(email, 1, subjectStarts('Booking cancelled:'));
    const [job] = await reminderJobs(booking.id);
    await sleep(Math.max(0, new Date(job.startAfter).getTime() - Date.now()));
    await settled(a, booking.id);
    expect(receiver.to(email).filter(isReminder)).toEqual([]);
    expect((await list(a, c, `?bookingId=${booking.id}&type=booking_reminder`)).items).toEqual([]);
  });

  it('is not queued when its time has passed when the booking is made', async () => {
    const c = await clinic(a, 'Reminder Too Late', { reminderHoursBefore: 2 });
    const booking = await book(a, c, (await newClient(a, c, address('late'))).id, new Date(Date.now() + HOUR_MS));
    await settled(a, booking.id);
    expect(await reminderJobs(booking.id)).toEqual([]);
  });

  it('is a booking setting from 1 to 168 hours, 24 by default', async () => {
    const tenant = await createTenant(a, 'Reminder Setting');
    expect((await patchSettings(a, tenant, {})).body.reminderHoursBefore).toBe(24);
    expect((await patchSettings(a, tenant, { reminderHoursBefore: 168 })).body.reminderHoursBefore).toBe(168);
    const refused = await a
      .http()
      .patch(orgPath(tenant.id, '/booking-settings'))
      .set('Authorization', tenant.auth)
      .set('Content-Type', 'application/json')
      .send({ reminderHoursBefore: 0 });
    expectInvalid(refused, 'reminderHoursBefore');
  });
});

describe('the booking settings', () => {
  it('send nothing and record nothing with both kinds of notification off', async () => {
    const c = await clinic(a, 'Quiet Clinic', {
      bookingNotificationsEnabled: false,
      providerBookingNotificationsEnabled: false,
      reminderHoursBefore: 1,
    });
    const email = address('quiet');
    const booking = await book(a, c, (await newClient(a, c, email)).id, nextSlot());
    await cancel(a, c, booking.id);
    await settled(a, booking.id);
    expect(receiver.to(email)).toEqual([]);
    expect(receiver.to(c.providerEmail)).toEqual([]);
    expect((await list(a, c)).totalItems).toBe(0);
    expect(await reminderJobs(booking.id)).toEqual([]);
  });

  it("send only the provider's with the client's off", async () => {
    const c = await clinic(a, 'Provider Only', { bookingNotificationsEnabled: false });
    const email = address('unheard');
    const booking = await book(a, c, (await newClient(a, c, email)).id, nextSlot());
    await receiver.waitFor(c.providerEmail, 1);
    await settled(a, booking.id);
    expect(receiver.to(email)).toEqual([]);
    expect((await list(a, c)).items.map((item: Body) => item.type)).toEqual(['provider_booking_created']);
  });
});

describe('a cancellation and a settled check-out', () => {
  it('tell the client and the provider of the cancel, and send the client a receipt', async () => {
    const c = await clinic(a, 'Receipts Physio', { cancellationFeeEnabled: true, cancellationFeeAmount: 2500 });
    const email = address('receipt');
    const client = await newClient(a, c, email);
    const cancelled = await book(a, c, client.id, nextSlot());
    await cancel(a, c, cancelled.id);
    const [cancellation] = await receiver.waitFor(email, 1, subjectStarts('Booking cancelled:'));
    expect(cancellation.text).toContain('has been cancelled.');
    await receiver.waitFor(c.providerEmail, 1, subjectStarts('Booking cancelled:'));

    const visit = await book(a, c, client.id, nextSlot());
    const [confirmation] = await receiver.waitFor(email, 2, isConfirmation);
    expect(confirmation.text).toMatch(
      /Cancelling is free until .+ \(24 hours before the appointment\); after that, the cancellation fee is \$25\.00\./,
    );
    const card = await created(
      postJson(
        a,
        orgPath(c.id, `/clients/${client.id}/wallet/cards`),
        { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } },
        c.auth,
      ),
    );
    await created(
      postJson(
        a,
        orgPath(c.id, `/bookings/${visit.id}/transactions`),
        { payment: { paymentMethodId: card.id } },
        c.auth,
      ),
    );
    const [receipt] = await receiver.waitFor(email, 1, subjectStarts('Receipt from '));
    expect(receipt.text).toContain('Total: $95.00');
    expect(receipt.text).toContain('Paid by card: $95.00');
    const [invoice] = (
      await a
        .http()
        .get(orgPath(c.id, `/invoices?bookingId=${visit.id}`))
        .set('Authorization', c.auth)
        .expect(200)
    ).body.items;
    expect(receipt.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `Tax invoice ${invoice.number}.pdf`, contentType: 'application/pdf' },
    ]);
    const { text: pdfText } = await extractText(new Uint8Array(receipt.attachments[0].content), { mergePages: true });
    expect(pdfText).toContain('Tax invoice');
    expect(pdfText).toContain('Receipt');
    expect(pdfText).toContain(invoice.number);
    await settled(a, visit.id);
    expect((await list(a, c, `?bookingId=${visit.id}&type=receipt`)).items).toEqual([
      expect.objectContaining({ status: 'sent', clientId: client.id }),
    ]);
  });
});

describe('a mail server that refuses', () => {
  const failedEvents = async (organisationId: string) =>
    (
      await sql<{ data: Body }>(
        a,
        "select data from events where organisation_id = ? and type = 'notification.failed' order by seq",
        [organisationId],
      )
    ).map((row) => row.data);

  /** A booking whose client's confirmation the mail server answers with `code`, each time it is offered, until every job has run. */
  async function bookWhileRefused(name: string, code: number): Promise<{ c: Clinic; email: string }> {
    const c = await clinic(a, name, { providerBookingNotificationsEnabled: false });
    const email = address('refused');
    receiver.answer = (to) => (to === email ? code : undefined);
    try {
      const booking = await book(a, c, (await newClient(a, c, email)).id, nextSlot());
      await settled(a, booking.id);
    } finally {
      receiver.answer = () => undefined;
    }
    return { c, email };
  }

  it('is retried with a delay while it answers 4xx, then the message is failed with notification.failed', async () => {
    const { c, email } = await bookWhileRefused('Busy Mail', 451);
    expect(receiver.offered.filter((to) => to === email)).toHaveLength(3);
    expect(receiver.to(email)).toEqual([]);
    const { items } = await list(a, c, '?status=failed');
    expect(items).toEqual([
      expect.objectContaining({
        type: 'booking_confirmation',
        status: 'failed',
        sentAt: null,
        error: expect.stringContaining('451'),
      }),
    ]);
    expect(await failedEvents(c.id)).toEqual(items);
  });

  it('is not retried when it refuses for good (5xx)', async () => {
    const { c, email } = await bookWhileRefused('Refusing Mail', 550);
    expect(receiver.offered.filter((to) => to === email)).toHaveLength(1);
    const { items } = await list(a, c);
    expect(items).toEqual([expect.objectContaining({ status: 'failed', error: expect.stringContaining('550') })]);
    expect(await failedEvents(c.id)).toEqual(items);
  });

  it('never learns the SMTP password from an answer or a log line', async () => {
    // The mail server saw it (the service logged in), so its absence elsewhere means something.
    expect(receiver.passwords).toEqual(new Set([PASSWORD]));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(PASSWORD);
    expect(
      (
        await sql<{ count: number }>(a, 'select count(*)::int as count from notifications where error like ?', [
          `%${PASSWORD}%`,
        ])
      )[0].count,
    ).toBe(0);
  });
});

describe('a sandbox organisation', () => {
  it('records its messages as logged and offers none to the mail server, which is configured', async () => {
    const c = await clinic(a, 'Sandbox Physio', {}, { livemode: false });
    const email = address('sandbox');
    const booking = await book(a, c, (await newClient(a, c, email)).id, nextSlot());
    await settled(a, booking.id);
    const { items } = await list(a, c, `?bookingId=${booking.id}`);
    expect(items).toEqual(
      expect.arrayContaining(
        ['booking_confirmation', 'provider_booking_created'].map((type) =>
          expect.objectContaining({ type, status: 'logged', sentAt: null, error: null }),
        ),
      ),
    );
    expect(items).toHaveLength(2);
    expect(items.find((item: Body) => item.type === 'booking_confirmation').to).toBe(email);
    expect(receiver.offered.filter((to) => to === email || to === c.providerEmail)).toEqual([]);
  });
});

describe('without a mail server', () => {
  it('records each message as logged, with what it would have said, and sends nothing', async () => {
    const schema = `${SCHEMA}_logged`;
    const quiet = await createTestApp({ JOBS_SCHEMA: schema, JOBS_SUPERVISE_INTERVAL_SECONDS: '1' });
    try {
      const c = await clinic(quiet, 'Logged Physio');
      const email = address('logged');
      const booking = await book(quiet, c, (await newClient(quiet, c, email)).id, mondayAfter.at);
      await settled(quiet, booking.id, schema);
      const { items } = await list(quiet, c, '?type=booking_confirmation');
      expect(items).toEqual([expect.objectContaining({ to: email, status: 'logged', sentAt: null, error: null })]);
      const one = await quiet
        .http()
        .get(orgPath(c.id, `/notifications/${items[0].id}`))
        .set('Authorization', c.auth)
        .expect(200);
      expect(one.body.text).toContain(`When: ${mondayAfter.written}`);
      expect(receiver.to(email)).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('GET …/notifications', () => {
  let c: Clinic;
  let booking: Body;
  beforeAll(async () => {
    c = await clinic(a, 'Listed Physio');
    booking = await book(a, c, (await newClient(a, c, address('listed'))).id, nextSlot());
    await settled(a, booking.id);
  });

  it('filters by booking, client, type and status, newest first, and syncs by updatedSince', async () => {
    const all = await list(a, c);
    expect(all.totalItems).toBe(2);
    const [newest, oldest] = all.items;
    expect(newest.createdAt >= oldest.createdAt).toBe(true);
    expect((await list(a, c, `?clientId=${booking.clientId}`)).items.map((item: Body) => item.type)).toEqual([
      'booking_confirmation',
    ]);
    expect(
      (await list(a, c, '?type=provider_booking_created,booking_reminder')).items.map((item: Body) => item.type),
    ).toEqual(['provider_booking_created']);
    expect((await list(a, c, '?status=pending')).totalItems).toBe(0);
    expect((await list(a, c, `?bookingId=${UNKNOWN_UUID}`)).totalItems).toBe(0);
    const synced = await list(a, c, `?updatedSince=${encodeURIComponent(oldest.updatedAt)}`);
    expect(synced.items.map((item: Body) => item.updatedAt)).toEqual(
      [...synced.items.map((item: Body) => item.updatedAt)].sort(),
    );
    expect(synced.totalItems).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad filter with 400, and answers 403 to another organisation and 404 for an unknown notification', async () => {
    expectInvalid(await a.http().get(orgPath(c.id, '/notifications?type=sms')).set('Authorization', c.auth), 'type');
    expectInvalid(
      await a.http().get(orgPath(c.id, '/notifications?bookingId=nope')).set('Authorization', c.auth),
      'bookingId',
    );
    const other = await createTenant(a, 'Other Clinic');
    expectProblem(
      await a.http().get(orgPath(c.id, '/notifications')).set('Authorization', other.auth),
      403,
      'forbidden',
    );
    const [item] = (await list(a, c)).items;
    expectProblem(
      await a
        .http()
        .get(orgPath(other.id, `/notifications/${item.id}`))
        .set('Authorization', other.auth),
      404,
      'not_found',
    );
    expectProblem(
      await a
        .http()
        .get(orgPath(c.id, `/notifications/${UNKNOWN_UUID}`))
        .set('Authorization', c.auth),
      404,
      'not_found',
    );
  });
});
