import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Temporal } from 'temporal-polyfill';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
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
  sql,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';
import { dayAhead, offsetOn, sydney, ZONE } from './support/sydney-time.js';

// Every test file shares one database with the others: each block makes its own organisations.
// Days are counted from today in Sydney, a week ahead, so the minimum notice never interferes.

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const put = (path: string, body: unknown, auth = t.platformAuth) =>
  t.http().put(path).set('Authorization', auth).set('Content-Type', 'application/json').send(JSON.stringify(body));
const get = (path: string, auth: string | null = t.platformAuth) =>
  auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path);
const publicPost = (path: string, body: unknown, idempotencyKey?: string) => {
  const request = t.http().post(path).set('Content-Type', 'application/json');
  if (idempotencyKey) request.set('Idempotency-Key', idempotencyKey);
  return request.send(JSON.stringify(body));
};

interface Clinic {
  id: string;
  slug: string;
  location: Body;
  providers: Body[];
  type: Body;
}

/** An organisation taking online bookings: one Sydney location, providers working 09:00 to 17:00 every day. */
async function clinic(
  name: string,
  options: { providers?: number; bookingsEnabled?: boolean; maxAttendees?: number } = {},
): Promise<Clinic> {
  const organisation = await createOrganisation(t, name, { bookingsEnabled: options.bookingsEnabled ?? true });
  const business = await createBusiness(t, organisation.id);
  const location = await createLocation(t, organisation.id, business.id, { timeZone: ZONE });
  const providers: Body[] = [];
  for (let index = 0; index < (options.providers ?? 1); index++) {
    const provider = await createProvider(t, organisation.id, {
      firstName: `Priya${index}`,
      lastName: named('Raman'),
      bookingsEnabled: true,
    });
    await createLink(t, organisation.id, provider.id, location.id);
    await put(orgPath(organisation.id, `/providers/${provider.id}/working-hours`), {
      items: EVERY_DAY.map((dayOfWeek) => ({
        locationId: location.id,
        dayOfWeek,
        startTime: '09:00',
        endTime: '17:00',
      })),
    }).expect(200);
    providers.push(provider);
  }
  const type = await createAppointmentType(t, organisation.id, {
    durationMinutes: 30,
    providers: providers.map((provider) => provider.id),
    locations: [location.id],
    maxAttendees: options.maxAttendees ?? 1,
  });
  return { id: organisation.id, slug: organisation.slug, location, providers, type };
}

const availability = (c: Clinic, from: string, to = from, extra = '') =>
  get(
    orgPath(
      c.slug,
      `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&from=${from}&to=${to}${extra}`,
    ),
    null,
  );

const startsOn = async (c: Clinic, date: string, extra = ''): Promise<string[]> => {
  const response = await availability(c, date, date, extra).expect(200);
  return response.body.days[0].slots.map((slot: Body) => slot.startsAt);
};

const patient = (overrides: Body = {}) => ({
  firstName: 'Alex',
  lastName: named('Chen'),
  email: `alex.${RUN}.${Math.random().toString(36).slice(2)}@example.com`,
  ...overrides,
});

const book = (c: Clinic, startsAt: string, overrides: Body = {}, idempotencyKey?: string) =>
  publicPost(
    orgPath(c.slug, '/public-bookings'),
    {
      appointmentTypeId: c.type.id,
      locationId: c.location.id,
      providerId: c.providers[0].id,
      startsAt,
      patient: patient(),
      ...overrides,
    },
    idempotencyKey,
  );

describe('working hours', () => {
  let c: Clinic;
  let path: string;

  beforeAll(async () => {
    c = await clinic('Hours Clinic');
    path = orgPath(c.id, `/providers/${c.providers[0].id}/working-hours`);
  });

  it('replaces the whole week and reads it back in day order', async () => {
    const items = [
      { locationId: c.location.id, dayOfWeek: 3, startTime: '13:00', endTime: '17:30' },
      { locationId: c.location.id, dayOfWeek: 1, startTime: '08:00', endTime: '12:00' },
      { locationId: c.location.id, dayOfWeek: 1, startTime: '12:30', endTime: '16:00' },
    ];
    const response = await put(path, { items }).expect(200);
    expect(response.body).toEqual({ items: [items[1], items[2], items[0]] });
    expect((await get(path).expect(200)).body).toEqual(response.body);
    expect((await put(path, { items: [] }).expect(200)).body).toEqual({ items: [] });
  });

  it.each([
    ['an end before the start', [{ dayOfWeek: 1, startTime: '17:00', endTime: '09:00' }], 'items[0].endTime'],
    [
      'two stretches overlapping on one day',
      [
        { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 2, startTime: '11:00', endTime: '13:00' },
      ],
      'items[1]',
    ],
    ['a time that is not HH:MM', [{ dayOfWeek: 1, startTime: '9am', endTime: '17:00' }], 'items.0.startTime'],
    ['hour 24', [{ dayOfWeek: 1, startTime: '09:00', endTime: '24:00' }], 'items.0.endTime'],
    ['day 8', [{ dayOfWeek: 8, startTime: '09:00', endTime: '17:00' }], 'items.0.dayOfWeek'],
  ])('refuses %s with 400 and keeps the week as it was', async (_, stretches, field) => {
    const before = (await get(path).expect(200)).body;
    const response = await put(path, {
      items: stretches.map((stretch) => ({ locationId: c.location.id, ...stretch })),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: Body) => error.field.replace(/\[(\d+)\]/g, '.$1'))).toContain(
      field.replace(/\[(\d+)\]/g, '.$1'),
    );
    expect((await get(path).expect(200)).body).toEqual(before);
  });

  it('refuses a location the provider is not linked to', async () => {
    const business = await createBusiness(t, c.id);
    const elsewhere = await createLocation(t, c.id, business.id, { name: named('Manly') });
    expectInvalid(
      await put(path, { items: [{ locationId: elsewhere.id, dayOfWeek: 1, startTime: '09:00', endTime: '17:00' }] }),
      'items[0].locationId',
      'provider_not_at_location',
    );
  });

  it('answers 404 for a provider of another organisation and 403 to another organisation key', async () => {
    const other = await clinic('Hours Other');
    expectProblem(await get(orgPath(c.id, `/providers/${other.providers[0].id}/working-hours`)), 404, 'not_found');
    const otherKey = await createScopedKey(t, other.id, 'hours other');
    expectProblem(await get(path, otherKey), 403, 'forbidden');
    expectProblem(await get(path, null), 401, 'unauthenticated');
  });
});

describe('time off', () => {
  let c: Clinic;
  let path: string;

  beforeAll(async () => {
    c = await clinic('Time Off Clinic');
    path = orgPath(c.id, `/providers/${c.providers[0].id}/time-off`);
  });

  it('takes times out of availability until it is removed', async () => {
    const date = dayAhead(8);
    const before = await startsOn(c, date);
    expect(before).toContain(sydney(date, '10:00'));

    const timeOff = await created(
      postJson(t, path, {
        startsAt: `${date}T09:45:00+${offsetOn(date)}`,
        endsAt: `${date}T11:00:00+${offsetOn(date)}`,
        reason: 'Dentist',
      }),
    );
    expect(timeOff).toEqual({
      id: expect.any(String),
      providerId: c.providers[0].id,
      startsAt: sydney(date, '09:45'),
      endsAt: sydney(date, '11:00'),
      reason: 'Dentist',
      createdAt: expect.any(String),
    });
    const during = await startsOn(c, date);
    expect(during).not.toContain(sydney(date, '09:30'));
    expect(during).not.toContain(sydney(date, '10:30'));
    expect(during).toContain(sydney(date, '09:00'));
    expect(during).toContain(sydney(date, '11:00'));

    const list = await get(`${path}?limit=5`).expect(200);
    expect(list.body).toMatchObject({ items: [timeOff], page: 1, limit: 5, totalItems: 1, totalPages: 1 });

    await t.http().delete(`${path}/${timeOff.id}`).set('Authorization', t.platformAuth).expect(204);
    expect(await startsOn(c, date)).toEqual(before);
    expectProblem(
      await t.http().delete(`${path}/${timeOff.id}`).set('Authorization', t.platformAuth),
      404,
      'not_found',
    );
  });

  it.each([
    ['an end before the start', { startsAt: '2027-01-02T10:00:00Z', endsAt: '2027-01-02T09:00:00Z' }, 'endsAt'],
    ['a time without an offset', { startsAt: '2027-01-02T10:00:00', endsAt: '2027-01-02T12:00:00Z' }, 'startsAt'],
    ['a day that does not exist', { startsAt: '2027-02-30T10:00:00Z', endsAt: '2027-03-02T12:00:00Z' }, 'startsAt'],
  ])('refuses %s with 400', async (_, body, field) => {
    expectInvalid(await postJson(t, path, body), field);
  });
});

describe('availability', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Availability Clinic', { providers: 2 });
  });

  it('answers every asked day in the location time zone, without an API key, by slug or id', async () => {
    const from = dayAhead(7);
    const to = dayAhead(13);
    const response = await availability(c, from, to).expect(200);
    expect(response.body.timeZone).toBe(ZONE);
    expect(response.body.days.map((day: Body) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => dayAhead(7 + index)),
    );
    const [first] = response.body.days;
    expect(first.slots).toHaveLength(16 * 2 - 1);
    expect(first.slots[0]).toEqual({
      startsAt: sydney(from, '09:00'),
      endsAt: sydney(from, '09:30'),
      providerIds: expect.arrayContaining(c.providers.map((provider) => provider.id)),
    });
    const byId = await get(
      orgPath(c.id, `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&from=${from}&to=${to}`),
      null,
    ).expect(200);
    expect(byId.body).toEqual(response.body);
  });

  it("leaves out a provider's booked times, for that provider only", async () => {
    const date = dayAhead(9);
    const [priya, sam] = c.providers;
    const client = await createClient(t, c.id);
    await created(
      postJson(t, orgPath(c.id, '/bookings'), {
        clientId: client.id,
        providerId: priya.id,
        locationId: c.location.id,
        appointmentTypeId: c.type.id,
        serviceDate: sydney(date, '10:15'),
      }),
    );
    const onlyPriya = await startsOn(c, date, `&providerId=${priya.id}`);
    expect(onlyPriya).toContain(sydney(date, '09:30'));
    expect(onlyPriya).not.toContain(sydney(date, '10:00'));
    expect(onlyPriya).not.toContain(sydney(date, '10:30'));
    expect(onlyPriya).toContain(sydney(date, '11:00'));

    const day = (await availability(c, date).expect(200)).body.days[0];
    const tenAm = day.slots.find((slot: Body) => slot.startsAt === sydney(date, '10:00'));
    expect(tenAm.providerIds).toEqual([sam.id]);
  });

  it('sends the same number of SQL statements for one provider over one day as for every provider over 31 days', async () => {
    const small = await countRequestStatements(() =>
      availability(c, dayAhead(7), dayAhead(7), `&providerId=${c.providers[0].id}`).expect(200),
    );
    const large = await countRequestStatements(() => availability(c, dayAhead(7), dayAhead(37)).expect(200));
    expect(large.statements.length).toBe(small.statements.length);
    expect(large.statements.length).toBeLessThanOrEqual(7);
  });

  it.each([
    [
      'more than 31 days',
      (from: string) => `from=${from}&to=${Temporal.PlainDate.from(from).add({ days: 31 }).toString()}`,
      'to',
    ],
    [
      'to before from',
      (from: string) => `from=${from}&to=${Temporal.PlainDate.from(from).subtract({ days: 1 }).toString()}`,
      'to',
    ],
    ['a day that does not exist', () => 'from=2027-02-30&to=2027-03-01', 'from'],
    ['a malformed date', () => 'from=tomorrow&to=2027-03-01', 'from'],
    ['no dates', () => '', 'from'],
  ])('answers 400 for %s', async (_, dates, field) => {
    expectInvalid(
      await get(
        orgPath(
          c.slug,
          `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&${dates(dayAhead(7))}`,
        ),
        null,
      ),
      field,
    );
  });

  it('answers 400 for a malformed id and 404 for an unknown service, location, provider or organisation', async () => {
    const day = dayAhead(7);
    expectInvalid(
      await get(
        orgPath(c.slug, `/availability?appointmentTypeId=nope&locationId=${c.location.id}&from=${day}&to=${day}`),
        null,
      ),
      'appointmentTypeId',
    );
    expectProblem(
      await get(
        orgPath(
          c.slug,
          `/availability?appointmentTypeId=${UNKNOWN_UUID}&locationId=${c.location.id}&from=${day}&to=${day}`,
        ),
        null,
      ),
      404,
      'not_found',
    );
    expectProblem(
      await get(
        orgPath(
          c.slug,
          `/availability?appointmentTypeId=${c.type.id}&locationId=${UNKNOWN_UUID}&from=${day}&to=${day}`,
        ),
        null,
      ),
      404,
      'not_found',
    );
    expectProblem(await availability(c, day, day, `&providerId=${UNKNOWN_UUID}`), 404, 'not_found');
    expectProblem(
      await get(
        orgPath(
          `no-such-clinic-${RUN}`,
          `/availability?appointmentTypeId=${c.type.id}&locationId=${c.location.id}&from=${day}&to=${day}`,
        ),
        null,
      ),
      404,
      'not_found',
    );
  });

  it('answers 404 for the service of another organisation', async () => {
    const other = await clinic('Availability Other');
    const day = dayAhead(7);
    expectProblem(
      await get(
        orgPath(
          c.slug,
          `/availability?appointmentTypeId=${other.type.id}&locationId=${c.location.id}&from=${day}&to=${day}`,
        ),
        null,
      ),
      404,
      'not_found',
    );
  });
});

describe('public booking', () => {
  let c: Clinic;

  beforeAll(async () => {
    c = await clinic('Public Booking Clinic');
  });

  it('takes a listed time, which then disappears; the manage token shows it and cancels it, and the time is back', async () => {
    const date = dayAhead(10);
    const startsAt = sydney(date, '09:00');
    expect(await startsOn(c, date)).toContain(startsAt);

    const response = await book(c, startsAt);
    expect(response.status).toBe(201);
    const { booking, manageToken } = response.body;
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(booking).toEqual({
      status: 'confirmed',
      startsAt,
      endsAt: sydney(date, '09:30'),
      cancelledAt: null,
      organisation: { name: named('Public Booking Clinic'), slug: c.slug, brandImageUrl: null },
      // The ids the organisation's public booking data lists, with which the manage page asks for other times.
      service: { id: c.type.id, name: c.type.name, durationMinutes: 30, price: 9500 },
      provider: { id: c.providers[0].id, firstName: 'Priya0', lastName: named('Raman') },
      location: { id: c.location.id, name: c.location.name, timeZone: ZONE, address: c.location.address },
      cancellationPolicy: expect.objectContaining({
        enabled: false,
        fee: expect.objectContaining({ freeCancellationHours: 24, billable: false }),
      }),
    });
    expect(await startsOn(c, date)).not.toContain(startsAt);

    const seen = await get(`/v1/public-bookings/${manageToken}`, null).expect(200);
    expect(seen.body).toEqual(booking);

    const cancelled = await t.http().post(`/v1/public-bookings/${manageToken}/cancel`).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String), startsAt });
    expect(await startsOn(c, date)).toContain(startsAt);
    expectProblem(await t.http().post(`/v1/public-bookings/${manageToken}/cancel`), 409, 'booking_already_cancelled');
  });

  it('stores only a hash of the manage token, and a wrong or malformed token is a 404', async () => {
    const { manageToken } = (await book(c, sydney(dayAhead(10), '11:00')).expect(201)).body;
    const rows = await sql<{ manage_token_hash: string }>(
      t,
      'select manage_token_hash from bookings where manage_token_hash is not null',
    );
    expect(rows.map((row) => row.manage_token_hash)).not.toContain(manageToken);
    expect(JSON.stringify(rows)).not.toContain(manageToken);
    const wrong = `${manageToken.slice(0, -1)}${manageToken.endsWith('A') ? 'B' : 'A'}`;
    const response = await get(`/v1/public-bookings/${wrong}`, null);
    expectProblem(response, 404, 'not_found');
    expect(response.body.detail).not.toContain(wrong);
    expectProblem(await get('/v1/public-bookings/short', null), 404, 'not_found');
  });

  it("books the organisation's client with the same email, and answers nothing about that client", async () => {
    const secretMobile = '+61412999888';
    const existing = await createClient(t, c.id, {
      firstName: 'Jordan',
      lastName: named('Existing'),
      email: `jordan.${RUN}@example.com`,
      mobileNumber: secretMobile,
      dateOfBirth: '1970-01-02',
    });
    const response = await book(c, sydney(dayAhead(10), '13:00'), {
      patient: patient({ firstName: 'Someone', lastName: 'Else', email: `JORDAN.${RUN}@example.com` }),
    });
    expect(response.status).toBe(201);
    const [row] = await sql<{ client_id: string }>(
      t,
      'select client_id from bookings where organisation_id = ? and service_date = ?',
      [c.id, sydney(dayAhead(10), '13:00')],
    );
    expect(row.client_id).toBe(existing.id);
    for (const text of [response.text, (await get(`/v1/public-bookings/${response.body.manageToken}`, null)).text]) {
      for (const secret of [
        existing.id,
        'Jordan',
        named('Existing'),
        secretMobile,
        '1970-01-02',
        `jordan.${RUN}`,
        c.id,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('makes a new client when the email is new', async () => {
    const email = `new.${RUN}@example.com`;
    await book(c, sydney(dayAhead(10), '14:00'), {
      patient: patient({ firstName: 'Nina', email, mobileNumber: '0412 345 678' }),
    }).expect(201);
    const clients = await sql<Body>(
      t,
      'select first_name, email, mobile_number from clients where organisation_id = ? and email = ?',
      [c.id, email],
    );
    expect(clients).toEqual([{ first_name: 'Nina', email, mobile_number: '+61412345678' }]);
  });

  it.each([
    ['a mobile number too short to dial', { mobileNumber: '12' }, 'patient.mobileNumber', '09:00'],
    ['a date of birth in the future', { dateOfBirth: '2999-01-01' }, 'patient.dateOfBirth', '09:30'],
  ])(
    "refuses %s with the same 400 whether the email is a client's or not, so the answer tells no one who is a client",
    async (_, details, field, time) => {
      const known = await createClient(t, c.id, {
        firstName: 'Kim',
        lastName: named('Known'),
        email: `known.${field}.${RUN}@example.com`,
      });
      const answers = [];
      for (const email of [known.email, `unknown.${field}.${RUN}@example.com`]) {
        const response = await book(c, sydney(dayAhead(11), time), { patient: patient({ email, ...details }) });
        answers.push({ status: response.status, code: response.body.code, errors: response.body.errors });
      }
      expect(answers[0]).toEqual({
        status: 400,
        code: 'validation_failed',
        errors: [{ field, code: expect.any(String), message: expect.any(String) }],
      });
      expect(answers[1]).toEqual(answers[0]);
    },
  );

  it('gives one of 12 parallel bookings of one time a 201 and the others 409 slot_unavailable, leaving no client behind', async () => {
    const startsAt = sydney(dayAhead(11), '15:00');
    const emails = Array.from({ length: 12 }, (_, index) => `race${index}.${RUN}@example.com`);
    const responses = await Promise.all(emails.map((email) => book(c, startsAt, { patient: patient({ email }) })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    for (const response of responses.filter((answer) => answer.status === 409))
      expectProblem(response, 409, 'slot_unavailable');
    const [{ count }] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from clients where organisation_id = ? and email in (?)',
      [c.id, emails],
    );
    expect(count).toBe(1);
  });

  it('gives a public and a back-office booking of one time one winner', async () => {
    const startsAt = sydney(dayAhead(11), '16:00');
    const client = await createClient(t, c.id);
    const [online, office] = await Promise.all([
      book(c, startsAt),
      postJson(t, orgPath(c.id, '/bookings'), {
        clientId: client.id,
        providerId: c.providers[0].id,
        locationId: c.location.id,
        appointmentTypeId: c.type.id,
        serviceDate: startsAt,
      }),
    ]);
    expect([online.status, office.status].sort()).toEqual([201, 409]);
  });

  it('answers 409 slot_unavailable for a time that is not listed', async () => {
    const date = dayAhead(12);
    expectProblem(await book(c, sydney(date, '09:10')), 409, 'slot_unavailable'); // off the grid
    expectProblem(await book(c, sydney(date, '07:00')), 409, 'slot_unavailable'); // before working hours
  });

  it('answers 409 slot_unavailable for a time inside the minimum notice, and books it once the notice allows', async () => {
    const strict = await clinic('Notice Clinic');
    const notice = (minimumNoticeMinutes: number) =>
      t
        .http()
        .patch(orgPath(strict.id, '/booking-settings'))
        .set('Authorization', t.platformAuth)
        .send({ minimumNoticeMinutes })
        .expect(200);
    // Tomorrow at 10:00 in Sydney is on the grid and in working hours, and at most 34 hours away.
    const tomorrow = sydney(dayAhead(1), '10:00');
    await notice(3 * 24 * 60);
    expectProblem(await book(strict, tomorrow), 409, 'slot_unavailable');
    await notice(0);
    expect((await book(strict, tomorrow)).status).toBe(201);
  });

  it('replays the first answer for a retry with the same Idempotency-Key, without booking twice', async () => {
    const startsAt = sydney(dayAhead(12), '12:00');
    const body = {
      appointmentTypeId: c.type.id,
      locationId: c.location.id,
      providerId: c.providers[0].id,
      startsAt,
      patient: patient(),
    };
    const key = `public-${RUN}`;
    const first = await publicPost(orgPath(c.slug, '/public-bookings'), body, key).expect(201);
    const again = await publicPost(orgPath(c.slug, '/public-bookings'), body, key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expectProblem(
      await publicPost(orgPath(c.slug, '/public-bookings'), { ...body, startsAt: sydney(dayAhead(12), '12:30') }, key),
      422,
      'idempotency_key_reused',
    );
  });

  it.each([
    ['no patient', { patient: undefined }, 'patient'],
    ['a patient without email', { patient: { firstName: 'Alex', lastName: 'Chen' } }, 'patient.email'],
    ['a malformed email', { patient: { firstName: 'Alex', lastName: 'Chen', email: 'not-an-email' } }, 'patient.email'],
    [
      'a bad mobile number',
      { patient: { firstName: 'Alex', lastName: 'Chen', email: `m.${RUN}@example.com`, mobileNumber: '12' } },
      'patient.mobileNumber',
    ],
    [
      'a future date of birth',
      { patient: { firstName: 'Alex', lastName: 'Chen', email: `d.${RUN}@example.com`, dateOfBirth: '2999-01-01' } },
      'patient.dateOfBirth',
    ],
    [
      'a blank first name',
      { patient: { firstName: '  ', lastName: 'Chen', email: `f.${RUN}@example.com` } },
      'patient.firstName',
    ],
    ['a start without an offset', { startsAt: '2027-03-01T09:00:00' }, 'startsAt'],
    ['a malformed provider id', { providerId: 'someone' }, 'providerId'],
  ])('answers 400 for %s', async (_, overrides, field) => {
    const response = await book(c, sydney(dayAhead(12), '15:30'), overrides);
    expectProblem(response, 400, 'validation_failed');
    expect(response.body.errors.map((error: Body) => error.field)).toContain(field);
  });

  it('answers 409 bookings_disabled when the organisation takes no online bookings', async () => {
    const closed = await clinic('Closed Clinic', { bookingsEnabled: false });
    const startsAt = sydney(dayAhead(10), '10:00');
    expectProblem(await book(closed, startsAt), 409, 'bookings_disabled');
    const day = (await availability(closed, dayAhead(10)).expect(200)).body.days[0];
    expect(day.slots).toEqual([]);
  });
});
