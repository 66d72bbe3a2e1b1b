import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClientQueries } from '@app/membership';
import { newPrefixedId } from '@app/shared/domain';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  createTenant,
  inContext,
  ISO_INSTANT,
  randomWalletKey,
  RUN,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';

// Every test file shares one database: names and emails carry this run's suffix.
const emailOf = (name: string) => `${name}.${RUN}@example.com`;
const MEMBER_ID = /^memb_[0-9A-Za-z]{27}$/;
const UNKNOWN_MEMBER_ID = newPrefixedId('memb');
const UNKNOWN_ORGANISATION_ID = newPrefixedId('org');
const MEMBER_FIELDS = [
  'id',
  'emailVerified',
  'mobileNumberVerified',
  'createdAt',
  'updatedAt',
  'settings',
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'dateOfBirth',
  'roles',
  'profileImageUrl',
  'activity',
].sort();
const CLIENT_FIELDS = [
  'id',
  'deleted',
  'createdAt',
  'updatedAt',
  'memberId',
  'firstName',
  'lastName',
  'dateOfBirth',
  'mobileNumber',
  'email',
  'pmsPatientId',
  'pmsCreatedAt',
  'profileImageUrl',
].sort();

let t: TestApp;
let orgA: Tenant;
let orgB: Tenant;

const postMember = (body: object, auth = t.platformAuth) =>
  t.http().post('/v1/members').set('Authorization', auth).send(body);
const getMember = (id: string, auth = t.platformAuth) => t.http().get(`/v1/members/${id}`).set('Authorization', auth);
const postClient = (organisationId: string, body: object, auth = t.platformAuth) =>
  t.http().post(`/v1/organisations/${organisationId}/clients`).set('Authorization', auth).send(body);
const getClient = (organisationId: string, clientId: string, auth = t.platformAuth) =>
  t.http().get(`/v1/organisations/${organisationId}/clients/${clientId}`).set('Authorization', auth);

beforeAll(async () => {
  // The wallet module refuses to start on a configured database without its key.
  t = await createTestApp({ WALLET_ENCRYPTION_KEY: randomWalletKey() });
  [orgA, orgB] = await Promise.all([createTenant(t, 'Membership Clinic A'), createTenant(t, 'Membership Clinic B')]);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /v1/members', () => {
  it('creates a member with every field of the spec and the defaults of a new account', async () => {
    const email = emailOf('alex');
    const response = await postMember({ firstName: 'Alex', lastName: 'Chen', email })
      .set('X-Application-Version', '4.12.0')
      .set('X-Platform', 'ios')
      .set('User-Agent', 'HarbourPhysio/4.12.0 (iPhone; iOS 19.1)')
      .expect(201);

    expect(Object.keys(response.body).sort()).toEqual(MEMBER_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(MEMBER_ID),
      emailVerified: false,
      mobileNumberVerified: false,
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      settings: { showPlanHelp: true },
      firstName: 'Alex',
      lastName: 'Chen',
      email,
      mobileNumber: null,
      dateOfBirth: null,
      roles: ['member'],
      profileImageUrl: null,
      activity: [
        {
          createdAt: response.body.createdAt,
          updatedAt: response.body.createdAt,
          applicationVersion: '4.12.0',
          platform: 'ios',
          userAgent: 'HarbourPhysio/4.12.0 (iPhone; iOS 19.1)',
        },
      ],
    });
    expect(response.headers.location).toBe(`/v1/members/${response.body.id}`);

    const read = await getMember(response.body.id).expect(200);
    expect(read.body).toEqual(response.body);
  });

  it('stores the mobile number as E.164, the date of birth, the image and the metadata (which it does not return)', async () => {
    const metadata = { referralSource: 'front_desk', visits: 3, marketingOptIn: false, note: null };
    const response = await postMember({
      firstName: 'Sam',
      lastName: 'Nguyen',
      email: emailOf('sam'),
      mobileNumber: '0412 345 678',
      dateOfBirth: '1988-04-12',
      profileImageUrl: 'https://cdn.example.com/members/sam.jpg',
      metadata,
    }).expect(201);

    expect(response.body).toMatchObject({
      mobileNumber: '+61412345678',
      dateOfBirth: '1988-04-12',
      profileImageUrl: 'https://cdn.example.com/members/sam.jpg',
    });
    expect(response.body).not.toHaveProperty('metadata');
    const [row] = await sql<{ mobile_number: string; metadata: object; created_by_organisation_id: string | null }>(
      t,
      'select mobile_number, metadata, created_by_organisation_id from members where id = ?',
      [response.body.id],
    );
    expect(row).toEqual({ mobile_number: '+61412345678', metadata, created_by_organisation_id: null });
    expect((await getMember(response.body.id).expect(200)).body).toMatchObject({
      mobileNumber: '+61412345678',
      dateOfBirth: '1988-04-12',
    });
  });

  it('records null for absent app headers and keeps at most 200 characters of each', async () => {
    const bare = await postMember({ firstName: 'No', lastName: 'Headers', email: emailOf('no-headers') }).expect(201);
    expect(bare.body.activity).toEqual([
      expect.objectContaining({ applicationVersion: null, platform: null, userAgent: null }),
    ]);

    const long = await postMember({ firstName: 'Long', lastName: 'Headers', email: emailOf('long-headers') })
      .set('X-Application-Version', 'v'.repeat(300))
      .set('X-Platform', 'p'.repeat(201))
      .set('User-Agent', 'u'.repeat(1000))
      .expect(201);
    expect(long.body.activity[0]).toMatchObject({
      applicationVersion: 'v'.repeat(200),
      platform: 'p'.repeat(200),
      userAgent: 'u'.repeat(200),
    });
  });

  it('refuses organisation keys, so that no answer tells an organisation whether an email has an account elsewhere', async () => {
    const taken = await postMember({
      firstName: 'Other',
      lastName: 'Clinic',
      email: emailOf('taken-elsewhere'),
    }).expect(201);
    const existing = await postMember({ firstName: 'Probe', lastName: 'Existing', email: taken.body.email }, orgA.auth);
    const fresh = await postMember({ firstName: 'Probe', lastName: 'Fresh', email: emailOf('never-used') }, orgA.auth);
    expectProblem(existing, 403, 'forbidden');
    expect({ status: fresh.status, body: { ...fresh.body, requestId: undefined, instance: undefined } }).toEqual({
      status: existing.status,
      body: { ...existing.body, requestId: undefined, instance: undefined },
    });
    expect(await sql(t, 'select id from members where lower(email) = lower(?)', [emailOf('never-used')])).toEqual([]);
  });

  const valid = () => ({
    firstName: 'Val',
    lastName: 'Idation',
    email: emailOf(`invalid-${randomBytes(3).toString('hex')}`),
  });
  const nested = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`key${index}`, index]));

  it.each([
    ['firstName missing', { firstName: undefined }, 'firstName', 'required'],
    ['firstName empty', { firstName: '' }, 'firstName', 'required'],
    ['firstName blank', { firstName: '   ' }, 'firstName', 'required'],
    ['firstName over 100 characters', { firstName: 'x'.repeat(101) }, 'firstName', 'too_long'],
    ['firstName not a string', { firstName: 42 }, 'firstName', 'invalid_type'],
    ['lastName missing', { lastName: undefined }, 'lastName', 'required'],
    ['lastName over 100 characters', { lastName: 'x'.repeat(101) }, 'lastName', 'too_long'],
    ['email missing', { email: undefined }, 'email', 'required'],
    ['email malformed', { email: 'alex.example.com' }, 'email', 'invalid_format'],
    ['mobileNumber not a phone number', { mobileNumber: '12345' }, 'mobileNumber', 'invalid_phone_number'],
    ['mobileNumber not a string', { mobileNumber: 412345678 }, 'mobileNumber', 'invalid_type'],
    ['mobileNumber empty', { mobileNumber: '' }, 'mobileNumber', 'invalid_phone_number'],
    ['dateOfBirth not a date', { dateOfBirth: '12/04/1988' }, 'dateOfBirth', 'invalid_format'],
    ['dateOfBirth not a real day', { dateOfBirth: '1988-02-30' }, 'dateOfBirth', 'invalid_format'],
    ['dateOfBirth in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'not_in_past'],
    ['profileImageUrl not a URL', { profileImageUrl: 'not a url' }, 'profileImageUrl', 'invalid_format'],
    [
      'profileImageUrl not http(s)',
      { profileImageUrl: 'ftp://cdn.example.com/a.jpg' },
      'profileImageUrl',
      'invalid_format',
    ],
    ['metadata an array', { metadata: ['a'] }, 'metadata', 'invalid_type'],
    ['metadata a string', { metadata: 'plan=gold' }, 'metadata', 'invalid_type'],
    [
      'metadata with a nested object',
      { metadata: { address: { city: 'Sydney' } } },
      'metadata.address',
      'invalid_type',
    ],
    ['metadata with a nested array', { metadata: { tags: ['vip'] } }, 'metadata.tags', 'invalid_type'],
    ['metadata with 51 keys', { metadata: nested }, 'metadata', 'too_many'],
    [
      'metadata with a 41-character key',
      { metadata: { ['k'.repeat(41)]: 1 } },
      `metadata.${'k'.repeat(41)}`,
      'invalid_key',
    ],
    ['metadata with a 501-character value', { metadata: { note: 'x'.repeat(501) } }, 'metadata.note', 'too_long'],
    ['an unknown field', { nickname: 'Al' }, 'nickname', 'unknown_field'],
  ])('refuses %s with 400 naming the field', async (_, patch, field, code) => {
    const response = await postMember({ ...valid(), ...patch });
    expectInvalid(response, field, code);
  });

  it('takes metadata at its limits: 50 keys, 40-character keys, 500-character values', async () => {
    const metadata = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`${'k'.repeat(38)}${String(index).padStart(2, '0')}`, 'x'.repeat(500)]),
    );
    await postMember({ ...valid(), metadata }).expect(201);
  });

  it('refuses a second member with the same email in another case with 409 member_exists', async () => {
    const email = emailOf('duplicate');
    await postMember({ firstName: 'First', lastName: 'Owner', email }).expect(201);
    const response = await postMember({ firstName: 'Second', lastName: 'Owner', email: email.toUpperCase() });
    expectProblem(response, 409, 'member_exists');
  });

  it('creates exactly one member from 10 concurrent requests with one email in different cases', async () => {
    const email = emailOf('race');
    const variants = Array.from({ length: 10 }, (_, index) =>
      [...email]
        .map((character, position) =>
          (position + index) % 3 === 0 ? character.toUpperCase() : character.toLowerCase(),
        )
        .join(''),
    );
    const responses = await Promise.all(
      variants.map((variant, index) => postMember({ firstName: 'Racer', lastName: `Number ${index}`, email: variant })),
    );

    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const response of responses.filter((response) => response.status === 409))
      expectProblem(response, 409, 'member_exists');
    const [{ count }] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from members where lower(email) = lower(?)',
      [email],
    );
    expect(count).toBe(1);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const key = `membership-${RUN}`;
    const body = { firstName: 'Idem', lastName: 'Potent', email: emailOf('idempotent') };
    const first = await postMember(body).set('Idempotency-Key', key).expect(201);
    const retry = await postMember(body).set('Idempotency-Key', key).expect(201);

    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    const other = await postMember({ ...body, firstName: 'Other' }).set('Idempotency-Key', key);
    expectProblem(other, 422, 'idempotency_key_reused');
  });

  it('needs an API key', async () => {
    const response = await t
      .http()
      .post('/v1/members')
      .send({ firstName: 'No', lastName: 'Key', email: emailOf('no-key') });
    expectProblem(response, 401, 'unauthenticated');
  });
});

describe('GET /v1/members/{memberId}', () => {
  it.each([['memb_short'], ['org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L'], ['not-an-id'], [UNKNOWN_MEMBER_ID]])(
    'answers 404 for %s',
    async (id) => {
      expectProblem(await getMember(id), 404, 'not_found');
    },
  );

  it('shows an organisation key only members that one of its clients links to', async () => {
    const byA = await postMember({ firstName: 'Made', lastName: 'ByA', email: emailOf('made-by-a') }).expect(201);
    await postClient(orgA.id, { firstName: 'Made', lastName: 'ByA', memberId: byA.body.id }).expect(201);
    const byPlatform = await postMember({
      firstName: 'Made',
      lastName: 'ByPlatform',
      email: emailOf('made-by-platform'),
    }).expect(201);

    await getMember(byA.body.id, orgA.auth).expect(200);
    await getMember(byA.body.id).expect(200);
    expectProblem(await getMember(byA.body.id, orgB.auth), 404, 'not_found');
    expectProblem(await getMember(byPlatform.body.id, orgA.auth), 404, 'not_found');

    // The platform links the member to a client of B: from then on B sees it.
    await postClient(orgB.id, { firstName: 'Made', lastName: 'ByA', memberId: byA.body.id }).expect(201);
    const viaClient = await getMember(byA.body.id, orgB.auth).expect(200);
    expect(viaClient.body).toEqual(byA.body);
  });

  it("does not let an organisation key link another organisation's member to read it (404, as if it did not exist)", async () => {
    const byA = await postMember({ firstName: 'Kept', lastName: 'ByA', email: emailOf('kept-by-a') }).expect(201);
    await postClient(orgA.id, { firstName: 'Kept', lastName: 'ByA', memberId: byA.body.id }).expect(201);
    const byPlatform = await postMember({
      firstName: 'Kept',
      lastName: 'ByPlatform',
      email: emailOf('kept-by-platform'),
    }).expect(201);

    for (const memberId of [byA.body.id, byPlatform.body.id]) {
      const linked = await postClient(orgB.id, { firstName: 'Kept', lastName: 'Away', memberId }, orgB.auth);
      expectProblem(linked, 404, 'not_found');
      expect(linked.body.errors).toEqual([expect.objectContaining({ field: 'memberId', code: 'not_found' })]);
      expect(JSON.stringify(linked.body)).not.toContain(emailOf('kept'));
      expectProblem(await getMember(memberId, orgB.auth), 404, 'not_found');
    }
    const rows = await sql(t, 'select id from clients where organisation_id = ? and member_id in (?, ?)', [
      orgB.id,
      byA.body.id,
      byPlatform.body.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('lets an organisation key link the members it can read: those its clients link to', async () => {
    const shared = await postMember({ firstName: 'Shared', lastName: 'Patient', email: emailOf('shared') }).expect(201);
    await postClient(orgB.id, { firstName: 'Shared', lastName: 'Patient', memberId: shared.body.id }).expect(201);
    await postClient(orgB.id, { firstName: 'Shared', lastName: 'Again', memberId: shared.body.id }, orgB.auth).expect(
      201,
    );
  });

  it('stops showing a member to an organisation whose only client of it is deleted', async () => {
    const member = await postMember({ firstName: 'Former', lastName: 'Patient', email: emailOf('former') }).expect(201);
    const client = await postClient(orgA.id, {
      firstName: 'Former',
      lastName: 'Patient',
      memberId: member.body.id,
    }).expect(201);
    await getMember(member.body.id, orgA.auth).expect(200);

    await sql(t, 'update clients set deleted = true where id = ?', [client.body.id]);
    expectProblem(await getMember(member.body.id, orgA.auth), 404, 'not_found');
  });
});

describe('clients of an organisation', () => {
  it('creates a client with every field of the spec, null where unset', async () => {
    const response = await postClient(orgA.id, { firstName: 'Jo', lastName: 'Bloggs' }, orgA.auth).expect(201);

    expect(Object.keys(response.body).sort()).toEqual(CLIENT_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      deleted: false,
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      memberId: null,
      firstName: 'Jo',
      lastName: 'Bloggs',
      dateOfBirth: null,
      mobileNumber: null,
      email: null,
      pmsPatientId: null,
      pmsCreatedAt: null,
      profileImageUrl: null,
    });
    expect(response.headers.location).toBe(`/v1/organisations/${orgA.id}/clients/${response.body.id}`);
    expect((await getClient(orgA.id, response.body.id, orgA.auth).expect(200)).body).toEqual(response.body);
  });

  it('stores every optional field, the mobile number as E.164 and the PMS time as UTC', async () => {
    const member = await postMember({ firstName: 'Linked', lastName: 'Member', email: emailOf('linked') }).expect(201);
    const response = await postClient(
      orgA.id,
      {
        firstName: 'Linked',
        lastName: 'Member',
        email: 'linked@example.com',
        mobileNumber: '0412 345 678',
        dateOfBirth: '1990-07-01',
        memberId: member.body.id,
        pmsPatientId: 'PT-004417',
        pmsCreatedAt: '2024-03-14T09:30:00+10:00',
        profileImageUrl: 'https://cdn.example.com/clients/linked.jpg',
      },
      // The platform links the member: an organisation key links only members its clients already link to.
      t.platformAuth,
    ).expect(201);

    expect(response.body).toMatchObject({
      memberId: member.body.id,
      email: 'linked@example.com',
      mobileNumber: '+61412345678',
      dateOfBirth: '1990-07-01',
      pmsPatientId: 'PT-004417',
      pmsCreatedAt: '2024-03-13T23:30:00.000Z',
      profileImageUrl: 'https://cdn.example.com/clients/linked.jpg',
    });
    expect((await getClient(orgA.id, response.body.id).expect(200)).body).toEqual(response.body);
  });

  it.each([
    ['firstName missing', { firstName: undefined }, 'firstName', 'required'],
    ['lastName missing', { lastName: undefined }, 'lastName', 'required'],
    ['lastName over 100 characters', { lastName: 'x'.repeat(101) }, 'lastName', 'too_long'],
    ['email malformed', { email: 'jo@' }, 'email', 'invalid_format'],
    ['mobileNumber not a phone number', { mobileNumber: '+61 1' }, 'mobileNumber', 'invalid_phone_number'],
    ['dateOfBirth in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'not_in_past'],
    ['memberId not a member id', { memberId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }, 'memberId', 'invalid_format'],
    ['pmsCreatedAt a date only', { pmsCreatedAt: '2024-03-14' }, 'pmsCreatedAt', 'invalid_format'],
    ['pmsCreatedAt without a time zone', { pmsCreatedAt: '2024-03-14T09:30:00' }, 'pmsCreatedAt', 'invalid_format'],
    ['pmsCreatedAt empty', { pmsCreatedAt: '' }, 'pmsCreatedAt', 'invalid_format'],
    ['pmsPatientId empty', { pmsPatientId: '' }, 'pmsPatientId', 'required'],
    ['profileImageUrl not http(s)', { profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', 'invalid_format'],
    ['an unknown field', { deleted: true }, 'deleted', 'unknown_field'],
  ])('refuses %s with 400 naming the field', async (_, patch, field, code) => {
    expectInvalid(await postClient(orgA.id, { firstName: 'Jo', lastName: 'Bloggs', ...patch }, orgA.auth), field, code);
  });

  it('answers 404 naming memberId when no member has that id', async () => {
    const response = await postClient(
      orgA.id,
      { firstName: 'Jo', lastName: 'Bloggs', memberId: UNKNOWN_MEMBER_ID },
      orgA.auth,
    );
    expectProblem(response, 404, 'not_found');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'memberId', code: 'not_found' })]);
  });

  it('answers 404 for an organisation that does not exist or cannot', async () => {
    expectProblem(await postClient(UNKNOWN_ORGANISATION_ID, { firstName: 'Jo', lastName: 'Bloggs' }), 404, 'not_found');
    expectProblem(await postClient('org_nope', { firstName: 'Jo', lastName: 'Bloggs' }), 404, 'not_found');
    expectProblem(await getClient('org_nope', UNKNOWN_UUID), 404, 'not_found');
  });

  it("answers 404 for a malformed, unknown or other organisation's client id", async () => {
    const ofB = await postClient(orgB.id, { firstName: 'Bee', lastName: 'Client' }, orgB.auth).expect(201);
    expectProblem(await getClient(orgA.id, 'not-a-uuid', orgA.auth), 404, 'not_found');
    expectProblem(await getClient(orgA.id, UNKNOWN_UUID, orgA.auth), 404, 'not_found');
    expectProblem(await getClient(orgA.id, ofB.body.id, orgA.auth), 404, 'not_found');
    expectProblem(await getClient(orgA.id, ofB.body.id), 404, 'not_found');
  });

  it("refuses an organisation key on another organisation's clients with 403", async () => {
    const ofB = await postClient(orgB.id, { firstName: 'Bee', lastName: 'Private' }, orgB.auth).expect(201);
    expectProblem(await getClient(orgB.id, ofB.body.id, orgA.auth), 403, 'forbidden');
    expectProblem(await postClient(orgB.id, { firstName: 'Sneaky', lastName: 'Write' }, orgA.auth), 403, 'forbidden');
  });
});

describe('what other contexts read of clients', () => {
  it('ClientQueries finds only live clients of the organisation', async () => {
    const live = await postClient(orgA.id, { firstName: 'Live', lastName: 'Client' }, orgA.auth).expect(201);
    const gone = await postClient(orgA.id, { firstName: 'Gone', lastName: 'Client' }, orgA.auth).expect(201);
    await sql(t, 'update clients set deleted = true where id = ?', [gone.body.id]);
    const directory = t.app.get(ClientQueries);

    await inContext(t, async () => {
      expect(await directory.findActiveClient(orgA.id, live.body.id)).toEqual({
        id: live.body.id,
        firstName: 'Live',
        lastName: 'Client',
      });
      expect(await directory.findActiveClient(orgA.id, gone.body.id)).toBeNull();
      expect(await directory.findActiveClient(orgB.id, live.body.id)).toBeNull();
      expect(await directory.findActiveClient(orgA.id, UNKNOWN_UUID)).toBeNull();
      expect(await directory.findActiveClient(orgA.id, 'not-a-uuid')).toBeNull();
    });
    const deletedView = await getClient(orgA.id, gone.body.id, orgA.auth).expect(200);
    expect(deletedView.body.deleted).toBe(true);
  });

  it('ClientQueries reads many clients of one organisation in one statement, as the API shows them', async () => {
    const created = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        postClient(orgA.id, { firstName: name, lastName: 'Batch', mobileNumber: '0412 345 678' }, orgA.auth).expect(
          201,
        ),
      ),
    );
    const ofB = await postClient(orgB.id, { firstName: 'Other', lastName: 'Tenant' }, orgB.auth).expect(201);
    const ids = [...created.map((response) => response.body.id), ofB.body.id, UNKNOWN_UUID, 'not-a-uuid'];
    const reader = t.app.get(ClientQueries);

    let views = new Map();
    const { statements } = await countStatements(() =>
      inContext(t, async () => (views = await reader.findByIds(orgA.id, ids))),
    );

    expect(statements.filter((statement) => /\bclients\b/.test(statement))).toHaveLength(1);
    expect([...views.keys()].sort()).toEqual(created.map((response) => response.body.id).sort());
    for (const response of created) expect(views.get(response.body.id)).toEqual(response.body);
    expect(await inContext(t, () => reader.findByIds(orgA.id, []))).toEqual(new Map());
  });
});

describe('Idempotency-Key on POST /v1/organisations/{organisationId}/clients', () => {
  const clientsOfA = (lastName: string) =>
    sql<{ id: string }>(t, 'select id from clients where organisation_id = ? and last_name = ?', [orgA.id, lastName]);

  it('replays the first answer (status, body, Location) to a retry with the same key and body, and creates one client', async () => {
    const key = `client-${RUN}-replay`;
    const body = { firstName: 'Retry', lastName: `Idempotent ${RUN}`, mobileNumber: '0412 345 678' };
    const first = await postClient(orgA.id, body, orgA.auth).set('Idempotency-Key', key).expect(201);
    const retry = await postClient(orgA.id, body, orgA.auth).set('Idempotency-Key', key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(await clientsOfA(body.lastName)).toEqual([{ id: first.body.id }]);
  });

  it('answers the same key with another body with 422 idempotency_key_reused, and creates nothing more', async () => {
    const key = `client-${RUN}-reused`;
    const first = await postClient(orgA.id, { firstName: 'First', lastName: `Reused ${RUN}` }, orgA.auth)
      .set('Idempotency-Key', key)
      .expect(201);
    const reused = await postClient(orgA.id, { firstName: 'First', lastName: `Reused Other ${RUN}` }, orgA.auth).set(
      'Idempotency-Key',
      key,
    );
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await clientsOfA(`Reused Other ${RUN}`)).toEqual([]);
    expect(await clientsOfA(`Reused ${RUN}`)).toEqual([{ id: first.body.id }]);
  });
});
