import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Temporal } from 'temporal-polyfill';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createOrganisation,
  createProvider,
  createScopedKey,
  created,
  named,
  orgPath,
  postJson,
  RUN,
  UNKNOWN_UUID,
  withSlowStatements,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { dayAhead, offsetOn, sydney, ZONE } from './support/sydney-time.js';

// A booking moves: the clinic reschedules it (time, provider, location), or the patient moves it
// through the manage token while the clinic's policy lets them. Days are counted from today in
// Sydney, a week or more ahead, so the minimum notice for online booking never interferes; each
// block makes its own organisation.

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

let t: TestApp;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  // Deliveries to a receiver on 127.0.0.1, on jobs of this file's own schema (another file's app must not run them).
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', JOBS_SCHEMA: `pgboss_${RUN}` });
  receiverUrl = await receiver.start();
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const get = (path: string, auth: string | null = t.platformAuth) =>
  auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path);
const post = (path: string, body: unknown = {}, auth = t.platformAuth) => postJson(t, path, body, auth);
const publicPost = (path: string, body: unknown = {}) =>
  t.http().post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));
const patch = (path: string, body: unknown) =>
  t
    .http()
    .patch(path)
    .set('Authorization', t.platformAuth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const etagOf = (updatedAt: string) => `"${new Date(updatedAt).getTime().toString(36)}"`;

/**
 * An organisation taking online bookings: Sydney locations A and B; Priya at A, Sam at A and B,
 * both working 09:00 to 17:00 every day at A; Omar at B, who does not offer the service; a
 * 30-minute service for one, offered by Priya and Sam at both; a client with a card.
 */
interface Clinic {
  id: string;
  slug: string;
  a: Body;
  b: Body;
  priya: Body;
  sam: Body;
  omar: Body;
  type: Body;
  client: Body;
  card: Body;
}

async function clinic(name: string): Promise<Clinic> {
  const organisation = await createOrganisation(t, name, { bookingsEnabled: true });
  const business = await createBusiness(t, organisation.id);
  const [a, b] = [
    await createLocation(t, organisation.id, business.id, { timeZone: ZONE, name: named(`${name} A`) }),
    await createLocation(t, organisation.id, business.id, { timeZone: ZONE, name: named(`${name} B`) }),
  ];
  const provider = (firstName: string) =>
    createProvider(t, organisation.id, { firstName, lastName: named('Raman'), bookingsEnabled: true });
  const [priya, sam, omar] = [await provider('Priya'), await provider('Sam'), await provider('Omar')];
  for (const [who, where] of [
    [priya, a],
    [sam, a],
    [sam, b],
    [omar, b],
  ])
    await createLink(t, organisation.id, who.id, where.id);
  for (const who of [priya, sam]) {
    await t
      .http()
      .put(orgPath(organisation.id, `/providers/${who.id}/working-hours`))
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          items: EVERY_DAY.map((dayOfWeek) => ({ locationId: a.id, dayOfWeek, startTime: '09:00', endTime: '17:00' })),
        }),
      )
      .expect(200);
  }
  const type = await createAppointmentType(t, organisation.id, {
    durationMinutes: 30,
    providers: [priya.id, sam.id],
    locations: [a.id, b.id],
  });
  const client = await createClient(t, organisation.id);
  const card = await created(
    post(orgPath(organisation.id, `/clients/${client.id}/wallet/cards`), {
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa' },
    }),
  );
  return { id: organisation.id, slug: organisation.slug, a, b, priya, sam, omar, type, client, card };
}

const bookAt = (c: Clinic, serviceDate: string, who: Body = c.priya, where: Body = c.a) =>
  post(orgPath(c.id, '/bookings'), {
    clientId: c.client.id,
    providerId: who.id,
    locationId: where.id,
    appointmentTypeId: c.type.id,
    serviceDate,
  });
const book = (c: Clinic, serviceDate: string, who?: Body, where?: Body) => created(bookAt(c, serviceDate, who, where));
const reschedule = (c: Clinic, bookingId: string, body: Body, auth = t.platformAuth) =>
  post(orgPath(c.id, `/bookings/${bookingId}/reschedule`), body, auth);
const getBooking = (c: Clinic, bookingId: string, query = '') =>
  get(orgPath(c.id, `/bookings/${bookingId}${query}`)).expect(200);

/** Books online with Priya at A: the manage token, and the booking as the clinic sees it. */
async function bookOnline(c: Clinic, startsAt: string): Promise<{ token: string; booking: Body }> {
  const answer = await publicPost(orgPath(c.slug, '/public-bookings'), {
    appointmentTypeId: c.type.id,
    locationId: c.a.id,
    providerId: c.priya.id,
    startsAt,
    patient: {
      firstName: 'Alex',
      lastName: named('Chen'),
      email: `alex.${RUN}.${Math.random().toString(36).slice(2)}@example.com`,
    },
  }).expect(201);
  const listed = await get(
    orgPath(
      c.id,
      `/bookings?serviceDateMin=${startsAt}&serviceDateMax=${new Date(Date.parse(startsAt) + 1).toISOString()}`,
    ),
  ).expect(200);
  return { token: answer.body.manageToken, booking: listed.body.items[0] };
}

/** The providers availability lists at `startsAt` on its day at location A. */
async function offeredAt(c: Clinic, startsAt: string): Promise<string[]> {
  const date = Temporal.Instant.from(startsAt).toZonedDateTimeISO(ZONE).toPlainDate().toString();
  const response = await get(
    orgPath(c.slug, `/availability?appointmentTypeId=${c.type.id}&locationId=${c.a.id}&from=${date}&to=${date}`),
    null,
  ).expect(200);
  return response.body.days[0].slots.find((slot: Body) => slot.startsAt === startsAt)?.providerIds ?? [];
}

/** The organisation's `booking.rescheduled` events about one booking, oldest first, as the event log answers them. */
async function rescheduledEvents(c: Clinic, bookingId: string): Promise<Body[]> {
  const key = await createScopedKey(t, c.id, 'events reader');
  const log = await get('/v1/events?type=booking.rescheduled&limit=200', key).expect(200);
  return log.body.items.filter((event: Body) => event.data.id === bookingId).reverse();
}

describe('POST …/bookings/{bookingId}/reschedule', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Reschedule Clinic');
  });

  it('moves a booking to another time and keeps it the same booking: id, client, price, card, transactions, length', async () => {
    const date = dayAhead(8);
    const booking = await created(
      post(orgPath(c.id, '/bookings'), {
        clientId: c.client.id,
        providerId: c.priya.id,
        locationId: c.a.id,
        appointmentTypeId: c.type.id,
        serviceDate: sydney(date, '10:00'),
        paymentMethodId: c.card.id,
      }),
    );
    const sale = await created(
      post(orgPath(c.id, `/bookings/${booking.id}/transactions`), { payment: { paymentMethodId: c.card.id } }),
    );
    const before = await getBooking(c, booking.id);

    const response = await reschedule(c, booking.id, { serviceDate: `${date}T14:00:00+${offsetOn(date)}` });
    expect(response.status).toBe(200);
    const after = await getBooking(c, booking.id);
    expect(response.body).toEqual(after.body);
    expect(after.body).toEqual({ ...before.body, serviceDate: sydney(date, '14:00'), updatedAt: expect.any(String) });
    expect(after.body.updatedAt > before.body.updatedAt).toBe(true);
    expect(after.headers.etag).toBe(etagOf(after.body.updatedAt));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const expanded = (await getBooking(c, booking.id, '?expand=latestTransaction,paymentMethod')).body;
    expect(expanded.latestTransaction.id).toBe(sale.id);
    expect(expanded.paymentMethod.id).toBe(c.card.id);
  });

  it('records booking.rescheduled with the booking as data and where it was as previous, and delivers it', async () => {
    const hook = await created(
      post(orgPath(c.id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['booking.rescheduled'] }),
    );
    receiver.secret = hook.secret;
    const date = dayAhead(9);
    const booking = await book(c, sydney(date, '10:00'));
    const moved = await reschedule(c, booking.id, { serviceDate: sydney(date, '11:00'), providerId: c.sam.id }).expect(
      200,
    );
    const previous = { serviceDate: sydney(date, '10:00'), providerId: c.priya.id, locationId: c.a.id };

    const [event] = await rescheduledEvents(c, booking.id);
    expect(event).toEqual({
      id: expect.any(String),
      type: 'booking.rescheduled',
      timestamp: expect.any(String),
      organisationId: c.id,
      data: moved.body,
      previous,
    });
    const [delivered] = await receiver.waitForEvent(event.id);
    expect(delivered.event).toEqual(event);
    await t
      .http()
      .delete(orgPath(c.id, `/webhook-endpoints/${hook.id}`))
      .set('Authorization', t.platformAuth)
      .expect(204);
  });

  it('moves a booking to another provider and location, onto their link', async () => {
    const date = dayAhead(10);
    const booking = await book(c, sydney(date, '10:00'));
    const response = await reschedule(c, booking.id, {
      serviceDate: sydney(date, '10:00'),
      providerId: c.sam.id,
      locationId: c.b.id,
    }).expect(200);
    expect(response.body).toMatchObject({
      providerId: c.sam.id,
      locationId: c.b.id,
      provider: { id: c.sam.id },
      location: { id: c.b.id },
    });
    const link = (await getBooking(c, booking.id, '?expand=providerLocationLink')).body.providerLocationLink;
    expect(link).toMatchObject({ providerId: c.sam.id, locationId: c.b.id });
  });

  it('takes the time it now holds out of availability, and offers the time it left', async () => {
    const date = dayAhead(11);
    const [from, to] = [sydney(date, '10:00'), sydney(date, '15:00')];
    const booking = await book(c, from);
    expect(await offeredAt(c, from)).not.toContain(c.priya.id);
    expect(await offeredAt(c, to)).toContain(c.priya.id);
    await reschedule(c, booking.id, { serviceDate: to }).expect(200);
    expect(await offeredAt(c, from)).toContain(c.priya.id);
    expect(await offeredAt(c, to)).not.toContain(c.priya.id);
  });

  it("refuses a time that overlaps the provider's other booking, and changes nothing", async () => {
    const date = dayAhead(12);
    const booking = await book(c, sydney(date, '10:00'));
    await book(c, sydney(date, '11:00'));
    const before = await getBooking(c, booking.id);
    expectProblem(await reschedule(c, booking.id, { serviceDate: sydney(date, '10:45') }), 409, 'slot_unavailable');
    expect((await getBooking(c, booking.id)).body).toEqual(before.body);
    expect(await rescheduledEvents(c, booking.id)).toEqual([]);
  });

  it('moves a booking by less than its length: it does not stand in its own way', async () => {
    const date = dayAhead(12);
    const booking = await book(c, sydney(date, '13:00'));
    expect((await reschedule(c, booking.id, { serviceDate: sydney(date, '13:15') }).expect(200)).body.serviceDate).toBe(
      sydney(date, '13:15'),
    );
  });

  it('a move to where the booking already is changes nothing and records nothing', async () => {
    const booking = await book(c, sydney(dayAhead(12), '15:00'));
    const response = await reschedule(c, booking.id, {
      serviceDate: booking.serviceDate,
      providerId: c.priya.id,
      locationId: c.a.id,
    }).expect(200);
    expect(response.body).toEqual(booking);
    expect(await rescheduledEvents(c, booking.id)).toEqual([]);
  });

  it('refuses a cancelled booking (booking_cancelled) and one that has begun (booking_in_past)', async () => {
    const cancelled = await book(c, sydney(dayAhead(13), '10:00'));
    await post(orgPath(c.id, `/bookings/${cancelled.id}/cancel`)).expect(200);
    expectProblem(
      await reschedule(c, cancelled.id, { serviceDate: sydney(dayAhead(13), '12:00') }),
      409,
      'booking_cancelled',
    );
    const past = await book(c, '2025-03-03T00:00:00.000Z');
    expectProblem(await reschedule(c, past.id, { serviceDate: sydney(dayAhead(13), '12:00') }), 409, 'booking_in_past');
  });

  it("applies the create's rules to the new provider and location", async () => {
    const booking = await book(c, sydney(dayAhead(14), '10:00'));
    const serviceDate = sydney(dayAhead(14), '12:00');
    // Priya has no link to B; Omar is at B but does not offer the service.
    expectInvalid(
      await reschedule(c, booking.id, { serviceDate, locationId: c.b.id }),
      'locationId',
      'provider_not_at_location',
    );
    expectInvalid(
      await reschedule(c, booking.id, { serviceDate, providerId: c.omar.id, locationId: c.b.id }),
      'appointmentTypeId',
      'not_offered',
    );
    // A provider that does not exist: as a new booking with them is answered.
    const made = await bookAt(c, serviceDate, { id: UNKNOWN_UUID });
    const moved = await reschedule(c, booking.id, { serviceDate, providerId: UNKNOWN_UUID });
    expect(made.status).toBeGreaterThanOrEqual(400);
    expect({ status: moved.status, body: moved.body.errors }).toEqual({ status: made.status, body: made.body.errors });
    expect((await getBooking(c, booking.id)).body.serviceDate).toBe(booking.serviceDate);
  });

  it('answers a move to an archived provider as a new booking with them is answered', async () => {
    const kim = await createProvider(t, c.id, { firstName: 'Kim', lastName: named('Ng') });
    await createLink(t, c.id, kim.id, c.a.id);
    const service = await createAppointmentType(t, c.id, {
      durationMinutes: 30,
      providers: [c.priya.id, kim.id],
      locations: [c.a.id],
    });
    const withService = (serviceDate: string, who: Body) =>
      post(orgPath(c.id, '/bookings'), {
        clientId: c.client.id,
        providerId: who.id,
        locationId: c.a.id,
        appointmentTypeId: service.id,
        serviceDate,
      });
    const booking = await created(withService(sydney(dayAhead(14), '13:00'), c.priya));
    await t
      .http()
      .delete(orgPath(c.id, `/providers/${kim.id}`))
      .set('Authorization', t.platformAuth)
      .expect(200);
    const made = await withService(sydney(dayAhead(14), '16:00'), kim);
    const moved = await reschedule(c, booking.id, { serviceDate: sydney(dayAhead(14), '15:00'), providerId: kim.id });
    expect(made.status).toBeGreaterThanOrEqual(400);
    expect({ status: moved.status, code: moved.body.code }).toEqual({ status: made.status, code: made.body.code });
    expect((await getBooking(c, booking.id)).body.serviceDate).toBe(booking.serviceDate);
  });

  it.each([
    ['no serviceDate', {}, 'serviceDate', '09:00'],
    ['a serviceDate without an offset', { serviceDate: '2027-03-03T10:00:00' }, 'serviceDate', '10:00'],
    [
      'a providerId that is not an id',
      { serviceDate: '2027-03-03T10:00:00Z', providerId: 'priya' },
      'providerId',
      '11:00',
    ],
    ['an unknown field', { serviceDate: '2027-03-03T10:00:00Z', clientId: UNKNOWN_UUID }, 'clientId', '12:00'],
  ])('refuses %s with 400', async (_, body, field, time) => {
    const booking = await book(c, sydney(dayAhead(16), time));
    expectInvalid(await reschedule(c, booking.id, body), field);
    expect((await getBooking(c, booking.id)).body).toEqual(booking);
  });

  it("answers 404 for an unknown booking and another organisation's, 403 to another organisation's key", async () => {
    const serviceDate = sydney(dayAhead(15), '12:00');
    expectNotFound(await reschedule(c, UNKNOWN_UUID, { serviceDate }));
    const other = await clinic('Reschedule Other');
    const theirs = await book(other, sydney(dayAhead(15), '10:00'));
    expectNotFound(await reschedule(c, theirs.id, { serviceDate }));
    const booking = await book(c, sydney(dayAhead(15), '14:00'));
    expectProblem(
      await reschedule(c, booking.id, { serviceDate }, await createScopedKey(t, other.id, 'other')),
      403,
      'forbidden',
    );
  });
});

/** Commits reach the database late: without the locks, both racers would read the slot free. */
const race = <T>(work: () => Promise<T>) => withSlowStatements(/^\s*commit/i, 100, work);

describe('a reschedule racing a create for one slot', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Race Clinic');
  });

  it('has exactly one winner, every time', async () => {
    for (let round = 0; round < 6; round++) {
      const date = dayAhead(20 + round);
      const slot = sydney(date, '14:00');
      const booking = await book(c, sydney(date, '10:00'));
      const [moved, made] = await race(() =>
        Promise.all([reschedule(c, booking.id, { serviceDate: slot }), bookAt(c, slot)]),
      );
      expect([
        { moved: 200, made: 409 },
        { moved: 409, made: 201 },
      ]).toContainEqual({ moved: moved.status, made: made.status });
      expectProblem(moved.status === 200 ? made : moved, 409, 'slot_unavailable');
      const atSlot = await get(
        orgPath(
          c.id,
          `/bookings?providerId=${c.priya.id}&status=confirmed&serviceDateMin=${slot}&serviceDateMax=${sydney(date, '14:30')}`,
        ),
      );
      expect(atSlot.body.totalItems).toBe(1);
    }
  });

  it('two bookings moved into one slot: one moves, the other stays where it was', async () => {
    for (let round = 0; round < 4; round++) {
      const date = dayAhead(30 + round);
      const slot = sydney(date, '15:00');
      const [first, second] = [await book(c, sydney(date, '10:00')), await book(c, sydney(date, '11:00'))];
      const answers = await race(() =>
        Promise.all([reschedule(c, first.id, { serviceDate: slot }), reschedule(c, second.id, { serviceDate: slot })]),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const stayed = answers[0].status === 200 ? second : first;
      expect((await getBooking(c, stayed.id)).body.serviceDate).toBe(stayed.serviceDate);
    }
  });
});

describe('the patient moves their booking: POST /v1/public-bookings/{manageToken}/reschedule', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Patient Reschedule Clinic');
  });

  const settings = (body: Body) => patch(orgPath(c.id, '/booking-settings'), body).expect(200);
  const move = (token: string, startsAt: string) => publicPost(`/v1/public-bookings/${token}/reschedule`, { startsAt });
  const seen = async (token: string) => (await get(`/v1/public-bookings/${token}`, null).expect(200)).body;

  it('moves it to a time availability offers, while cancelling is free; the time it left is offered again', async () => {
    await settings({ cancellationFeeEnabled: true, cancellationFeeAmount: 3000, cancellationNoFeeBeforeHours: 24 });
    const date = dayAhead(8);
    const { token, booking } = await bookOnline(c, sydney(date, '10:00'));
    const since = new Date().toISOString();
    const response = await move(token, sydney(date, '13:00'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(await seen(token));
    expect(response.body).toMatchObject({
      status: 'confirmed',
      startsAt: sydney(date, '13:00'),
      endsAt: sydney(date, '13:30'),
    });
    expect(await offeredAt(c, sydney(date, '10:00'))).toContain(c.priya.id);
    expect(await offeredAt(c, sydney(date, '13:00'))).not.toContain(c.priya.id);
    // The clinic sees the same booking moved, and a sync finds it.
    const after = (await getBooking(c, booking.id)).body;
    expect(after).toMatchObject({ id: booking.id, serviceDate: sydney(date, '13:00'), clientId: booking.clientId });
    expect(after.updatedAt > booking.updatedAt).toBe(true);
    const synced = await get(orgPath(c.id, `/bookings?updatedSince=${since}&limit=200`)).expect(200);
    expect(synced.body.items.map((item: Body) => item.id)).toContain(booking.id);
    expect((await rescheduledEvents(c, booking.id)).map((event) => event.previous)).toEqual([
      { serviceDate: sydney(date, '10:00'), providerId: c.priya.id, locationId: c.a.id },
    ]);
    // Closer to its own time than its length: it does not stand in its own way.
    expect((await move(token, sydney(date, '13:15')).expect(200)).body.startsAt).toBe(sydney(date, '13:15'));
  });

  it('refuses a move once cancelling would cost the fee (reschedule_not_allowed), and allows it when no fee is charged', async () => {
    const date = dayAhead(9);
    const { token } = await bookOnline(c, sydney(date, '10:00'));
    // 30 days' notice for a free cancellation: a week ahead is already inside the fee window.
    await settings({ cancellationFeeEnabled: true, cancellationFeeAmount: 3000, cancellationNoFeeBeforeHours: 720 });
    expect((await seen(token)).cancellationPolicy).toMatchObject({ enabled: true, fee: { billable: true } });
    expectProblem(await move(token, sydney(date, '13:00')), 409, 'reschedule_not_allowed');
    expect((await seen(token)).startsAt).toBe(sydney(date, '10:00'));
    await settings({ cancellationFeeEnabled: false });
    expect((await move(token, sydney(date, '13:00')).expect(200)).body.startsAt).toBe(sydney(date, '13:00'));
  });

  it('refuses a move when the clinic turned patient rescheduling off', async () => {
    await settings({ cancellationFeeEnabled: false, clientRescheduleEnabled: false });
    const date = dayAhead(10);
    const { token } = await bookOnline(c, sydney(date, '10:00'));
    expect((await seen(token)).cancellationPolicy.rules).toEqual({
      clientCancel: { enabled: true },
      clientReschedule: { enabled: false },
    });
    expectProblem(await move(token, sydney(date, '13:00')), 409, 'reschedule_not_allowed');
    await settings({ clientRescheduleEnabled: true });
    await move(token, sydney(date, '13:00')).expect(200);
  });

  it('refuses a time availability does not offer: slot_unavailable', async () => {
    await settings({ cancellationFeeEnabled: false });
    const date = dayAhead(11);
    const { token } = await bookOnline(c, sydney(date, '10:00'));
    await book(c, sydney(date, '14:00'));
    for (const startsAt of [
      sydney(date, '14:00'),
      sydney(date, '18:00'),
      sydney(date, '11:07'),
      sydney(dayAhead(200), '10:00'),
    ]) {
      expectProblem(await move(token, startsAt), 409, 'slot_unavailable');
    }
    expect((await seen(token)).startsAt).toBe(sydney(date, '10:00'));
  });

  it('keeps the manage token when the clinic moves the booking', async () => {
    const date = dayAhead(12);
    const { token, booking } = await bookOnline(c, sydney(date, '10:00'));
    await reschedule(c, booking.id, { serviceDate: sydney(date, '16:00') }).expect(200);
    expect((await seen(token)).startsAt).toBe(sydney(date, '16:00'));
  });

  it('refuses a cancelled booking, an unknown token and a startsAt that is not an instant', async () => {
    const date = dayAhead(13);
    const { token } = await bookOnline(c, sydney(date, '10:00'));
    expectInvalid(await publicPost(`/v1/public-bookings/${token}/reschedule`, {}), 'startsAt');
    expectInvalid(await move(token, `${date}T13:00:00`), 'startsAt');
    await publicPost(`/v1/public-bookings/${token}/cancel`).expect(200);
    expectProblem(await move(token, sydney(date, '13:00')), 409, 'booking_cancelled');
    expectNotFound(await move(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, sydney(date, '13:00')));
  });

  it('racing another patient for one time: exactly one gets it, every time', async () => {
    await settings({ cancellationFeeEnabled: false });
    for (let round = 0; round < 4; round++) {
      const date = dayAhead(40 + round);
      const slot = sydney(date, '15:00');
      const { token } = await bookOnline(c, sydney(date, '10:00'));
      // Only Priya offers the time: Sam is booked then.
      await book(c, slot, c.sam);
      const [moved, booked] = await race(() =>
        Promise.all([
          move(token, slot),
          publicPost(orgPath(c.slug, '/public-bookings'), {
            appointmentTypeId: c.type.id,
            locationId: c.a.id,
            providerId: c.priya.id,
            startsAt: slot,
            patient: { firstName: 'Jo', lastName: named('Park'), email: `jo.${RUN}.${round}@example.com` },
          }),
        ]),
      );
      expect([
        { moved: 200, booked: 409 },
        { moved: 409, booked: 201 },
      ]).toContainEqual({ moved: moved.status, booked: booked.status });
      expectProblem(moved.status === 200 ? booked : moved, 409, 'slot_unavailable');
    }
  });
});

describe('booking settings: clientCancelEnabled and clientRescheduleEnabled', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Patient Cancel Clinic');
  });

  const settings = (body: Body) => patch(orgPath(c.id, '/booking-settings'), body);

  it('are both on by default, and the booking settings answer them', async () => {
    const answer = await settings({}).expect(200);
    expect(answer.body).toMatchObject({ clientCancelEnabled: true, clientRescheduleEnabled: true });
    const data = await get(orgPath(c.slug, '/booking-data'), null).expect(200);
    expect(data.body.bookingSettings).toMatchObject({ clientCancelEnabled: true, clientRescheduleEnabled: true });
  });

  it("refuses a patient's cancel while clientCancelEnabled is false (cancel_not_allowed); the clinic still cancels", async () => {
    const { token } = await bookOnline(c, sydney(dayAhead(8), '10:00'));
    expect((await settings({ clientCancelEnabled: false }).expect(200)).body).toMatchObject({
      clientCancelEnabled: false,
      clientRescheduleEnabled: true,
    });
    const seen = (await get(`/v1/public-bookings/${token}`, null).expect(200)).body;
    expect(seen.cancellationPolicy.rules).toEqual({
      clientCancel: { enabled: false },
      clientReschedule: { enabled: true },
    });
    expectProblem(await publicPost(`/v1/public-bookings/${token}/cancel`), 409, 'cancel_not_allowed');
    expect((await get(`/v1/public-bookings/${token}`, null).expect(200)).body.status).toBe('confirmed');

    await settings({ clientCancelEnabled: true }).expect(200);
    const since = new Date().toISOString();
    expect((await publicPost(`/v1/public-bookings/${token}/cancel`).expect(200)).body.status).toBe('cancelled');
    const synced = await get(orgPath(c.id, `/bookings?updatedSince=${since}&limit=200`)).expect(200);
    expect(synced.body.items.map((item: Body) => [item.status, item.updatedAt >= since])).toEqual([
      ['cancelled', true],
    ]);
  });

  it('refuses a setting that is not true or false', async () => {
    expectInvalid(await settings({ clientCancelEnabled: 'yes' }), 'clientCancelEnabled');
    expectInvalid(await settings({ clientRescheduleEnabled: null }), 'clientRescheduleEnabled');
  });
});
