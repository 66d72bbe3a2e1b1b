import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { countStatements } from './support/statement-counter.js';
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
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
  withSlowStatements,
} from './support/fixtures.js';
import { expectProblem } from './support/problems.js';
import { SmtpReceiver } from './support/smtp-receiver.js';
import { FUTURE_YEAR } from './support/future-year.js';

// How many SQL statements a booking's create and cancel send, counted as the bench counts them
// (bench/lib/statements.mjs): every statement the process sends while the request runs, its
// transaction's `begin` and `commit` and its API key's look-up included, on an app that runs no
// jobs (the bench's in-process count runs none), once the key is warm. The jobs they queue go to
// a schema of this file's own; an app with workers and a mail server runs them at the end.

const CREATE_BUDGET = 8;
const CANCEL_BUDGET = 6;
const SCHEMA = `pgboss_budgets_${RUN}`;
const HOUR_MS = 3_600_000;

let t: TestApp;
let clinic: Tenant & { location: Body; provider: Body; type: Body; client: Body; email: string };

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false', JOBS_SCHEMA: SCHEMA });
  const tenant = await createTenant(t, 'Budget Physio');
  const business = await createBusiness(t, tenant.id);
  const [location, provider] = await Promise.all([
    createLocation(t, tenant.id, business.id),
    createProvider(t, tenant.id),
  ]);
  await createLink(t, tenant.id, provider.id, location.id);
  const type = await createAppointmentType(t, tenant.id, { providers: [provider.id], locations: [location.id] });
  const email = `alex.${RUN}@example.test`;
  const client = await createClient(t, tenant.id, { email }, tenant.auth);
  clinic = { ...tenant, location, provider, type, client, email };
});

afterAll(async () => {
  await t?.close();
});

let slots = 0;
/** A time of its own in March of the year after next, so no two bookings of this file meet unless a test wants them to. */
const nextSlot = () => new Date(Date.UTC(FUTURE_YEAR + 1, 2, 1, 0, 0) + slots++ * HOUR_MS).toISOString();

const bookingOf = (serviceDate: string, changes: Body = {}) => ({
  clientId: clinic.client.id,
  providerId: clinic.provider.id,
  locationId: clinic.location.id,
  appointmentTypeId: clinic.type.id,
  serviceDate,
  ...changes,
});

const create = (app: TestApp, body: Body) => postJson(app, orgPath(clinic.id, '/bookings'), body, clinic.auth);
const cancel = (app: TestApp, bookingId: string) =>
  postJson(app, orgPath(clinic.id, `/bookings/${bookingId}/cancel`), {}, clinic.auth);
const getBooking = async (bookingId: string): Promise<Body> =>
  (
    await t
      .http()
      .get(orgPath(clinic.id, `/bookings/${bookingId}`))
      .set('Authorization', clinic.auth)
      .expect(200)
  ).body;

async function eventsOf(type: string, bookingId: string): Promise<Body[]> {
  const rows = await sql<{ data: Body }>(
    t,
    `select data from events where organisation_id = ? and type = ? and data->>'id' = ? order by seq`,
    [clinic.id, type, bookingId],
  );
  return rows.map((row) => row.data);
}

/** The notification jobs queued for the booking, by the event each plans messages for. */
const planJobsOf = (bookingId: string) =>
  sql<{ eventType: string }>(
    t,
    `select data->>'eventType' as "eventType" from ${SCHEMA}.job where name = 'notifications.plan' and data->>'bookingId' = ?`,
    [bookingId],
  ).then((rows) => rows.map((row) => row.eventType).sort());

/** The statements `send` makes the app send, one per line, for a failure message. */
async function counted(send: () => Promise<Response>): Promise<{ response: Response; statements: string[] }> {
  let response: Response | undefined;
  const { statements } = await countStatements(async () => (response = await send()));
  return {
    response: response!,
    statements: statements.map((statement) => statement.replace(/\s+/g, ' ').trim().slice(0, 160)),
  };
}

/** Nothing when within `budget`; else every statement, numbered, so that a failure says what was sent. */
const overBudget = (statements: string[], budget: number) =>
  statements.length <= budget ? [] : statements.map((statement, index) => `${index + 1}. ${statement}`);

describe('the statements of a booking', () => {
  it(`creates one in at most ${CREATE_BUDGET} statements and cancels it in at most ${CANCEL_BUDGET}, with its events and notification jobs`, async () => {
    // The key's first use looks it up and records it; a warm key is answered from memory for a minute.
    await t.http().get(orgPath(clinic.id, '/bookings?limit=1')).set('Authorization', clinic.auth).expect(200);

    const made = await counted(() => create(t, bookingOf(nextSlot())));
    expect(made.response.status).toBe(201);
    const booking = made.response.body as Body;
    const madeThen = await getBooking(booking.id);
    const cancelled = await counted(() => cancel(t, booking.id));
    expect(cancelled.response.status).toBe(200);

    expect(overBudget(made.statements, CREATE_BUDGET)).toEqual([]);
    expect(overBudget(cancelled.statements, CANCEL_BUDGET)).toEqual([]);

    // What the statements did: each event holds the booking as its GET answered then, and each queued its emails' job.
    const now = await getBooking(booking.id);
    expect(now).toEqual(cancelled.response.body);
    expect(madeThen).toEqual(booking);
    expect(await eventsOf('booking.created', booking.id)).toEqual([madeThen]);
    expect(await eventsOf('booking.cancelled', booking.id)).toEqual([now]);
    expect(now).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect(now.updatedAt > booking.updatedAt).toBe(true);
    expect(await planJobsOf(booking.id)).toEqual(['booking.cancelled', 'booking.created']);
  });

  it('gives one slot to one of two creates sent at once, and the other 409 slot_unavailable', async () => {
    for (let round = 0; round < 5; round++) {
      const serviceDate = nextSlot();
      // Commits wait, so without the provider's lock both would read an empty diary first.
      const answers = await withSlowStatements(/^\s*commit/i, 100, () =>
        Promise.all([create(t, bookingOf(serviceDate)), create(t, bookingOf(serviceDate))]),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expectProblem(
        answers.find((answer) => answer.status === 409)!,
        409,
        'slot_unavailable',
      );
      const [{ count }] = await sql<{ count: number }>(
        t,
        'select count(*)::int as count from bookings where provider_id = ? and service_date = ?',
        [clinic.provider.id, serviceDate],
      );
      expect(count).toBe(1);
    }
  });

  it('still refuses an archived client with 409 client_deleted, and books nothing', async () => {
    const archived = await createClient(t, clinic.id, {}, clinic.auth);
    await sql(t, 'update clients set deleted = true where id = ?', [archived.id]);
    const serviceDate = nextSlot();
    expectProblem(await create(t, bookingOf(serviceDate, { clientId: archived.id })), 409, 'client_deleted');
    expect(await sql(t, 'select id from bookings where client_id = ?', [archived.id])).toEqual([]);
  });
});

describe('the emails of a booking made in few statements', () => {
  const receiver = new SmtpReceiver();
  let workers: TestApp;

  beforeAll(async () => {
    const port = await receiver.start();
    // Started only now: its workers' statements would otherwise be counted above.
    workers = await createTestApp({
      JOBS_SCHEMA: SCHEMA,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_FROM: 'Budget Physio <bookings@example.test>',
    });
  });

  afterAll(async () => {
    await workers?.close();
    await receiver.stop();
  });

  it('sends the client its confirmation', async () => {
    const booking = await created(create(t, bookingOf(nextSlot())));
    const deadline = Date.now() + 20_000;
    const confirmation = () =>
      sql<{ status: string }>(
        t,
        `select status from notifications where booking_id = ? and type = 'booking_confirmation'`,
        [booking.id],
      );
    while ((await confirmation())[0]?.status !== 'sent' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await confirmation()).toEqual([{ status: 'sent' }]);
    expect(
      receiver.to(clinic.email).filter((email) => email.subject.startsWith('Booking confirmed:')).length,
    ).toBeGreaterThan(0);
  });
});
