import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MedicareGateway } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  SIGNED_ASSIGNMENT,
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
  ISO_INSTANT,
  orgPath,
  postJson,
  sql,
  type Tenant,
  UNKNOWN_UUID,
  UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';

// Referrals of a client, and the Medicare claims of referred items (MBS 10950 to 10970) made under
// them at check-out. Each clinic is its own organisation; every count is of ids this file made.

const PROVIDER_NUMBER = '2429591L';
const MEDICARE_NUMBER = '2123456701';
/** Two calendar years of services that have happened (a claim is for one), whatever day the tests run. */
const YEAR = new Date().getUTCFullYear() - 2;
const NEXT_YEAR = YEAR + 1;

let t: TestApp;
let home: Tenant;
let other: Tenant;
let location: Body;
let provider: Body;
let physio: Body;
let gp: Body;
/** The claims Medicare was sent, in order. */
let sentToMedicare: () => Parameters<MedicareGateway['claim']>[0][];

beforeAll(async () => {
  t = await createTestApp();
  const claim = jest.spyOn(t.app.get(MedicareGateway), 'claim');
  sentToMedicare = () => claim.mock.calls.map(([request]) => request);
  home = await createTenant(t, 'Referrals Clinic');
  other = await createTenant(t, 'Referrals Elsewhere');
  const business = await createBusiness(t, home.id);
  location = await createLocation(t, home.id, business.id);
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  const offered = { providers: [provider.id], locations: [location.id] };
  physio = await createAppointmentType(t, home.id, {
    ...offered,
    price: 9500,
    billableItems: [{ name: 'Physiotherapy (chronic disease plan)', basePrice: 9500, itemCode: '10960' }],
  });
  gp = await createAppointmentType(t, home.id, {
    ...offered,
    price: 8290,
    billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
  });
});

afterAll(async () => {
  await t?.close();
});

const referralsPath = (clientId: string, organisationId = home.id) =>
  orgPath(organisationId, `/clients/${clientId}/referrals`);
const referralPath = (clientId: string, referralId: string) => `${referralsPath(clientId)}/${referralId}`;
const get = (path: string) => t.http().get(path).set('Authorization', home.auth);
const patch = (path: string, body: Body, ifMatch?: string) => {
  const request = t.http().patch(path).set('Authorization', home.auth).set('Content-Type', 'application/json');
  if (ifMatch) request.set('If-Match', ifMatch);
  return request.send(JSON.stringify(body));
};
const remove = (path: string) => t.http().delete(path).set('Authorization', home.auth);

const GP_PLAN = {
  type: 'gp_chronic_disease_management',
  referringProviderNumber: PROVIDER_NUMBER,
  referringProviderName: 'Dr Sam Whitlam',
  issuedOn: `${YEAR}-01-05`,
};

const postReferral = (clientId: string, body: Body) => postJson(t, referralsPath(clientId), body, home.auth);
const referralOf = (clientId: string, body: Body = {}) => created(postReferral(clientId, { ...GP_PLAN, ...body }));

interface Patient {
  client: Body;
  medicare: Body;
}

async function patient(): Promise<Patient> {
  const client = await createClient(t, home.id);
  const medicare = await created(
    postJson(
      t,
      orgPath(home.id, `/clients/${client.id}/wallet/cards`),
      {
        type: 'medicare_card',
        medicareCard: {
          memberNumber: MEDICARE_NUMBER,
          referenceNumber: '1',
          firstName: 'Alex',
          lastName: 'Chen',
          dateOfBirth: '1990-04-02',
        },
      },
      home.auth,
    ),
  );
  return { client, medicare };
}

let nextSlot = 0;
/** A booking in June of `year` (a service that has happened), an hour apart from every other this file makes. */
const booking = (who: Patient, year: number, type: Body = physio): Promise<Body> =>
  createBooking(
    t,
    home.id,
    { client: who.client, provider, location, type },
    new Date(Date.UTC(year, 5, 1, 0, 0) + nextSlot++ * 3_600_000).toISOString(),
    home.auth,
  );

/** A bulk bill of the booking's items: Medicare's benefit is the whole payment, so nothing else pays. */
const checkOut = (who: Patient, bookingId: string, referralId?: string) =>
  postJson(
    t,
    orgPath(home.id, `/bookings/${bookingId}/transactions`),
    {
      medicareClaim: {
        type: 'bulk_bill',
        patientMedicareCardId: who.medicare.id,
        assignment: SIGNED_ASSIGNMENT,
        ...(referralId && { referralId }),
      },
    },
    home.auth,
  );
const claimed = async (who: Patient, year: number, referralId: string) =>
  created(checkOut(who, (await booking(who, year)).id, referralId));
const medicareClaimOf = (sale: Body): Body =>
  sale.paymentTransactions.find((part: Body) => part.medicareClaim).medicareClaim;
const voidClaim = (sale: Body) =>
  postJson(t, orgPath(home.id, `/transactions/${sale.id}/claims/${medicareClaimOf(sale).id}/void`), {}, home.auth);

async function storedFor(bookingId: string) {
  const [row] = await sql<{ transactions: number; medicare: number }>(
    t,
    `select (select count(*)::int from transactions where booking_id = ?) as transactions,
            (select count(*)::int from medicare_claims m join transactions tx on tx.id = m.transaction_id where tx.booking_id = ?) as medicare`,
    [bookingId, bookingId],
  );
  return row;
}

/** Refused as `expect` says, before Medicare was asked, with nothing written for the booking. */
async function expectRefusedBeforeMedicare(bookingId: string, refuse: () => Promise<void>): Promise<void> {
  const sent = sentToMedicare().length;
  await refuse();
  expect(sentToMedicare().length).toBe(sent);
  expect(await storedFor(bookingId)).toEqual({ transactions: 0, medicare: 0 });
}

const sessionsUsed = async (who: Patient, referralId: string) =>
  (await get(referralPath(who.client.id, referralId)).expect(200)).body.sessionsUsed as number;

describe('a client’s referrals', () => {
  it('records a GP plan with 5 sessions and no expiry, and another kind with no limit for 12 months', async () => {
    const { client } = await patient();
    const response = await postReferral(client.id, { ...GP_PLAN, referringProviderNumber: '2429591l' });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(referralPath(client.id, response.body.id));
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      clientId: client.id,
      type: 'gp_chronic_disease_management',
      referringProviderNumber: PROVIDER_NUMBER,
      referringProviderName: 'Dr Sam Whitlam',
      issuedOn: `${YEAR}-01-05`,
      expiresOn: null,
      sessionsReferred: 5,
      sessionsUsed: 0,
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      deleted: false,
    });
    const specialist = await referralOf(client.id, { type: 'specialist', issuedOn: `${YEAR}-03-31` });
    expect(specialist).toMatchObject({ expiresOn: `${YEAR + 1}-03-31`, sessionsReferred: null });
    const unlimited = await referralOf(client.id, { type: 'other', expiresOn: null, sessionsReferred: 10 });
    expect(unlimited).toMatchObject({ expiresOn: null, sessionsReferred: 10 });

    const read = await get(referralPath(client.id, response.body.id)).expect(200);
    expect(read.body).toEqual(response.body);
    expect(read.headers.etag).toMatch(/^"[0-9a-z]+"$/);
    const list = await get(referralsPath(client.id)).expect(200);
    expect(list.body).toMatchObject({ page: 1, totalItems: 3, totalPages: 1 });
    expect(list.body.items.map((item: Body) => item.id)).toEqual([unlimited.id, specialist.id, response.body.id]);
    const [event] = await sql<{ data: Body }>(
      t,
      "select data from events where type = 'referral.created' and data->>'id' = ?",
      [response.body.id],
    );
    expect(event.data).toEqual(response.body);
  });

  it('changes only the fields sent, null clearing, under If-Match; {} changes nothing', async () => {
    const { client } = await patient();
    const referral = await referralOf(client.id);
    const read = await get(referralPath(client.id, referral.id)).expect(200);
    const changed = await patch(
      referralPath(client.id, referral.id),
      { sessionsReferred: 3, expiresOn: `${YEAR}-12-31` },
      read.headers.etag,
    ).expect(200);
    expect(changed.body).toEqual({
      ...referral,
      sessionsReferred: 3,
      expiresOn: `${YEAR}-12-31`,
      updatedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(changed.body.updatedAt > referral.updatedAt).toBe(true);
    expect(changed.headers.etag).not.toBe(read.headers.etag);
    expectProblem(
      await patch(referralPath(client.id, referral.id), { sessionsReferred: 4 }, read.headers.etag),
      412,
      'precondition_failed',
    );
    const cleared = await patch(referralPath(client.id, referral.id), {
      sessionsReferred: null,
      expiresOn: null,
    }).expect(200);
    expect(cleared.body).toMatchObject({
      sessionsReferred: null,
      expiresOn: null,
      type: 'gp_chronic_disease_management',
    });
    const same = await patch(referralPath(client.id, referral.id), {}).expect(200);
    expect(same.body).toEqual(cleared.body);
    const events = await sql<{ type: string }>(t, "select type from events where data->>'id' = ? order by seq", [
      referral.id,
    ]);
    expect(events.map((event) => event.type)).toEqual(['referral.created', 'referral.updated', 'referral.updated']);
  });

  it('archives with DELETE: still readable, out of the list unless asked for, in a sync; twice changes nothing', async () => {
    const { client } = await patient();
    const kept = await referralOf(client.id);
    const archived = await referralOf(client.id, { type: 'specialist' });
    const since = archived.createdAt;
    const deleted = await remove(referralPath(client.id, archived.id)).expect(200);
    expect(deleted.body).toMatchObject({ id: archived.id, deleted: true });
    expect(deleted.headers.etag).toMatch(/^"/);
    expect((await get(referralPath(client.id, archived.id)).expect(200)).body).toEqual(deleted.body);
    const ids = async (query: string) =>
      (await get(`${referralsPath(client.id)}${query}`).expect(200)).body.items.map((item: Body) => item.id);
    expect(await ids('')).toEqual([kept.id]);
    expect(await ids('?includeDeleted=true')).toEqual([archived.id, kept.id]);
    expect(await ids(`?updatedSince=${encodeURIComponent(since)}`)).toEqual([archived.id]);
    const again = await remove(referralPath(client.id, archived.id)).expect(200);
    expect(again.body).toEqual(deleted.body);
  });

  it('answers 400 naming every bad field, and writes nothing', async () => {
    const { client } = await patient();
    const count = async () =>
      (
        await sql<{ count: number }>(t, 'select count(*)::int as count from referrals where client_id = ?', [client.id])
      )[0].count;
    const bad: [Body, string, string][] = [
      [{ type: 'gp' }, 'type', 'invalid_value'],
      [{ referringProviderNumber: '2429591X' }, 'referringProviderNumber', 'invalid_provider_number'],
      [{ referringProviderNumber: '12345' }, 'referringProviderNumber', 'invalid_provider_number'],
      [{ referringProviderNumber: 2429591 }, 'referringProviderNumber', 'invalid_type'],
      [{ referringProviderName: '' }, 'referringProviderName', 'required'],
      [{ referringProviderName: 'x'.repeat(201) }, 'referringProviderName', 'too_long'],
      [{ issuedOn: `${YEAR}-02-30` }, 'issuedOn', 'invalid_format'],
      [{ issuedOn: `${YEAR}-01-05T00:00:00Z` }, 'issuedOn', 'invalid_format'],
      [{ issuedOn: null }, 'issuedOn', 'invalid_format'],
      [{ expiresOn: `${YEAR}-01-04` }, 'expiresOn', 'before_issued_on'],
      [{ expiresOn: 'next year' }, 'expiresOn', 'invalid_format'],
      [{ sessionsReferred: 0 }, 'sessionsReferred', 'out_of_range'],
      [{ sessionsReferred: 101 }, 'sessionsReferred', 'out_of_range'],
      [{ sessionsReferred: 2.5 }, 'sessionsReferred', 'invalid_type'],
      [{ sessionsReferred: '5' }, 'sessionsReferred', 'invalid_type'],
      [{ colour: 'blue' }, 'colour', 'unknown_field'],
    ];
    for (const [change, field, code] of bad)
      expectInvalid(await postReferral(client.id, { ...GP_PLAN, ...change }), field, code);
    for (const field of ['type', 'referringProviderNumber', 'referringProviderName', 'issuedOn']) {
      const without = Object.fromEntries(Object.entries(GP_PLAN).filter(([key]) => key !== field));
      expectInvalid(await postReferral(client.id, without), field, 'required');
    }
    expect(await count()).toBe(0);

    const referral = await referralOf(client.id, { type: 'specialist', expiresOn: `${YEAR}-06-30` });
    const patchPath = referralPath(client.id, referral.id);
    expectInvalid(await patch(patchPath, { issuedOn: `${YEAR}-07-01` }), 'expiresOn', 'before_issued_on');
    expectInvalid(
      await patch(patchPath, { referringProviderNumber: 'A1234567' }),
      'referringProviderNumber',
      'invalid_provider_number',
    );
    expectInvalid(await patch(patchPath, { type: null }), 'type', 'invalid_value');
    expectInvalid(await patch(patchPath, { referringProviderName: null }), 'referringProviderName');
    expectInvalid(await patch(patchPath, { sessionsReferred: -1 }), 'sessionsReferred', 'out_of_range');
    expect((await get(patchPath).expect(200)).body).toEqual(referral);
  });

  it("is 404 for another organisation's client or referral, and for an unknown one; 409 for an archived client", async () => {
    const { client } = await patient();
    const mine = await referralOf(client.id);
    const theirClient = await createClient(t, other.id);
    const theirs = await created(postJson(t, referralsPath(theirClient.id, other.id), GP_PLAN, other.auth));
    for (const clientId of [theirClient.id, UNKNOWN_UUID]) {
      expectNotFound(await postReferral(clientId, GP_PLAN));
      expectNotFound(await get(referralsPath(clientId)));
      expectNotFound(await get(referralPath(clientId, theirs.id)));
    }
    for (const referralId of [theirs.id, UNKNOWN_UUID, 'not-a-referral']) {
      expectNotFound(await get(referralPath(client.id, referralId)));
      expectNotFound(await patch(referralPath(client.id, referralId), { sessionsReferred: 2 }));
      expectNotFound(await remove(referralPath(client.id, referralId)));
    }
    // A referral is its client's: another client's path does not reach it.
    const { client: sibling } = await patient();
    expectNotFound(await get(referralPath(sibling.id, mine.id)));
    const theirPath = `${referralsPath(theirClient.id, other.id)}/${theirs.id}`;
    expect((await t.http().get(theirPath).set('Authorization', other.auth).expect(200)).body).toEqual(theirs);

    await remove(orgPath(home.id, `/clients/${sibling.id}`)).expect(200);
    expectProblem(await postReferral(sibling.id, GP_PLAN), 409, 'client_deleted');
  });
});

describe('Medicare claims of referred items', () => {
  it('counts each referred item of a claim not voided in sessionsUsed, and sends the referral to Medicare', async () => {
    const who = await patient();
    const referral = await referralOf(who.client.id);
    const sale = await claimed(who, YEAR, referral.id);
    expect(medicareClaimOf(sale).items.map((item: Body) => item.itemCode)).toEqual(['10960']);
    expect(sentToMedicare().at(-1)!.referral).toEqual({
      issuedOn: `${YEAR}-01-05`,
      referringProviderNumber: PROVIDER_NUMBER,
      type: 'gp_chronic_disease_management',
    });
    const [stored] = await sql<{ referral_id: string }>(t, 'select referral_id from medicare_claims where id = ?', [
      medicareClaimOf(sale).id,
    ]);
    expect(stored.referral_id).toBe(referral.id);
    const read = await get(referralPath(who.client.id, referral.id)).expect(200);
    expect(read.body).toMatchObject({ sessionsUsed: 1, updatedAt: expect.stringMatching(ISO_INSTANT) });
    expect(read.body.updatedAt > referral.updatedAt).toBe(true);

    // An item Medicare pays without a referral needs none; one named is kept, and takes no session.
    const visit = await booking(who, YEAR, gp);
    expect((await checkOut(who, visit.id)).status).toBe(201);
    expect(sentToMedicare().at(-1)!.referral).toBeNull();
    expect((await checkOut(who, (await booking(who, YEAR, gp)).id, referral.id)).status).toBe(201);
    expect(await sessionsUsed(who, referral.id)).toBe(1);
  });

  it('is 409 referral_required for a referred item with no referral, before Medicare is asked', async () => {
    const who = await patient();
    await referralOf(who.client.id);
    const visit = await booking(who, YEAR);
    await expectRefusedBeforeMedicare(visit.id, async () => {
      const refused = await checkOut(who, visit.id);
      expectProblem(refused, 409, 'referral_required');
      expect(refused.body.detail).toContain('10960');
    });
  });

  it("is 400 naming medicareClaim.referralId for a referral not the client's, archived, or issued after the service", async () => {
    const who = await patient();
    const { client: sibling } = await patient();
    const siblings = await referralOf(sibling.id);
    const archived = await referralOf(who.client.id);
    await remove(referralPath(who.client.id, archived.id)).expect(200);
    const late = await referralOf(who.client.id, { issuedOn: `${YEAR}-07-01` });
    const visit = await booking(who, YEAR);
    await expectRefusedBeforeMedicare(visit.id, async () => {
      for (const referralId of [siblings.id, archived.id, UNKNOWN_UUID])
        expectInvalid(await checkOut(who, visit.id, referralId), 'medicareClaim.referralId', 'not_found');
      expectInvalid(await checkOut(who, visit.id, late.id), 'medicareClaim.referralId', 'issued_after_service');
      expectInvalid(await checkOut(who, visit.id, 'not-a-uuid'), 'medicareClaim.referralId');
    });
  });

  it('is 409 referral_expired for a service after its expiresOn, and takes it up to that day', async () => {
    const who = await patient();
    const referral = await referralOf(who.client.id, { type: 'other', expiresOn: `${YEAR}-05-31` });
    const visit = await booking(who, YEAR);
    await expectRefusedBeforeMedicare(visit.id, async () =>
      expectProblem(await checkOut(who, visit.id, referral.id), 409, 'referral_expired'),
    );
    // The booking is 1 June in Sydney: a referral lasting to that day covers it.
    await patch(referralPath(who.client.id, referral.id), { expiresOn: `${YEAR}-06-01` }).expect(200);
    expect((await checkOut(who, visit.id, referral.id)).status).toBe(201);
  });

  it('is 409 referral_exhausted once its sessions are used; a void gives the session back', async () => {
    const who = await patient();
    const referral = await referralOf(who.client.id, { sessionsReferred: 2 });
    const first = await claimed(who, YEAR, referral.id);
    await claimed(who, YEAR, referral.id);
    expect(await sessionsUsed(who, referral.id)).toBe(2);
    const third = await booking(who, YEAR);
    await expectRefusedBeforeMedicare(third.id, async () => {
      const refused = await checkOut(who, third.id, referral.id);
      expectProblem(refused, 409, 'referral_exhausted');
      expect(refused.body.detail).toContain('2 sessions');
    });
    await voidClaim(first).expect(200);
    expect(await sessionsUsed(who, referral.id)).toBe(1);
    expect((await checkOut(who, third.id, referral.id)).status).toBe(201);
    expect(await sessionsUsed(who, referral.id)).toBe(2);
  });

  it('is 409 referral_exhausted past 5 referred services in a calendar year, across referrals; the next year has its own', async () => {
    const who = await patient();
    const plan = await referralOf(who.client.id, { sessionsReferred: null });
    const specialist = await referralOf(who.client.id, { type: 'other', expiresOn: null });
    for (const referral of [plan, plan, plan, specialist, specialist]) await claimed(who, YEAR, referral.id);
    const sixth = await booking(who, YEAR);
    await expectRefusedBeforeMedicare(sixth.id, async () => {
      for (const referral of [plan, specialist]) {
        const refused = await checkOut(who, sixth.id, referral.id);
        expectProblem(refused, 409, 'referral_exhausted');
        expect(refused.body.detail).toContain(String(YEAR));
      }
    });
    expect((await checkOut(who, (await booking(who, NEXT_YEAR)).id, specialist.id)).status).toBe(201);
    expect([await sessionsUsed(who, plan.id), await sessionsUsed(who, specialist.id)]).toEqual([3, 3]);
  });

  it('lets only one of two check-outs at once take the last session of the client', async () => {
    const who = await patient();
    const referral = await referralOf(who.client.id, { sessionsReferred: 1 });
    const [a, b] = [await booking(who, YEAR), await booking(who, YEAR)];
    const answers = await Promise.all([checkOut(who, a.id, referral.id), checkOut(who, b.id, referral.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expectProblem(
      answers.find((answer) => answer.status === 409)!,
      409,
      'referral_exhausted',
    );
    expect(await sessionsUsed(who, referral.id)).toBe(1);
  });
});
