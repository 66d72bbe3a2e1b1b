import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Body,
  createBookableClinic,
  createClient,
  createTenant,
  created,
  named,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type DeliveredEvent, WebhookReceiver } from './support/webhook-receiver.js';

// Deliveries in a jobs schema of this file's own, so no other file's app runs them.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1', JOBS_SCHEMA: `pgboss_${RUN}` };
const ETAG = /^"[0-9a-z]+"$/;

let t: TestApp;
let orgA: Tenant;
let orgB: Tenant;
const receiver = new WebhookReceiver();

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const patch = (path: string, body: unknown, auth = t.platformAuth) =>
  t.http().patch(path).set('Authorization', auth).set('Content-Type', 'application/json').send(JSON.stringify(body));
const remove = (path: string, auth = t.platformAuth) => t.http().delete(path).set('Authorization', auth);
const clientPath = (organisationId: string, clientId: string) => orgPath(organisationId, `/clients/${clientId}`);
const search = async (organisationId: string, query: string, auth = t.platformAuth): Promise<Body> =>
  (await get(`${orgPath(organisationId, '/clients')}?${query}`, auth).expect(200)).body as Body;
/** First and last names of a page, in its order. */
const namesOf = (page: Body): string[] => page.items.map((client: Body) => `${client.firstName} ${client.lastName}`);
/** The events of a type the organisation's log holds about the resource. */
const eventsAbout = async (tenant: Tenant, type: string, id: string): Promise<Body[]> =>
  (await get(`/v1/events?type=${type}&limit=200`, tenant.auth).expect(200)).body.items.filter(
    (event: Body) => event.data.id === id,
  );

/** The delivered event of `type` about the resource `id`, once the receiver has it. */
async function delivered(type: string, id: string, timeoutMs = 20_000): Promise<DeliveredEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receiver.received.find(
      (received) => received.event?.type === type && received.event.data.id === id,
    )?.event;
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} about ${id} was delivered`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp(ENV);
  [orgA, orgB] = await Promise.all([createTenant(t, 'Back Office A'), createTenant(t, 'Back Office B')]);
  const endpoint = await created(
    postJson(t, orgPath(orgA.id, '/webhook-endpoints'), {
      url: await receiver.start(),
      enabledEvents: ['client.*', 'member.*'],
    }),
  );
  receiver.secret = endpoint.secret;
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

describe('GET /v1/organisations/{organisationId}/clients', () => {
  let clinic: Tenant;
  const people: Record<string, Body> = {};

  beforeAll(async () => {
    clinic = await createTenant(t, 'Search Clinic');
    const add = async (key: string, body: Body) =>
      (people[key] = await createClient(t, clinic.id, { lastName: body.lastName, ...body }, clinic.auth));
    await add('zoe', {
      firstName: 'Zoë',
      lastName: 'Núñez',
      email: 'Zoe.Nunez@example.com',
      mobileNumber: '0412 345 678',
      dateOfBirth: '1988-04-12',
    });
    await add('jose', { firstName: 'José', lastName: "O'Brien", email: 'jose@example.com', dateOfBirth: '1988-04-12' });
    await add('alex', { firstName: 'Alex', lastName: 'chen' });
    await add('alexandra', { firstName: 'Alexandra', lastName: 'Chen-Wright', mobileNumber: '+61 400 111 222' });
    await add('sam', { firstName: 'Sam', lastName: 'Alexander' });
    await add('archived', { firstName: 'Alex', lastName: 'Archer' });
    await remove(clientPath(clinic.id, people.archived.id), clinic.auth).expect(200);
    // Another organisation's client of the same names and number is never found here.
    await createClient(t, orgB.id, { firstName: 'Zoë', lastName: 'Núñez', mobileNumber: '0412 345 678' }, orgB.auth);
  });

  it('lists the clients by last name, first name and id, ignoring case and accents, archived ones left out', async () => {
    const page = await search(clinic.id, 'limit=10', clinic.auth);
    expect(namesOf(page)).toEqual(['Sam Alexander', 'Alex chen', 'Alexandra Chen-Wright', 'Zoë Núñez', "José O'Brien"]);
    expect(page).toMatchObject({ page: 1, limit: 10, totalItems: 5, totalPages: 1 });
    expect(page.items[3]).toEqual((await get(clientPath(clinic.id, people.zoe.id), clinic.auth).expect(200)).body);
  });

  it.each([
    ['the start of a first name or of a last name', 'alex', ['Sam Alexander', 'Alex chen', 'Alexandra Chen-Wright']],
    ['the start of a last name', 'chen', ['Alex chen', 'Alexandra Chen-Wright']],
    ['a whole last name', 'alexander', ['Sam Alexander']],
    ['the start of a full name', 'alex che', ['Alex chen']],
    ['a full name with spaces around', '  Alexandra   Chen ', ['Alexandra Chen-Wright']],
    ['upper case', 'CHEN-W', ['Alexandra Chen-Wright']],
    ['no accents for accented names', 'zoe nunez', ['Zoë Núñez']],
    ['accents for a name without them', 'Àlëx', ['Sam Alexander', 'Alex chen', 'Alexandra Chen-Wright']],
    ['accents as stored', 'Núñ', ['Zoë Núñez']],
    ['an apostrophe left out', 'obri', ["José O'Brien"]],
    ['a whole email in another case', 'ZOE.NUNEZ@EXAMPLE.COM', ['Zoë Núñez']],
    ['a mobile number as dialled at home', '0412 345 678', ['Zoë Núñez']],
    ['a mobile number without spaces', '0412345678', ['Zoë Núñez']],
    ['a mobile number in E.164', '+61412345678', ['Zoë Núñez']],
    ['a mobile number in international form', '+61 412 345 678', ['Zoë Núñez']],
    ['a mobile number without the plus', '61412345678', ['Zoë Núñez']],
    ['another mobile number', '0400 111 222', ['Alexandra Chen-Wright']],
    ['the start of an email', 'zoe.nunez@', []],
    ['part of a mobile number', '0412 345', []],
    ['the middle of a name', 'lexa', []],
    ['a name nobody has', 'quentin', []],
  ])('q matches %s (%s)', async (_, q, names) => {
    const page = await search(clinic.id, `q=${encodeURIComponent(q)}`, clinic.auth);
    expect(namesOf(page)).toEqual(names);
    expect(page.totalItems).toBe(names.length);
  });

  it('finds archived clients with includeDeleted=true, marked deleted', async () => {
    expect(namesOf(await search(clinic.id, 'q=arch', clinic.auth))).toEqual([]);
    const page = await search(clinic.id, 'q=arch&includeDeleted=true', clinic.auth);
    expect(page.items).toEqual([expect.objectContaining({ id: people.archived.id, deleted: true })]);
    expect((await search(clinic.id, 'includeDeleted=true&limit=200', clinic.auth)).totalItems).toBe(6);
    expect((await search(clinic.id, 'includeDeleted=false', clinic.auth)).totalItems).toBe(5);
  });

  it('filters exactly by email (ignoring case), mobile number (in any form) and date of birth, together with q', async () => {
    expect(namesOf(await search(clinic.id, 'email=JOSE@example.com', clinic.auth))).toEqual(["José O'Brien"]);
    expect(namesOf(await search(clinic.id, 'email=jose@example.co', clinic.auth))).toEqual([]);
    expect(
      namesOf(await search(clinic.id, `mobileNumber=${encodeURIComponent('+61 412 345 678')}`, clinic.auth)),
    ).toEqual(['Zoë Núñez']);
    expect(namesOf(await search(clinic.id, 'mobileNumber=0400111222', clinic.auth))).toEqual(['Alexandra Chen-Wright']);
    expect(namesOf(await search(clinic.id, 'dateOfBirth=1988-04-12', clinic.auth))).toEqual([
      'Zoë Núñez',
      "José O'Brien",
    ]);
    expect(namesOf(await search(clinic.id, 'dateOfBirth=1988-04-12&q=jo', clinic.auth))).toEqual(["José O'Brien"]);
    expect(namesOf(await search(clinic.id, 'dateOfBirth=1988-04-13', clinic.auth))).toEqual([]);
  });

  it('pages a search with true totals', async () => {
    const first = await search(clinic.id, 'q=a&limit=1', clinic.auth);
    const second = await search(clinic.id, 'q=a&limit=1&page=2', clinic.auth);
    expect([namesOf(first), namesOf(second), first.totalItems, first.totalPages]).toEqual([
      ['Sam Alexander'],
      ['Alex chen'],
      3,
      3,
    ]);
    expect(namesOf(await search(clinic.id, 'q=a&limit=1&page=4', clinic.auth))).toEqual([]);
  });

  it.each([
    ['an empty q', 'q=', 'q'],
    ['a q of spaces', 'q=%20%20', 'q'],
    ['a q of punctuation only', 'q=--', 'q'],
    ['a q over 254 characters', `q=${'a'.repeat(255)}`, 'q'],
    ['a mobile number that is not one', 'mobileNumber=0412', 'mobileNumber'],
    ['an email that is not one', 'email=jose', 'email'],
    ['a date of birth that is not a day', 'dateOfBirth=1988-02-30', 'dateOfBirth'],
    ['a date of birth in another form', 'dateOfBirth=12/04/1988', 'dateOfBirth'],
    ['includeDeleted that is not a boolean', 'includeDeleted=yes', 'includeDeleted'],
    ['updatedSince without a zone', 'updatedSince=2026-11-22T05:28:59', 'updatedSince'],
    ['an unknown parameter', 'name=alex', 'name'],
  ])('refuses %s with 400 naming it', async (_, query, field) => {
    expectInvalid(await get(`${orgPath(clinic.id, '/clients')}?${query}`, clinic.auth), field);
  });

  it("answers 403 for another organisation's key, and 404 for an organisation that does not exist", async () => {
    expectProblem(await get(`${orgPath(clinic.id, '/clients')}?q=zoe`, orgB.auth), 403, 'forbidden');
    expectProblem(await get(`${orgPath('org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', '/clients')}?q=zoe`), 404, 'not_found');
  });

  it('costs the same few statements for every kind of search', async () => {
    await search(clinic.id, 'q=zoe', clinic.auth);
    for (const query of [
      'q=zoe',
      'q=0412%20345%20678',
      'q=zoe.nunez%40example.com',
      'q=a&limit=200&dateOfBirth=1988-04-12&includeDeleted=true',
      'limit=200',
    ]) {
      const { statements } = await countRequestStatements(() => search(clinic.id, query, clinic.auth));
      expect({ query, statements: statements.length }).toEqual({ query, statements: 2 });
    }
  });
});

describe('PATCH /v1/organisations/{organisationId}/clients/{clientId}', () => {
  it('changes only the fields sent, clears with null, and answers the client as GET does, with a new ETag', async () => {
    const client = await createClient(t, orgA.id, {
      firstName: 'Mia',
      lastName: named('Webb'),
      email: 'mia@example.com',
      mobileNumber: '0412 345 678',
    });
    const before = await get(clientPath(orgA.id, client.id)).expect(200);
    expect(before.headers.etag).toMatch(ETAG);
    expect(before.body.updatedAt).toBe(before.body.createdAt);

    const changed = await patch(
      clientPath(orgA.id, client.id),
      { lastName: named('Webb-Hart'), email: null, pmsPatientId: 'PT-9', dateOfBirth: '1990-01-31' },
      orgA.auth,
    ).expect(200);
    expect(changed.body).toEqual({
      ...before.body,
      lastName: named('Webb-Hart'),
      email: null,
      pmsPatientId: 'PT-9',
      dateOfBirth: '1990-01-31',
      updatedAt: expect.any(String),
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThan(Date.parse(before.body.updatedAt));
    expect(changed.headers.etag).toMatch(ETAG);
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    const after = await get(clientPath(orgA.id, client.id)).expect(200);
    expect([after.body, after.headers.etag]).toEqual([changed.body, changed.headers.etag]);
    // The search forms follow the names.
    expect((await search(orgA.id, `q=${encodeURIComponent(named('webb-hart'))}`)).items.map((c: Body) => c.id)).toEqual(
      [client.id],
    );
    expect((await search(orgA.id, `q=${encodeURIComponent(named('Webb'))}`)).items).toEqual([]);
  });

  it('changes nothing and records nothing for {} or for the values the client already has', async () => {
    const client = await createClient(t, orgA.id, {
      firstName: 'Noah',
      lastName: named('Same'),
      mobileNumber: '0412 345 678',
    });
    const before = await get(clientPath(orgA.id, client.id)).expect(200);
    for (const body of [{}, { firstName: 'Noah', mobileNumber: '+61 412 345 678', email: null }]) {
      const answer = await patch(clientPath(orgA.id, client.id), body).expect(200);
      expect([answer.body, answer.headers.etag]).toEqual([before.body, before.headers.etag]);
    }
    expect(await eventsAbout(orgA, 'client.updated', client.id)).toEqual([]);
  });

  it.each([
    ['firstName null', { firstName: null }, 'firstName', 'invalid_type'],
    ['firstName empty', { firstName: '' }, 'firstName', 'required'],
    ['lastName blank', { lastName: '   ' }, 'lastName', 'required'],
    ['lastName over 100 characters', { lastName: 'x'.repeat(101) }, 'lastName', 'too_long'],
    ['email malformed', { email: 'mia@' }, 'email', 'invalid_format'],
    ['mobileNumber not a phone number', { mobileNumber: '0400' }, 'mobileNumber', 'invalid_phone_number'],
    ['dateOfBirth in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'not_in_past'],
    ['memberId not a member id', { memberId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }, 'memberId', 'invalid_format'],
    ['pmsCreatedAt without a zone', { pmsCreatedAt: '2024-03-14T09:30:00' }, 'pmsCreatedAt', 'invalid_format'],
    ['pmsPatientId empty', { pmsPatientId: '' }, 'pmsPatientId', 'required'],
    ['profileImageUrl not http(s)', { profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', 'invalid_format'],
    ['an unknown field', { deleted: false }, 'deleted', 'unknown_field'],
    ['a read-only field', { updatedAt: '2026-11-22T05:28:59.000Z' }, 'updatedAt', 'unknown_field'],
  ])('refuses %s with 400, changing nothing', async (_, body, field, code) => {
    const client = await createClient(t, orgA.id, { firstName: 'Val', lastName: named('Idation') });
    expectInvalid(await patch(clientPath(orgA.id, client.id), body, orgA.auth), field, code);
    expect((await get(clientPath(orgA.id, client.id)).expect(200)).body).toEqual(client);
  });

  it('links only a member the caller can read (404 naming memberId otherwise), and unlinks with null', async () => {
    const member = await created(
      postJson(t, '/v1/members', { firstName: 'Link', lastName: 'Able', email: `link.${RUN}@example.com` }),
    );
    const client = await createClient(t, orgA.id, { firstName: 'Link', lastName: named('Able') });
    const refused = await patch(clientPath(orgA.id, client.id), { memberId: member.id }, orgA.auth);
    expectProblem(refused, 404, 'not_found');
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'memberId', code: 'not_found' })]);

    expect((await patch(clientPath(orgA.id, client.id), { memberId: member.id }).expect(200)).body.memberId).toBe(
      member.id,
    );
    expect(
      (await patch(clientPath(orgA.id, client.id), { memberId: null }, orgA.auth).expect(200)).body.memberId,
    ).toBeNull();
  });

  it('takes If-Match: the current ETag changes it, a stale one is a 412 that changes nothing', async () => {
    const client = await createClient(t, orgA.id, { firstName: 'Ivy', lastName: named('Match') });
    const read = await get(clientPath(orgA.id, client.id), orgA.auth).expect(200);
    const first = await patch(clientPath(orgA.id, client.id), { firstName: 'Ivy-Rose' }, orgA.auth)
      .set('If-Match', read.headers.etag)
      .expect(200);

    const stale = await patch(clientPath(orgA.id, client.id), { firstName: 'Lost' }, orgA.auth).set(
      'If-Match',
      read.headers.etag,
    );
    expectProblem(stale, 412, 'precondition_failed');
    expect((await get(clientPath(orgA.id, client.id)).expect(200)).body).toEqual(first.body);
    expectProblem(
      await remove(clientPath(orgA.id, client.id), orgA.auth).set('If-Match', `W/${first.headers.etag}`),
      412,
      'precondition_failed',
    );
    await patch(clientPath(orgA.id, client.id), { firstName: 'Ivy' }, orgA.auth)
      .set('If-Match', `"other", ${first.headers.etag}`)
      .expect(200);
  });

  it("keeps other organisations out: 403 for their key, 404 for another organisation's client id, learning nothing", async () => {
    const client = await createClient(t, orgA.id, { firstName: 'Kept', lastName: named('Private') });
    const ofB = await createClient(t, orgB.id, { firstName: 'Bee', lastName: named('Other') }, orgB.auth);
    expectProblem(await patch(clientPath(orgA.id, client.id), { firstName: 'Hacked' }, orgB.auth), 403, 'forbidden');
    expectProblem(await remove(clientPath(orgA.id, client.id), orgB.auth), 403, 'forbidden');
    const foreign = await patch(clientPath(orgA.id, ofB.id), { firstName: 'Hacked' }, orgA.auth);
    const missing = await patch(clientPath(orgA.id, UNKNOWN_UUID), { firstName: 'Hacked' }, orgA.auth);
    expectProblem(foreign, 404, 'not_found');
    expectProblem(missing, 404, 'not_found');
    expect(foreign.body.detail.replace(ofB.id, UNKNOWN_UUID)).toBe(missing.body.detail);
    expectProblem(await remove(clientPath(orgA.id, ofB.id), orgA.auth), 404, 'not_found');
    expectProblem(await patch(clientPath(orgA.id, 'not-a-uuid'), {}, orgA.auth), 404, 'not_found');
    expect((await get(clientPath(orgA.id, client.id)).expect(200)).body).toEqual(client);
    expect((await get(clientPath(orgB.id, ofB.id)).expect(200)).body).toEqual(ofB);
  });

  it('delivers client.updated to the webhook receiver with data equal to the GET answer', async () => {
    const client = await createClient(t, orgA.id, { firstName: 'Hook', lastName: named('Updated') });
    await patch(
      clientPath(orgA.id, client.id),
      { profileImageUrl: 'https://cdn.example.com/clients/hook.jpg' },
      orgA.auth,
    ).expect(200);
    const event = await delivered('client.updated', client.id);
    expect(event).toMatchObject({ type: 'client.updated', organisationId: orgA.id });
    expect(event.data).toEqual((await get(clientPath(orgA.id, client.id)).expect(200)).body);
  });
});

describe('DELETE /v1/organisations/{organisationId}/clients/{clientId}', () => {
  it('archives the client: 200 with it, still readable, out of the list; again a 200 that changes nothing', async () => {
    const client = await createClient(t, orgA.id, {
      firstName: 'Gone',
      lastName: named('Soon'),
      mobileNumber: '0499 000 111',
    });
    const archived = await remove(clientPath(orgA.id, client.id), orgA.auth).expect(200);
    expect(archived.body).toEqual({ ...client, deleted: true, updatedAt: expect.any(String) });
    expect(archived.headers.etag).toMatch(ETAG);
    const read = await get(clientPath(orgA.id, client.id), orgA.auth).expect(200);
    expect([read.body, read.headers.etag]).toEqual([archived.body, archived.headers.etag]);

    const again = await remove(clientPath(orgA.id, client.id), orgA.auth)
      .set('If-Match', archived.headers.etag)
      .expect(200);
    expect([again.body, again.headers.etag]).toEqual([archived.body, archived.headers.etag]);
    expect(await eventsAbout(orgA, 'client.deleted', client.id)).toHaveLength(1);
    expect((await search(orgA.id, 'q=0499000111')).items).toEqual([]);
    expect((await search(orgA.id, 'q=0499000111&includeDeleted=true')).items).toEqual([archived.body]);
  });

  it('keeps the wallet and bookings of an archived client, and refuses it a new card with 409 client_deleted', async () => {
    const clinic = await createBookableClinic(t, 'Archive Clinic');
    const cardPath = orgPath(clinic.id, `/clients/${clinic.client.id}/wallet/cards`);
    const card = await created(
      postJson(t, cardPath, { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    );
    const booking = await created(
      postJson(t, orgPath(clinic.id, '/bookings'), {
        clientId: clinic.client.id,
        providerId: clinic.provider.id,
        locationId: clinic.location.id,
        appointmentTypeId: clinic.type.id,
        serviceDate: '2031-06-02T09:00:00.000Z',
      }),
    );
    await remove(clientPath(clinic.id, clinic.client.id)).expect(200);

    const refused = await postJson(t, cardPath, {
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_mastercard' },
    });
    expectProblem(refused, 409, 'client_deleted');
    expect((await get(cardPath).expect(200)).body.items.map((c: Body) => c.id)).toEqual([card.id]);
    const kept = (await get(orgPath(clinic.id, `/bookings/${booking.id}`)).expect(200)).body;
    expect(kept).toEqual({ ...booking, client: { ...booking.client, deleted: true, updatedAt: expect.any(String) } });
  });

  it('delivers client.deleted to the webhook receiver with data equal to the GET answer', async () => {
    const client = await createClient(t, orgA.id, { firstName: 'Hook', lastName: named('Archived') });
    await remove(clientPath(orgA.id, client.id), orgA.auth).expect(200);
    const event = await delivered('client.deleted', client.id);
    expect(event).toMatchObject({ type: 'client.deleted', organisationId: orgA.id });
    expect(event.data).toEqual((await get(clientPath(orgA.id, client.id)).expect(200)).body);
  });
});

describe('GET …/clients?updatedSince=', () => {
  it('answers what changed since then, inclusive, ascending by updatedAt and id, archived ones included', async () => {
    const clinic = await createTenant(t, 'Sync Clinic');
    const first = await createClient(t, clinic.id, { firstName: 'First', lastName: 'Sync' });
    const second = await createClient(t, clinic.id, { firstName: 'Second', lastName: 'Sync' });
    const archived = (await remove(clientPath(clinic.id, first.id)).expect(200)).body;

    const since = await search(clinic.id, `updatedSince=${encodeURIComponent(second.updatedAt)}&limit=200`);
    expect(since.items).toEqual([second, archived]);
    expect((await search(clinic.id, `updatedSince=${encodeURIComponent(archived.updatedAt)}`)).items).toEqual([
      archived,
    ]);
    const later = new Date(Date.parse(archived.updatedAt) + 1).toISOString();
    expect((await search(clinic.id, `updatedSince=${encodeURIComponent(later)}`)).items).toEqual([]);
    // Other filters still narrow it.
    expect((await search(clinic.id, `updatedSince=${encodeURIComponent(first.createdAt)}&q=second`)).items).toEqual([
      second,
    ]);
  });

  it('misses no change while a client pages through and the clients not yet read change', async () => {
    const clinic = await createTenant(t, 'Paging Sync Clinic');
    const start = new Date(Date.now() - 1000).toISOString();
    const clients: Body[] = [];
    for (let n = 0; n < 12; n++)
      clients.push(await createClient(t, clinic.id, { firstName: `Client${n}`, lastName: 'Paged' }));

    const seen = new Map<string, Body>();
    let latest = start;
    for (let page = 1; ; page++) {
      const body = await search(clinic.id, `updatedSince=${encodeURIComponent(start)}&limit=4&page=${page}`);
      if (body.items.length === 0) break;
      const order = body.items.map((item: Body) => [item.updatedAt, item.id]);
      expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)));
      for (const item of body.items) {
        seen.set(item.id, item);
        if (item.updatedAt > latest) latest = item.updatedAt;
      }
      if (page === 1) {
        // Between reads: change two clients not read yet, archive a third, and add one.
        await patch(clientPath(clinic.id, clients[6].id), { firstName: 'Changed6' }).expect(200);
        await remove(clientPath(clinic.id, clients[9].id)).expect(200);
        await patch(clientPath(clinic.id, clients[11].id), { firstName: 'Changed11' }).expect(200);
        clients.push(await createClient(t, clinic.id, { firstName: 'Late', lastName: 'Paged' }));
      }
      expect(page).toBeLessThan(10);
    }

    expect([...seen.keys()].sort()).toEqual(clients.map((client) => client.id).sort());
    expect(seen.get(clients[6].id)).toMatchObject({ firstName: 'Changed6' });
    expect(seen.get(clients[9].id)).toMatchObject({ deleted: true });
    expect(seen.get(clients[11].id)).toMatchObject({ firstName: 'Changed11' });
    // The next sync, from the largest updatedAt seen, starts with that change and nothing older.
    expect(
      (await search(clinic.id, `updatedSince=${encodeURIComponent(latest)}`)).items.map((c: Body) => c.updatedAt),
    ).toEqual([latest]);
  });
});

describe('PATCH /v1/members/{memberId}', () => {
  const memberPath = (id: string) => `/v1/members/${id}`;
  const newMember = async (name: string, body: Body = {}) =>
    created(
      postJson(t, '/v1/members', { firstName: 'Mem', lastName: name, email: `${name}.${RUN}@example.com`, ...body }),
    );
  /** A member whose email and mobile number the platform has verified. */
  async function verifiedMember(name: string): Promise<Body> {
    const member = await newMember(name, { mobileNumber: '0412 345 678', metadata: { plan: 'gold' } });
    await sql(t, 'update members set email_verified = true, mobile_number_verified = true where id = ?', [member.id]);
    return (await get(memberPath(member.id)).expect(200)).body;
  }

  it('changes only the fields sent, answers the member as GET does with a new ETag, and keeps what was verified', async () => {
    const member = await verifiedMember('fields');
    expect(member.updatedAt).toBe(member.createdAt);
    const before = await get(memberPath(member.id)).expect(200);
    expect(before.headers.etag).toMatch(ETAG);

    const changed = await patch(memberPath(member.id), {
      firstName: 'Alexandra',
      dateOfBirth: '1988-04-12',
      profileImageUrl: 'https://cdn.example.com/members/a.jpg',
      settings: { showPlanHelp: false },
    }).expect(200);
    expect(changed.body).toEqual({
      ...member,
      firstName: 'Alexandra',
      dateOfBirth: '1988-04-12',
      profileImageUrl: 'https://cdn.example.com/members/a.jpg',
      settings: { showPlanHelp: false },
      updatedAt: expect.any(String),
    });
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    const read = await get(memberPath(member.id)).expect(200);
    expect([read.body, read.headers.etag]).toEqual([changed.body, changed.headers.etag]);
    expect((await patch(memberPath(member.id), { profileImageUrl: null }).expect(200)).body.profileImageUrl).toBeNull();
  });

  it('makes a new email and a new mobile number unverified, but not the same email in another case', async () => {
    const member = await verifiedMember('verify');
    const sameEmail = await patch(memberPath(member.id), { email: member.email.toUpperCase() }).expect(200);
    expect(sameEmail.body).toMatchObject({
      email: member.email.toUpperCase(),
      emailVerified: true,
      mobileNumberVerified: true,
    });
    const sameNumber = await patch(memberPath(member.id), { mobileNumber: '+61 412 345 678' }).expect(200);
    expect(sameNumber.body.updatedAt).toBe(sameEmail.body.updatedAt);

    const newEmail = await patch(memberPath(member.id), { email: `verify.new.${RUN}@example.com` }).expect(200);
    expect(newEmail.body).toMatchObject({ emailVerified: false, mobileNumberVerified: true });
    const newNumber = await patch(memberPath(member.id), { mobileNumber: '0400 111 222' }).expect(200);
    expect(newNumber.body).toMatchObject({ mobileNumber: '+61400111222', mobileNumberVerified: false });
  });

  it('replaces the metadata, which it does not answer, and empties it with null', async () => {
    const member = await newMember('metadata', { metadata: { plan: 'gold', visits: 3 } });
    await patch(memberPath(member.id), { metadata: { referralSource: 'front_desk' } }).expect(200);
    const metadataOf = async () =>
      (await sql<{ metadata: object }>(t, 'select metadata from members where id = ?', [member.id]))[0].metadata;
    expect(await metadataOf()).toEqual({ referralSource: 'front_desk' });
    await patch(memberPath(member.id), { metadata: null }).expect(200);
    expect(await metadataOf()).toEqual({});
  });

  it('refuses an email another member has, in any case, with 409 member_exists, changing nothing', async () => {
    const taken = await newMember('taken');
    const member = await newMember('taker');
    const refused = await patch(memberPath(member.id), { email: taken.email.toUpperCase(), firstName: 'Changed' });
    expectProblem(refused, 409, 'member_exists');
    expect((await get(memberPath(member.id)).expect(200)).body).toEqual(member);
  });

  it('changes nothing and records nothing for {} or for the values it already has', async () => {
    const member = await newMember('nothing');
    const before = await get(memberPath(member.id)).expect(200);
    for (const body of [{}, { firstName: 'Mem', settings: {} }, { settings: { showPlanHelp: true } }]) {
      const answer = await patch(memberPath(member.id), body).expect(200);
      expect([answer.body, answer.headers.etag]).toEqual([before.body, before.headers.etag]);
    }
    expect(
      (await get(`/v1/events?type=member.updated&limit=200`).expect(200)).body.items.filter(
        (e: Body) => e.data.id === member.id,
      ),
    ).toEqual([]);
  });

  it.each([
    ['email null', { email: null }, 'email', 'invalid_format'],
    ['email malformed', { email: 'nobody' }, 'email', 'invalid_format'],
    ['firstName null', { firstName: null }, 'firstName', 'invalid_type'],
    ['lastName over 100 characters', { lastName: 'x'.repeat(101) }, 'lastName', 'too_long'],
    ['mobileNumber not a phone number', { mobileNumber: '12345' }, 'mobileNumber', 'invalid_phone_number'],
    ['dateOfBirth in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'not_in_past'],
    ['metadata nested', { metadata: { address: { city: 'Sydney' } } }, 'metadata.address', 'invalid_type'],
    ['settings null', { settings: null }, 'settings', 'invalid_type'],
    [
      'settings.showPlanHelp not a boolean',
      { settings: { showPlanHelp: 'yes' } },
      'settings.showPlanHelp',
      'invalid_type',
    ],
    ['settings.showPlanHelp null', { settings: { showPlanHelp: null } }, 'settings.showPlanHelp', 'invalid_type'],
    ['an unknown setting', { settings: { darkMode: true } }, 'settings.darkMode', 'unknown_field'],
    ['emailVerified, which only verification sets', { emailVerified: true }, 'emailVerified', 'unknown_field'],
    ['roles', { roles: ['admin'] }, 'roles', 'unknown_field'],
  ])('refuses %s with 400, changing nothing', async (what, body, field, code) => {
    const member = await newMember(`invalid-${what.replace(/\W+/g, '-')}`);
    expectInvalid(await patch(memberPath(member.id), body), field, code);
    expect((await get(memberPath(member.id)).expect(200)).body).toEqual(member);
  });

  it('takes If-Match: a stale ETag is a 412 that changes nothing, the current one changes it', async () => {
    const member = await newMember('ifmatch');
    const read = await get(memberPath(member.id)).expect(200);
    const changed = await patch(memberPath(member.id), { lastName: 'Matched' })
      .set('If-Match', read.headers.etag)
      .expect(200);
    expectProblem(
      await patch(memberPath(member.id), { lastName: 'Lost' }).set('If-Match', read.headers.etag),
      412,
      'precondition_failed',
    );
    expect((await get(memberPath(member.id)).expect(200)).body).toEqual(changed.body);
  });

  it('is for platform keys only: an organisation key gets 403, even for a member it can read; an unknown member is 404', async () => {
    const member = await newMember('platform-only');
    await created(
      postJson(t, orgPath(orgA.id, '/clients'), { firstName: 'Mem', lastName: 'Linked', memberId: member.id }),
    );
    await get(memberPath(member.id), orgA.auth).expect(200);
    expectProblem(await patch(memberPath(member.id), { firstName: 'Hacked' }, orgA.auth), 403, 'forbidden');
    expectProblem(
      await patch(memberPath(member.id), { email: `${RUN}.probe@example.com` }, orgB.auth),
      403,
      'forbidden',
    );
    expectProblem(
      await patch(memberPath('memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L'), { firstName: 'Ghost' }),
      404,
      'not_found',
    );
    expectProblem(await patch(memberPath('not-a-member'), {}), 404, 'not_found');
    expect((await get(memberPath(member.id)).expect(200)).body).toEqual(member);
  });

  it('tells each organisation that sees the member: member.updated reaches its webhook with data equal to the GET answer', async () => {
    const member = await newMember('hooked');
    await created(
      postJson(t, orgPath(orgA.id, '/clients'), { firstName: 'Mem', lastName: 'Hooked', memberId: member.id }),
    );
    await patch(memberPath(member.id), { lastName: 'Rehooked' }).expect(200);
    const event = await delivered('member.updated', member.id);
    expect(event).toMatchObject({ type: 'member.updated', organisationId: orgA.id });
    expect(event.data).toEqual((await get(memberPath(member.id)).expect(200)).body);
    expect(
      (await get(`/v1/events?type=member.updated&limit=200`, orgB.auth).expect(200)).body.items.filter(
        (e: Body) => e.data.id === member.id,
      ),
    ).toEqual([]);
  });
});

describe('GET …/bookings?q=', () => {
  it("lists the bookings whose client's first, last or full name starts with q, ignoring case and accents", async () => {
    const clinic = await createBookableClinic(t, 'Booking Search Clinic');
    const zoe = await createClient(t, clinic.id, { firstName: 'Zoë', lastName: 'Núñez' });
    const book = (clientId: string, serviceDate: string) =>
      created(
        postJson(t, orgPath(clinic.id, '/bookings'), {
          clientId,
          providerId: clinic.provider.id,
          locationId: clinic.location.id,
          appointmentTypeId: clinic.type.id,
          serviceDate,
        }),
      );
    const alexBooking = await book(clinic.client.id, '2031-07-01T09:00:00.000Z');
    const zoeFirst = await book(zoe.id, '2031-07-02T09:00:00.000Z');
    const zoeSecond = await book(zoe.id, '2031-07-03T09:00:00.000Z');
    const ids = async (query: string) =>
      (await get(`${orgPath(clinic.id, '/bookings')}?${query}`).expect(200)).body.items.map(
        (booking: Body) => booking.id as string,
      );

    expect(await ids('q=nunez')).toEqual([zoeSecond.id, zoeFirst.id]);
    expect(await ids(`q=${encodeURIComponent('ZOË N')}`)).toEqual([zoeSecond.id, zoeFirst.id]);
    expect(await ids('q=alex')).toEqual([alexBooking.id]);
    expect(await ids(`q=${encodeURIComponent(clinic.client.lastName.slice(0, 4))}`)).toEqual([alexBooking.id]);
    expect(await ids('q=zoe&serviceDateMax=2031-07-03T00:00:00.000Z')).toEqual([zoeFirst.id]);
    expect(await ids('q=quentin')).toEqual([]);
    expect((await get(`${orgPath(clinic.id, '/bookings')}?q=zoe&limit=1`).expect(200)).body).toMatchObject({
      totalItems: 2,
      totalPages: 2,
    });
    expectInvalid(await get(`${orgPath(clinic.id, '/bookings')}?q=%20`), 'q');
  });
});
