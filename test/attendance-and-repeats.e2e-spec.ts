import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Temporal } from 'temporal-polyfill';
import { PaymentProcessor, type TestPaymentProcessor } from '@app/wallet';
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
  ISO_INSTANT,
  named,
  orgPath,
  postJson,
  sql,
  type Tenant,
  UNKNOWN_UUID,
  UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { FUTURE_YEAR } from './support/future-year.js';
import { daylightSavingEnds } from './support/sydney-time.js';

// A booking's day: marking whether the client came (and charging a no-show's fee), and repeated
// bookings. One clinic of this file's own; every check is scoped to ids this file created. The
// clock is real: bookings "in the past" are made in the past (the back office may import them).

const HOUR = 3_600_000;
const FEE = 4000;
const SYDNEY = 'Australia/Sydney';

let t: TestApp;
let home: Tenant;
let sydney: Body;
/** A location where an hour from now is still today, whatever the time the test runs. */
let elsewhere: Body;
let priya: Body;
/** A second provider, with working hours, for availability. */
let sam: Body;
let type: Body;

/** A zone where it is now before 22:00, so an hour from now is the same day there: one of these always is. */
const ZONES = [
  'Australia/Sydney',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'America/Los_Angeles',
  'Asia/Kolkata',
];
const zoneWithTimeLeftToday = () => ZONES.find((zone) => Temporal.Now.zonedDateTimeISO(zone).hour < 22) ?? SYDNEY;

/** The instant of a wall-clock time in Sydney, as the API writes instants. */
const inSydney = (date: string, time: string) =>
  new Date(
    Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: SYDNEY, plainTime: Temporal.PlainTime.from(time) })
      .epochMilliseconds,
  ).toISOString();
const sydneyDayAhead = (days: number) => Temporal.Now.plainDateISO(SYDNEY).add({ days }).toString();

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Booking Day Clinic');
  const business = await createBusiness(t, home.id);
  [sydney, elsewhere, priya, sam] = await Promise.all([
    createLocation(t, home.id, business.id, { name: named('Bondi'), timeZone: SYDNEY }),
    createLocation(t, home.id, business.id, { name: named('Abroad'), timeZone: zoneWithTimeLeftToday() }),
    createProvider(t, home.id, { firstName: 'Priya' }),
    createProvider(t, home.id, { firstName: 'Sam' }),
  ]);
  await Promise.all([
    createLink(t, home.id, priya.id, sydney.id),
    createLink(t, home.id, priya.id, elsewhere.id),
    createLink(t, home.id, sam.id, sydney.id),
  ]);
  type = await createAppointmentType(t, home.id, {
    durationMinutes: 60,
    price: 9500,
    providers: [priya.id, sam.id],
    locations: [sydney.id, elsewhere.id],
  });
  await t
    .http()
    .patch(orgPath(home.id, '/booking-settings'))
    .set('Authorization', home.auth)
    .set('Content-Type', 'application/json')
    .send(
      JSON.stringify({
        bookingsEnabled: true,
        cancellationFeeEnabled: true,
        cancellationFeeAmount: FEE,
        cancellationNoFeeBeforeHours: 24,
      }),
    )
    .expect(200);
});

afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, idempotencyKey?: string) =>
  postJson(t, orgPath(home.id, path), body, home.auth, idempotencyKey);
const get = (path: string) => t.http().get(orgPath(home.id, path)).set('Authorization', home.auth);
const getBooking = async (id: string): Promise<Body> => (await get(`/bookings/${id}`).expect(200)).body;
const mark = (bookingId: string, body: Body) => post(`/bookings/${bookingId}/attendance`, body);
const cancel = (bookingId: string, body: Body = {}) => post(`/bookings/${bookingId}/cancel`, body);
const listIds = async (query: string): Promise<string[]> =>
  (await get(`/bookings?limit=200&${query}`).expect(200)).body.items.map((item: Body) => item.id);
const transactionsOf = async (bookingId: string): Promise<Body[]> =>
  (await get(`/transactions?bookingId=${bookingId}`).expect(200)).body.items;
const processor = () => t.app.get<TestPaymentProcessor>(PaymentProcessor);

async function eventsOf(type: string, bookingId: string): Promise<Body[]> {
  const rows = await sql<{ data: Body }>(
    t,
    'select data from events where organisation_id = ? and type = ? order by seq',
    [home.id, type],
  );
  return rows.map((row) => row.data).filter((data) => data.id === bookingId);
}

interface Patient {
  client: Body;
  visa: Body;
  declining: Body;
}

async function patient(): Promise<Patient> {
  const client = await createClient(t, home.id);
  const card = (paymentMethodId: string) =>
    created(post(`/clients/${client.id}/wallet/cards`, { type: 'payment_method', paymentMethod: { paymentMethodId } }));
  return { client, visa: await card('pm_card_visa'), declining: await card('pm_card_visa_chargeDeclined') };
}

const bookingBody = (who: Patient, serviceDate: string, extra: Body = {}): Body => ({
  clientId: who.client.id,
  providerId: priya.id,
  locationId: sydney.id,
  appointmentTypeId: type.id,
  serviceDate,
  ...extra,
});

const book = (who: Patient, serviceDate: string, extra: Body = {}) =>
  created(post('/bookings', bookingBody(who, serviceDate, extra)));

let pastSlots = 0;
/** A booking that started in an hour of its own before now (each an hour apart from every other). */
const bookPast = (who: Patient, extra: Body = {}) =>
  book(who, new Date(Math.floor(Date.now() / HOUR) * HOUR - (2 + pastSlots++) * HOUR).toISOString(), {
    paymentMethodId: who.visa.id,
    ...extra,
  });

describe('POST …/bookings/{bookingId}/attendance', () => {
  it('marks a started booking arrived, no_show and back to pending, answering it as GET does and recording an event per change', async () => {
    const who = await patient();
    const visit = await bookPast(who);
    expect(visit).toMatchObject({ attendance: 'pending', arrivedAt: null });

    const arrived = await mark(visit.id, { attendance: 'arrived' }).expect(200);
    expect(arrived.body).toMatchObject({
      id: visit.id,
      attendance: 'arrived',
      arrivedAt: expect.stringMatching(ISO_INSTANT),
      status: 'confirmed',
    });
    expect(arrived.body).toEqual(await getBooking(visit.id));
    expect(await eventsOf('booking.arrived', visit.id)).toEqual([arrived.body]);

    expect(Date.parse(arrived.body.updatedAt)).toBeGreaterThan(Date.parse(visit.updatedAt));
    const again = await mark(visit.id, { attendance: 'arrived' }).expect(200);
    expect(again.body).toEqual(arrived.body);
    expect(await eventsOf('booking.arrived', visit.id)).toHaveLength(1);

    const missed = await mark(visit.id, { attendance: 'no_show' }).expect(200);
    expect(missed.body).toMatchObject({ attendance: 'no_show', arrivedAt: null });
    expect(await eventsOf('booking.no_show', visit.id)).toEqual([missed.body]);

    const undone = await mark(visit.id, { attendance: 'pending' }).expect(200);
    expect(undone.body).toMatchObject({ attendance: 'pending', arrivedAt: null });
    expect(Date.parse(undone.body.updatedAt)).toBeGreaterThan(Date.parse(missed.body.updatedAt));
    expect(
      await listIds(`updatedSince=${encodeURIComponent(undone.body.updatedAt)}&clientId=${who.client.id}`),
    ).toEqual([visit.id]);
    expect(undone.body).toEqual(await getBooking(visit.id));
    expect(await transactionsOf(visit.id)).toEqual([]);
  });

  it("allows arrived from the start of the service day in the location's time zone, and no_show only once the booking has started", async () => {
    const who = await patient();
    const inAnHour = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + HOUR).toISOString();
    const laterToday = await book(who, inAnHour, { locationId: elsewhere.id });
    expectProblem(await mark(laterToday.id, { attendance: 'no_show' }), 409, 'booking_not_started');
    expect((await mark(laterToday.id, { attendance: 'arrived' }).expect(200)).body.attendance).toBe('arrived');

    const inTwoDays = await book(who, new Date(Date.parse(inAnHour) + 48 * HOUR).toISOString(), {
      locationId: elsewhere.id,
    });
    expectProblem(await mark(inTwoDays.id, { attendance: 'arrived' }), 409, 'booking_not_started');
    expectProblem(await mark(inTwoDays.id, { attendance: 'no_show' }), 409, 'booking_not_started');
    expect(await getBooking(inTwoDays.id)).toMatchObject({ attendance: 'pending', arrivedAt: null });
    expect([
      ...(await eventsOf('booking.arrived', inTwoDays.id)),
      ...(await eventsOf('booking.no_show', inTwoDays.id)),
    ]).toEqual([]);
  });

  it('refuses any mark of a cancelled booking with 409 booking_cancelled', async () => {
    const who = await patient();
    const visit = await book(who, new Date(Date.now() + 30 * 24 * HOUR).toISOString());
    await cancel(visit.id).expect(200);
    for (const attendance of ['arrived', 'no_show', 'pending'])
      expectProblem(await mark(visit.id, { attendance }), 409, 'booking_cancelled');
    expect((await getBooking(visit.id)).attendance).toBe('pending');
  });

  it.each([
    ['no attendance', {}, 'attendance'],
    ['an unknown attendance', { attendance: 'late' }, 'attendance'],
    ['a chargeNoShowFee that is not a boolean', { attendance: 'no_show', chargeNoShowFee: 'yes' }, 'chargeNoShowFee'],
    ['chargeNoShowFee with arrived', { attendance: 'arrived', chargeNoShowFee: true }, 'chargeNoShowFee'],
    ['an unknown field', { attendance: 'arrived', arrivedAt: '2027-01-01T00:00:00.000Z' }, 'arrivedAt'],
  ])('refuses %s with 400, changing nothing', async (_case, body, field) => {
    const who = await patient();
    const visit = await bookPast(who);
    expectInvalid(await mark(visit.id, body), field);
    expect((await getBooking(visit.id)).attendance).toBe('pending');
  });

  it("answers 404 for an unknown booking, and for another organisation's booking with its own key", async () => {
    expectNotFound(await mark(UNKNOWN_UUID, { attendance: 'arrived' }));
    const other = await createTenant(t, 'Other Clinic');
    const visit = await bookPast(await patient());
    expectNotFound(
      await postJson(t, orgPath(other.id, `/bookings/${visit.id}/attendance`), { attendance: 'arrived' }, other.auth),
    );
    expectProblem(
      await postJson(t, orgPath(home.id, `/bookings/${visit.id}/attendance`), { attendance: 'arrived' }, other.auth),
      403,
      'forbidden',
    );
    expect((await getBooking(visit.id)).attendance).toBe('pending');
  });
});

describe('a no-show fee', () => {
  const atProcessor = (bookingId: string) => processor().chargesDescribed(`Non-attendance fee, booking ${bookingId}`);

  it("charges the policy's fee to the booking's card as its own transaction, with the no-show", async () => {
    const who = await patient();
    const visit = await bookPast(who);
    const response = await mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true }).expect(200);
    expect(response.body.attendance).toBe('no_show');
    const [fee] = await transactionsOf(visit.id);
    expect(fee).toMatchObject({
      amount: FEE,
      bookingId: visit.id,
      paymentMethodId: who.visa.id,
      transactionItems: [expect.objectContaining({ description: 'Non-attendance fee', chargeAmount: FEE })],
    });
    expect(atProcessor(visit.id)).toEqual([{ paymentId: expect.any(String), amount: FEE, refunded: 0 }]);
    expect(await eventsOf('booking.no_show', visit.id)).toEqual([response.body]);
    // A supply of its own: an invoice of one GST-free item, paid by the fee's charge.
    const { body: invoices } = await get(`/invoices?bookingId=${visit.id}`).expect(200);
    expect(invoices.items).toEqual([
      expect.objectContaining({
        transactionId: fee.id,
        status: 'paid',
        items: [expect.objectContaining({ description: 'Non-attendance fee', amount: FEE, taxRate: 0, taxAmount: 0 })],
        total: FEE,
        amountDue: 0,
      }),
    ]);
  });

  it('is charged once when 12 requests ask for it at the same time, and never again for that booking', async () => {
    const who = await patient();
    const visit = await bookPast(who);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(atProcessor(visit.id)).toHaveLength(1);
    expect(await transactionsOf(visit.id)).toHaveLength(1);
    expect(await eventsOf('booking.no_show', visit.id)).toHaveLength(1);

    await mark(visit.id, { attendance: 'pending' }).expect(200);
    await mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true }).expect(200);
    expect(atProcessor(visit.id)).toHaveLength(1);
    expect(await transactionsOf(visit.id)).toHaveLength(1);
  });

  it('stays apart when the no-show was a mistake: the service checked out later is charged and invoiced whole', async () => {
    const who = await patient();
    const visit = await bookPast(who);
    await mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true }).expect(200);
    await mark(visit.id, { attendance: 'arrived' }).expect(200);
    const sale = await created(
      post(`/bookings/${visit.id}/transactions`, { payment: { paymentMethodId: who.visa.id } }),
    );
    expect(sale.paymentTransactions).toEqual([
      expect.objectContaining({ source: 'payment', amount: visit.servicePrice }),
    ]);
    const { body } = await get(`/invoices?bookingId=${visit.id}`).expect(200);
    expect(
      body.items.map((invoice: Body) => [invoice.items[0].description, invoice.status, invoice.amountDue]),
    ).toEqual([
      [expect.not.stringMatching(/fee/), 'paid', 0],
      ['Non-attendance fee', 'paid', 0],
    ]);
  });

  it('can be charged for a booking already marked no_show', async () => {
    const who = await patient();
    const visit = await bookPast(who);
    await mark(visit.id, { attendance: 'no_show' }).expect(200);
    expect(atProcessor(visit.id)).toEqual([]);
    await mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true }).expect(200);
    expect(atProcessor(visit.id)).toHaveLength(1);
    expect(await eventsOf('booking.no_show', visit.id)).toHaveLength(1);
  });

  it('no payment method: 409 no_payment_method; a declined card: 402 card_declined; the booking stays pending either way', async () => {
    const who = await patient();
    const without = await bookPast(who, { paymentMethodId: undefined });
    expectProblem(await mark(without.id, { attendance: 'no_show', chargeNoShowFee: true }), 409, 'no_payment_method');
    const declining = await bookPast(who, { paymentMethodId: who.declining.id });
    expectProblem(await mark(declining.id, { attendance: 'no_show', chargeNoShowFee: true }), 402, 'card_declined');
    for (const visit of [without, declining]) {
      expect((await getBooking(visit.id)).attendance).toBe('pending');
      expect(await transactionsOf(visit.id)).toEqual([]);
      expect(await eventsOf('booking.no_show', visit.id)).toEqual([]);
    }
  });

  it('is not charged on top of money the booking holds: 409 booking_already_paid and nothing changes; marked without the fee, it is', async () => {
    const who = await patient();
    const visit = await bookPast(who);
    await created(post(`/bookings/${visit.id}/transactions`, { payment: { paymentMethodId: who.visa.id } }));
    const refused = await mark(visit.id, { attendance: 'no_show', chargeNoShowFee: true });
    expectProblem(refused, 409, 'booking_already_paid');
    expect(refused.body.detail).toMatch(/without chargeNoShowFee/);
    expect(atProcessor(visit.id)).toEqual([]);
    expect((await getBooking(visit.id)).attendance).toBe('pending');
    expect((await mark(visit.id, { attendance: 'no_show' }).expect(200)).body.attendance).toBe('no_show');
  });
});

describe('the bookings list by attendance', () => {
  it('filters by one attendance or several, comma-separated or repeated, and refuses an unknown one', async () => {
    const who = await patient();
    const [arrived, missed, pending] = [await bookPast(who), await bookPast(who), await bookPast(who)];
    await mark(arrived.id, { attendance: 'arrived' }).expect(200);
    await mark(missed.id, { attendance: 'no_show' }).expect(200);
    const scoped = `clientId=${who.client.id}`;
    expect(await listIds(`${scoped}&attendance=arrived`)).toEqual([arrived.id]);
    expect(await listIds(`${scoped}&attendance=no_show`)).toEqual([missed.id]);
    expect((await listIds(`${scoped}&attendance=pending,no_show`)).sort()).toEqual([missed.id, pending.id].sort());
    expect((await listIds(`${scoped}&attendance=pending&attendance=arrived`)).sort()).toEqual(
      [arrived.id, pending.id].sort(),
    );
    expect((await get(`/bookings?${scoped}&attendance=no_show`).expect(200)).body.totalItems).toBe(1);
    expectInvalid(await get('/bookings?attendance=late'), 'attendance');
  });
});

describe('repeated bookings', () => {
  let yearlySlot = 0;
  /** The first Monday of May in the year after next. */
  const firstOfMay = Temporal.PlainDate.from({ year: FUTURE_YEAR + 1, month: 5, day: 1 });
  const firstMondayOfMay = firstOfMay.add({ days: (8 - firstOfMay.dayOfWeek) % 7 });
  /** A Monday 10:00 in Sydney the year after next, a week apart from every other series this block makes. */
  const farMonday = () => inSydney(firstMondayOfMay.add({ weeks: yearlySlot++ * 8 }).toString(), '10:00');

  it('books a weekly series across the end of daylight saving at 09:00 every time, each occurrence its own booking and event', async () => {
    const who = await patient();
    // Next year's daylight saving ends on the first Sunday of April; the series starts the Monday before, 09:00 AEDT.
    const mondays = [-6, 1, 8].map((days) => daylightSavingEnds(FUTURE_YEAR).add({ days }).toString());
    const response = await post(
      '/bookings',
      bookingBody(who, `${mondays[0]}T09:00:00.000+11:00`, { repeat: { frequency: 'weekly', count: 3 } }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      serviceDate: inSydney(mondays[0], '09:00'),
      seriesId: expect.stringMatching(UUID),
      status: 'confirmed',
    });
    expect(response.headers.location).toBe(`/v1/organisations/${home.id}/bookings/${response.body.id}`);
    const list = (await get(`/bookings?seriesId=${response.body.seriesId}`).expect(200)).body;
    expect(list.totalItems).toBe(3);
    // 22:00 UTC the day before while daylight saving lasts, 23:00 once it has ended.
    expect(list.items.map((item: Body) => item.serviceDate)).toEqual(
      [...mondays].reverse().map((monday) => inSydney(monday, '09:00')),
    );
    expect(list.items.map((item: Body) => item.serviceDate.slice(11, 13))).toEqual(['23', '23', '22']);
    const wallClock = (instant: string) =>
      Temporal.Instant.from(instant).toZonedDateTimeISO(SYDNEY).toPlainTime().toString();
    expect(list.items.map((item: Body) => wallClock(item.serviceDate))).toEqual(['09:00:00', '09:00:00', '09:00:00']);
    expect(list.items[2]).toEqual(response.body);
    for (const item of list.items) expect(await eventsOf('booking.created', item.id)).toEqual([item]);
  });

  it('books a fortnightly series two weeks apart, and a booking made alone has no seriesId', async () => {
    const who = await patient();
    const first = await book(who, farMonday(), { repeat: { frequency: 'fortnightly', count: 2 } });
    const dates = (await get(`/bookings?seriesId=${first.seriesId}`).expect(200)).body.items.map((item: Body) =>
      Date.parse(item.serviceDate),
    );
    expect(dates[0] - dates[1]).toBe(14 * 24 * HOUR);
    expect((await book(who, farMonday())).seriesId).toBeNull();
  });

  it('books nothing when one occurrence does not fit, and names every conflicting serviceDate', async () => {
    const who = await patient();
    const first = farMonday();
    const week = (n: number) => new Date(Date.parse(first) + n * 7 * 24 * HOUR).toISOString();
    await book(who, new Date(Date.parse(week(2)) + 30 * 60_000).toISOString());
    const response = await post('/bookings', bookingBody(who, first, { repeat: { frequency: 'weekly', count: 4 } }));
    expectProblem(response, 409, 'slot_unavailable');
    expect(response.body.conflicts).toEqual([week(2)]);
    expect(await listIds(`clientId=${who.client.id}`)).toHaveLength(1);

    await book(who, new Date(Date.parse(week(3)) - 30 * 60_000).toISOString());
    const twice = await post('/bookings', bookingBody(who, first, { repeat: { frequency: 'weekly', count: 4 } }));
    expectProblem(twice, 409, 'slot_unavailable');
    expect(twice.body.conflicts).toEqual([week(2), week(3)]);
    expect(await listIds(`clientId=${who.client.id}`)).toHaveLength(2);
  });

  it('names the one conflicting serviceDate of a booking made alone too', async () => {
    const who = await patient();
    const taken = farMonday();
    await book(who, taken);
    const response = await post('/bookings', bookingBody(who, taken));
    expectProblem(response, 409, 'slot_unavailable');
    expect(response.body.conflicts).toEqual([taken]);
  });

  it('gives one of 6 simultaneous series for the same times a 201, and the others 409 with nothing written', async () => {
    const who = await patient();
    const first = farMonday();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/bookings', bookingBody(who, first, { repeat: { frequency: 'weekly', count: 3 } })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await listIds(`clientId=${who.client.id}`)).toHaveLength(3);
  });

  it('replays a series to a retry with the same Idempotency-Key, booking it once', async () => {
    const who = await patient();
    const key = randomUUID();
    const body = bookingBody(who, farMonday(), { repeat: { frequency: 'weekly', count: 3 } });
    const first = await post('/bookings', body, key).expect(201);
    const retry = await post('/bookings', body, key).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await listIds(`clientId=${who.client.id}`)).toHaveLength(3);
  });

  it.each([
    ['a count of 1', { frequency: 'weekly', count: 1 }, 'repeat.count'],
    ['a count of 53', { frequency: 'weekly', count: 53 }, 'repeat.count'],
    ['a count that is not whole', { frequency: 'weekly', count: 2.5 }, 'repeat.count'],
    ['a count as a string', { frequency: 'weekly', count: '3' }, 'repeat.count'],
    ['no count', { frequency: 'weekly' }, 'repeat.count'],
    ['an unknown frequency', { frequency: 'daily', count: 3 }, 'repeat.frequency'],
    ['an unknown field', { frequency: 'weekly', count: 3, until: '2028-12-01' }, 'repeat.until'],
    ['a repeat that is not an object', 'weekly', 'repeat'],
  ])('refuses %s with 400, booking nothing', async (_case, repeat, field) => {
    const who = await patient();
    expectInvalid(await post('/bookings', bookingBody(who, farMonday(), { repeat })), field);
    expect(await listIds(`clientId=${who.client.id}`)).toEqual([]);
  });

  it('lists by seriesId only that series, and refuses a seriesId that is not an id', async () => {
    const who = await patient();
    const series = await book(who, farMonday(), { repeat: { frequency: 'weekly', count: 2 } });
    await book(who, farMonday(), { repeat: { frequency: 'weekly', count: 2 } });
    const items = (await get(`/bookings?seriesId=${series.seriesId}`).expect(200)).body.items;
    expect(items.map((item: Body) => item.seriesId)).toEqual([series.seriesId, series.seriesId]);
    expect(await listIds(`seriesId=${UNKNOWN_UUID}`)).toEqual([]);
    expectInvalid(await get('/bookings?seriesId=weekly'), 'seriesId');
  });

  it("takes every occurrence's time out of availability", async () => {
    await t
      .http()
      .put(orgPath(home.id, `/providers/${sam.id}/working-hours`))
      .set('Authorization', home.auth)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          items: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
            locationId: sydney.id,
            dayOfWeek,
            startTime: '08:00',
            endTime: '18:00',
          })),
        }),
      )
      .expect(200);
    const offered = async (date: string) =>
      (
        await t
          .http()
          .get(
            orgPath(
              home.id,
              `/availability?appointmentTypeId=${type.id}&locationId=${sydney.id}&providerId=${sam.id}&from=${date}&to=${date}`,
            ),
          )
          .expect(200)
      ).body.days[0].slots.map((slot: Body) => slot.startsAt);
    const [week1, week2, week3] = [7, 14, 21].map(sydneyDayAhead);
    for (const date of [week1, week2, week3]) expect(await offered(date)).toContain(inSydney(date, '10:00'));

    const who = await patient();
    await book(who, inSydney(week1, '10:00'), { providerId: sam.id, repeat: { frequency: 'weekly', count: 3 } });
    for (const date of [week1, week2, week3]) {
      const times = await offered(date);
      expect(times).not.toContain(inSydney(date, '10:00'));
      expect(times).toContain(inSydney(date, '11:00'));
    }
  });
});

describe('cancel with scope', () => {
  const series = async (who: Patient, first: string, count = 4): Promise<Body[]> => {
    const booked = await book(who, first, { paymentMethodId: who.visa.id, repeat: { frequency: 'weekly', count } });
    const items: Body[] = (await get(`/bookings?seriesId=${booked.seriesId}`).expect(200)).body.items;
    return items.reverse();
  };
  let slot = 0;
  /** A series start two years after next, a month apart from every other this block makes. */
  const farStart = () => new Date(Date.UTC(FUTURE_YEAR + 2, slot++, 1, 0, 0)).toISOString();

  it('cancels only this occurrence by default, and with following this one and every later one, each with its event', async () => {
    const who = await patient();
    const [first, second, third, fourth] = await series(who, farStart());
    expect((await cancel(first.id).expect(200)).body.status).toBe('cancelled');
    expect((await getBooking(second.id)).status).toBe('confirmed');

    const response = await cancel(third.id, { scope: 'following' }).expect(200);
    expect(response.body).toMatchObject({ id: third.id, status: 'cancelled' });
    const statuses = await Promise.all(
      [first, second, third, fourth].map(async (booking) => (await getBooking(booking.id)).status),
    );
    expect(statuses).toEqual(['cancelled', 'confirmed', 'cancelled', 'cancelled']);
    for (const booking of [third, fourth])
      expect(await eventsOf('booking.cancelled', booking.id)).toEqual([await getBooking(booking.id)]);
    expect(await eventsOf('booking.cancelled', second.id)).toEqual([]);

    expectProblem(await cancel(third.id, { scope: 'following' }), 409, 'booking_already_cancelled');
    expect((await cancel(second.id, { scope: 'following' }).expect(200)).body.status).toBe('cancelled');
  });

  it('cancels a booking made alone with following as itself alone', async () => {
    const who = await patient();
    const alone = await book(who, farStart());
    expect((await cancel(alone.id, { scope: 'following' }).expect(200)).body.status).toBe('cancelled');
  });

  it('charges a cancellation fee, when asked, for this occurrence only', async () => {
    const who = await patient();
    const soon = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * HOUR).toISOString();
    const occurrences = await series(who, soon, 3);
    await cancel(occurrences[0].id, { scope: 'following', chargeCancellationFee: true }).expect(200);
    for (const [index, booking] of occurrences.entries()) {
      expect((await getBooking(booking.id)).status).toBe('cancelled');
      expect(processor().chargesDescribed(`Cancellation fee, booking ${booking.id}`)).toHaveLength(index === 0 ? 1 : 0);
    }
  });

  it('refuses an unknown scope with 400, cancelling nothing', async () => {
    const who = await patient();
    const [first] = await series(who, farStart(), 2);
    expectInvalid(await cancel(first.id, { scope: 'all' }), 'scope');
    expect((await getBooking(first.id)).status).toBe('confirmed');
  });
});
