import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { processorCustomer } from './support/payment-processor.js';
import {
  createClient,
  createTenant,
  ISO_INSTANT,
  named,
  RUN,
  type Tenant,
  UNKNOWN_UUID,
  withSlowStatements,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';

// Every test file shares one database: this file makes its own organisations and clients.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CREATED_FIELDS = ['brand', 'customerId', 'id', 'last4'];
const COMMON_FIELDS = ['id', 'type', 'brand', 'last4', 'createdAt', 'updatedAt', 'verified'];
const PAYMENT_METHOD_FIELDS = [...COMMON_FIELDS, 'customerId'].sort();
const HEALTH_FUND_CARD_FIELDS = [
  ...COMMON_FIELDS,
  'memberNumberLast4',
  'healthFundId',
  'fingerprint',
  'defaultReferenceNumber',
  'issueNumber',
  'verifiedAt',
  'healthFund',
  'cardholders',
].sort();
const MEDICARE_CARD_FIELDS = [
  ...COMMON_FIELDS,
  'memberNumberLast4',
  'referenceNumber',
  'fingerprint',
  'firstName',
  'lastName',
  'dateOfBirth',
  'secondInitial',
  'sex',
  'verifiedAt',
].sort();

interface HealthFund {
  id: string;
  name: string;
  capabilities: Record<string, boolean>;
}

let t: TestApp;
let orgA: Tenant;
let orgB: Tenant;
let funds: HealthFund[];

/** The Medicare check digit: weights 1,3,7,9,1,3,7,9 over the first 8 digits, mod 10. */
function checkDigit(firstEight: string): number {
  return [1, 3, 7, 9, 1, 3, 7, 9].reduce((sum, weight, index) => sum + weight * Number(firstEight[index]), 0) % 10;
}

/** A valid Medicare number no other test uses: first digit 2–6, check digit, issue 1–9. */
function medicareNumber(first = String(randomInt(2, 7)), issue = String(randomInt(1, 10))): string {
  const firstEight = `${first}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return `${firstEight}${checkDigit(firstEight)}${issue}`;
}

/** A health fund member number no other test uses. */
const fundMemberNumber = (length = 11): string =>
  [randomInt(1, 10), ...Array.from({ length: length - 1 }, () => randomInt(0, 10))].join('');

const medicareBody = (memberNumber: string, patch: object = {}) => ({
  type: 'medicare_card',
  medicareCard: {
    memberNumber,
    referenceNumber: '1',
    firstName: 'Alex',
    lastName: 'Chen',
    dateOfBirth: '1988-04-12',
    ...patch,
  },
});

const healthFundBody = (memberNumber: string, healthFundId = funds[0].id, patch: object = {}) => ({
  type: 'health_fund_card',
  healthFundCard: { memberNumber, healthFundId, ...patch },
});

const paymentBody = (paymentMethod: object) => ({ type: 'payment_method', paymentMethod });

async function newClient(owner: Tenant = orgA): Promise<string> {
  return (await createClient(t, owner.id, { firstName: 'Wallet', lastName: named('Holder') }, owner.auth)).id;
}

const cardsPath = (organisationId: string, clientId: string) =>
  `/v1/organisations/${organisationId}/clients/${clientId}/wallet/cards`;

const postCard = (clientId: string, body: unknown, owner: Tenant = orgA, app: TestApp = t) =>
  app
    .http()
    .post(cardsPath(owner.id, clientId))
    .set('Authorization', owner.auth)
    .send(body as object);

const listCards = (clientId: string, query = '', owner: Tenant = orgA) =>
  t
    .http()
    .get(`${cardsPath(owner.id, clientId)}${query}`)
    .set('Authorization', owner.auth);

const getCard = (clientId: string, cardId: string, owner: Tenant = orgA) =>
  t
    .http()
    .get(`${cardsPath(owner.id, clientId)}/${cardId}`)
    .set('Authorization', owner.auth);

async function cardCount(clientId: string): Promise<number> {
  return (await listCards(clientId).expect(200)).body.totalItems;
}

async function walletRow(id: string): Promise<Record<string, unknown>> {
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<Record<string, unknown>[]>('select * from wallet_cards where id = ?', [id]);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Every log line of this file's app, which logs at trace. */
const logLines: string[] = [];

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logDestination });
  [orgA, orgB] = await Promise.all([createTenant(t, 'Wallet Clinic A'), createTenant(t, 'Wallet Clinic B')]);
  funds = (await t.http().get('/v1/health-funds?limit=200').set('Authorization', orgA.auth).expect(200)).body.items;
  expect(funds.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await t?.close();
});

describe('POST …/clients/{clientId}/wallet/cards', () => {
  it.each([
    ['pm_card_visa', 'visa', '4242'],
    ['pm_card_mastercard', 'mastercard', '4444'],
    ['pm_card_amex', 'amex', '8431'],
  ])(
    'adds the payment method %s as %s ending %s, with a Location that reads it back',
    async (paymentMethodId, brand, last4) => {
      const clientId = await newClient();
      const response = await postCard(
        clientId,
        paymentBody({ paymentMethodId, customerId: processorCustomer(t, 'cus_R3x9Kq2LmN7vPw') }),
      ).expect(201);

      expect(Object.keys(response.body).sort()).toEqual(CREATED_FIELDS);
      expect(response.body).toEqual({
        id: expect.stringMatching(UUID),
        brand,
        last4,
        customerId: 'cus_R3x9Kq2LmN7vPw',
      });
      expect(response.headers.location).toBe(`${cardsPath(orgA.id, clientId)}/${response.body.id}`);

      const read = await t.http().get(response.headers.location).set('Authorization', orgA.auth).expect(200);
      expect(read.body).toMatchObject({
        id: response.body.id,
        type: 'payment_method',
        brand,
        last4,
        customerId: 'cus_R3x9Kq2LmN7vPw',
      });
    },
  );

  it('takes a confirmation token instead of a payment method id, and makes a processor customer when none is sent', async () => {
    const clientId = await newClient();
    const response = await postCard(clientId, paymentBody({ confirmationTokenId: 'ctoken_card_visa' })).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      brand: 'visa',
      last4: '4242',
      customerId: expect.stringMatching(/^cus_\w+$/),
    });
    expect(response.headers.location).toBe(`${cardsPath(orgA.id, clientId)}/${response.body.id}`);
  });

  it("adds a health fund card whose brand is the fund's name", async () => {
    const clientId = await newClient();
    const fund = funds[1];
    const memberNumber = fundMemberNumber(10);
    const response = await postCard(clientId, healthFundBody(memberNumber, fund.id)).expect(201);

    expect(Object.keys(response.body).sort()).toEqual(CREATED_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      brand: fund.name,
      last4: memberNumber.slice(-4),
      customerId: null,
    });
    expect(response.headers.location).toBe(`${cardsPath(orgA.id, clientId)}/${response.body.id}`);
  });

  it('adds a Medicare card with brand "medicare"', async () => {
    const clientId = await newClient();
    const response = await postCard(clientId, medicareBody('2123456701')).expect(201);

    expect(Object.keys(response.body).sort()).toEqual(CREATED_FIELDS);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID),
      brand: 'medicare',
      last4: '6701',
      customerId: null,
    });
    expect(response.headers.location).toBe(`${cardsPath(orgA.id, clientId)}/${response.body.id}`);
  });

  it.each(['2', '3', '4', '5', '6'])('accepts a Medicare number starting with %s', async (first) => {
    const clientId = await newClient();
    const memberNumber = medicareNumber(first);
    const response = await postCard(clientId, medicareBody(memberNumber)).expect(201);
    expect(response.body.last4).toBe(memberNumber.slice(-4));
  });
});

describe('type picks the one nested object', () => {
  let clientId: string;
  const bodies = {
    payment_method: { paymentMethod: { paymentMethodId: 'pm_card_visa' } },
    health_fund_card: {
      healthFundCard: { memberNumber: '40012345', healthFundId: '0193a6f2-0001-7000-8000-000000000002' },
    },
    medicare_card: {
      medicareCard: {
        memberNumber: '2123456701',
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1988-04-12',
      },
    },
  };
  const nestedOf = {
    payment_method: 'paymentMethod',
    health_fund_card: 'healthFundCard',
    medicare_card: 'medicareCard',
  } as const;
  const types = Object.keys(nestedOf) as (keyof typeof nestedOf)[];

  beforeAll(async () => {
    clientId = await newClient();
  });

  it.each(types)('requires the object that type %s names', async (type) => {
    const others = types.filter((other) => other !== type);
    // Only the other types' objects are sent: each is one too many, and the right one is missing.
    const response = await postCard(clientId, { type, ...bodies[others[0]] });
    expectInvalid(response, nestedOf[type], 'required');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: nestedOf[others[0]] })]),
    );

    expectInvalid(await postCard(clientId, { type }), nestedOf[type], 'required');
  });

  it.each(types.flatMap((type) => types.filter((other) => other !== type).map((other) => [type, other] as const)))(
    'refuses type %s with a %s object as well, naming the extra object',
    async (type, other) => {
      const response = await postCard(clientId, { type, ...bodies[type], ...bodies[other] });
      expectInvalid(response, nestedOf[other]);
      expect(response.body.errors.map((error: { field: string }) => error.field)).not.toContain(nestedOf[type]);
    },
  );

  it('adds nothing when a request is refused for an extra object', async () => {
    await postCard(clientId, { type: 'medicare_card', ...bodies.medicare_card, ...bodies.payment_method }).expect(400);
    expect(await cardCount(clientId)).toBe(0);
  });

  it.each([['bank_account'], ['MEDICARE_CARD'], [''], [7], [null]])(
    'refuses the type %p, naming the field type',
    async (type) => {
      expectInvalid(await postCard(clientId, { type, ...bodies.medicare_card }), 'type');
    },
  );

  it('refuses a body without a type', async () => {
    expectInvalid(await postCard(clientId, bodies.medicare_card), 'type', 'required');
  });

  it('refuses a nested value that is not an object', async () => {
    expectInvalid(await postCard(clientId, { type: 'medicare_card', medicareCard: '2123456701' }), 'medicareCard');
    expectInvalid(
      await postCard(clientId, { type: 'payment_method', paymentMethod: ['pm_card_visa'] }),
      'paymentMethod',
    );
  });

  it('refuses unknown fields, at the top and inside the object', async () => {
    expectInvalid(
      await postCard(clientId, { ...bodies.payment_method, type: 'payment_method', cardNumber: '4242424242424242' }),
      'cardNumber',
      'unknown_field',
    );
    expectInvalid(
      await postCard(clientId, {
        type: 'payment_method',
        paymentMethod: { paymentMethodId: 'pm_card_visa', cvc: '123' },
      }),
      'paymentMethod.cvc',
      'unknown_field',
    );
  });

  it('needs a payment method id or a confirmation token for a payment method', async () => {
    expectInvalid(
      await postCard(clientId, paymentBody({ customerId: 'cus_R3x9Kq2LmN7vPw' })),
      'paymentMethod.paymentMethodId',
    );
  });
});

describe('the client', () => {
  it("is not found through the caller's organisation when it belongs to another organisation", async () => {
    const clientOfB = await newClient(orgB);
    expectProblem(await postCard(clientOfB, medicareBody(medicareNumber())), 404, 'not_found');
    expectProblem(await listCards(clientOfB), 404, 'not_found');
    // Nothing was added to B's client either.
    expect((await listCards(clientOfB, '', orgB).expect(200)).body.totalItems).toBe(0);
  });

  it("is out of reach of another organisation's key (403)", async () => {
    const clientOfB = await newClient(orgB);
    expectProblem(
      await t
        .http()
        .post(cardsPath(orgB.id, clientOfB))
        .set('Authorization', orgA.auth)
        .send(medicareBody(medicareNumber())),
      403,
      'forbidden',
    );
  });

  it.each([['not-a-uuid'], [UNKNOWN_UUID], ['0193A6F7-0000-7000-8000-00000000000Z'], ["1' or '1'='1"]])(
    'is not found for the client id %p',
    async (clientId) => {
      expectProblem(await postCard(encodeURIComponent(clientId), medicareBody(medicareNumber())), 404, 'not_found');
      expectProblem(await listCards(encodeURIComponent(clientId)), 404, 'not_found');
    },
  );

  it('takes no new card once archived (409 client_deleted), and its wallet still reads', async () => {
    const clientId = await newClient();
    const card = await postCard(clientId, medicareBody(medicareNumber())).expect(201);
    await t.app.get(MikroORM).em.fork().execute('update clients set deleted = true where id = ?', [clientId]);
    expectProblem(await postCard(clientId, medicareBody(medicareNumber())), 409, 'client_deleted');
    expect((await listCards(clientId).expect(200)).body.items.map((item: { id: string }) => item.id)).toEqual([
      card.body.id,
    ]);
  });

  it('is checked before the card, so an unknown client with a declined card is still a 404', async () => {
    expectProblem(
      await postCard(UNKNOWN_UUID, paymentBody({ paymentMethodId: 'pm_card_chargeDeclined' })),
      404,
      'not_found',
    );
  });
});

describe('payment methods', () => {
  it('answers 402 card_declined for a card the processor declines, and adds nothing', async () => {
    const clientId = await newClient();
    const response = await postCard(clientId, paymentBody({ paymentMethodId: 'pm_card_chargeDeclined' }));
    expectProblem(response, 402, 'card_declined');
    expect(response.body.detail).toEqual(expect.any(String));
    expect(await cardCount(clientId)).toBe(0);
  });

  it('declines the confirmation token of a declined card too', async () => {
    expectProblem(
      await postCard(await newClient(), paymentBody({ confirmationTokenId: 'ctoken_card_chargeDeclined' })),
      402,
      'card_declined',
    );
  });

  it('refuses a payment method id the processor does not know, naming the field', async () => {
    const clientId = await newClient();
    expectInvalid(
      await postCard(clientId, paymentBody({ paymentMethodId: 'pm_card_unknown' })),
      'paymentMethod.paymentMethodId',
    );
    expectInvalid(
      await postCard(clientId, paymentBody({ confirmationTokenId: 'ctoken_nope' })),
      'paymentMethod.confirmationTokenId',
    );
    expect(await cardCount(clientId)).toBe(0);
  });

  it.each(['toString', 'constructor', '__proto__'])(
    'refuses the payment method id %p with 400, not a server error',
    async (paymentMethodId) => {
      const clientId = await newClient();
      expectInvalid(await postCard(clientId, paymentBody({ paymentMethodId })), 'paymentMethod.paymentMethodId');
      expect(await cardCount(clientId)).toBe(0);
    },
  );
});

describe('health fund cards', () => {
  it('answers 404 naming healthFundCard.healthFundId for a fund that does not exist', async () => {
    const clientId = await newClient();
    const response = await postCard(clientId, healthFundBody(fundMemberNumber(), UNKNOWN_UUID));
    expectProblem(response, 404, 'not_found');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'healthFundCard.healthFundId' })]);
    expect(await cardCount(clientId)).toBe(0);
  });

  it.each([
    ['letters', 'abc'],
    ['21 digits', '123456789012345678901'],
    ['empty', ''],
    ['digits with a space', '4001 2345'],
  ])('refuses a member number of %s, naming healthFundCard.memberNumber', async (_label, memberNumber) => {
    const clientId = await newClient();
    expectInvalid(await postCard(clientId, healthFundBody(memberNumber)), 'healthFundCard.memberNumber');
    expect(await cardCount(clientId)).toBe(0);
  });

  it.each([1, 20])('accepts a member number of %i digits', async (length) => {
    const memberNumber = fundMemberNumber(length);
    const response = await postCard(await newClient(), healthFundBody(memberNumber)).expect(201);
    expect(response.body.last4).toBe(memberNumber.slice(-4));
  });

  it('requires the member number and the fund', async () => {
    const clientId = await newClient();
    expectInvalid(
      await postCard(clientId, { type: 'health_fund_card', healthFundCard: { healthFundId: funds[0].id } }),
      'healthFundCard.memberNumber',
      'required',
    );
    expectInvalid(
      await postCard(clientId, { type: 'health_fund_card', healthFundCard: { memberNumber: '40012345' } }),
      'healthFundCard.healthFundId',
      'required',
    );
  });

  it('keeps the issue number, default reference number, issue date and cardholders', async () => {
    const clientId = await newClient();
    const fund = funds[2];
    const memberNumber = fundMemberNumber(9);
    const created = await postCard(
      clientId,
      healthFundBody(memberNumber, fund.id, {
        issueNumber: '03',
        defaultReferenceNumber: '2',
        issueDate: '2025-07-01',
        cardholders: ['Alex Chen', 'Sam Chen'],
      }),
    ).expect(201);

    const list = await listCards(clientId).expect(200);
    expect(list.body.items).toEqual([
      {
        id: created.body.id,
        type: 'health_fund_card',
        brand: fund.name,
        last4: memberNumber.slice(-4),
        createdAt: expect.stringMatching(ISO_INSTANT),
        updatedAt: list.body.items[0].createdAt,
        verified: false,
        memberNumberLast4: memberNumber.slice(-4),
        healthFundId: fund.id,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        defaultReferenceNumber: '2',
        issueNumber: '03',
        verifiedAt: null,
        healthFund: { id: fund.id, name: fund.name, capabilities: fund.capabilities },
        cardholders: ['Alex Chen', 'Sam Chen'],
      },
    ]);
    // The issue date is no field of the spec's HealthFundCard, so it is kept but not shown.
    expect((await walletRow(created.body.id)).details).toMatchObject({ issueDate: '2025-07-01' });
  });

  it('shows null details and no cardholders when none were sent', async () => {
    const clientId = await newClient();
    await postCard(clientId, healthFundBody(fundMemberNumber())).expect(201);
    const [card] = (await listCards(clientId).expect(200)).body.items;
    expect(card).toMatchObject({
      defaultReferenceNumber: null,
      issueNumber: null,
      cardholders: [],
      verified: false,
      verifiedAt: null,
    });
  });
});

describe('Medicare cards', () => {
  let clientId: string;

  beforeAll(async () => {
    clientId = await newClient();
  });

  const firstEight = '39501247';
  it.each([
    ['a wrong check digit', `${firstEight}${(checkDigit(firstEight) + 1) % 10}1`],
    ['a first digit of 1', `1${'2345678'}${checkDigit('12345678')}1`],
    ['a first digit of 7', `7${'2345678'}${checkDigit('72345678')}1`],
    ['9 digits', `${firstEight}${checkDigit(firstEight)}`],
    ['11 digits', `${firstEight}${checkDigit(firstEight)}12`],
    ['an issue digit of 0', `${firstEight}${checkDigit(firstEight)}0`],
    ['spaces', `3950 12473 1`],
  ])('refuses a member number with %s (invalid_medicare_number)', async (_label, memberNumber) => {
    expectInvalid(
      await postCard(clientId, medicareBody(memberNumber)),
      'medicareCard.memberNumber',
      'invalid_medicare_number',
    );
  });

  it.each(['0', '10', 'a', ''])('refuses the reference number %p', async (referenceNumber) => {
    expectInvalid(
      await postCard(clientId, medicareBody(medicareNumber(), { referenceNumber })),
      'medicareCard.referenceNumber',
    );
  });

  it.each(['firstName', 'lastName'])('refuses a %s over 40 characters and takes one of 40', async (field) => {
    expectInvalid(
      await postCard(clientId, medicareBody(medicareNumber(), { [field]: 'A'.repeat(41) })),
      `medicareCard.${field}`,
    );
    const response = await postCard(
      await newClient(),
      medicareBody(medicareNumber(), { [field]: 'B'.repeat(40) }),
    ).expect(201);
    expect(response.body.brand).toBe('medicare');
  });

  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ['tomorrow', tomorrow()],
    ['in 2100', '2100-01-01'],
    ['day first', '12/04/1988'],
    ['not a calendar day', '1988-02-30'],
    ['a date-time', '1988-04-12T00:00:00.000Z'],
  ])('refuses a date of birth %s, naming medicareCard.dateOfBirth', async (_label, dateOfBirth) => {
    expectInvalid(
      await postCard(clientId, medicareBody(medicareNumber(), { dateOfBirth })),
      'medicareCard.dateOfBirth',
    );
  });

  it.each(['firstName', 'lastName', 'dateOfBirth', 'memberNumber', 'referenceNumber'])('requires %s', async (field) => {
    const body = medicareBody(medicareNumber());
    delete (body.medicareCard as Record<string, unknown>)[field];
    expectInvalid(await postCard(clientId, body), `medicareCard.${field}`, 'required');
  });

  it('added nothing for any refused request', async () => {
    expect(await cardCount(clientId)).toBe(0);
  });

  it('returns every field of the spec MedicareCard in the wallet, with only the last 4 digits of the number', async () => {
    const owner = await newClient();
    const memberNumber = medicareNumber();
    const created = await postCard(
      owner,
      medicareBody(memberNumber, { referenceNumber: '3', secondInitial: 'J', sex: 'F' }),
    ).expect(201);
    const [card] = (await listCards(owner).expect(200)).body.items;
    expect(Object.keys(card).sort()).toEqual(MEDICARE_CARD_FIELDS);
    expect(card).toEqual({
      id: created.body.id,
      type: 'medicare_card',
      brand: 'medicare',
      last4: memberNumber.slice(-4),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: card.createdAt,
      verified: false,
      memberNumberLast4: memberNumber.slice(-4),
      referenceNumber: '3',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      firstName: 'Alex',
      lastName: 'Chen',
      dateOfBirth: '1988-04-12',
      secondInitial: 'J',
      sex: 'F',
      verifiedAt: null,
    });
  });
});

describe('full numbers', () => {
  it('are stored only as ciphertext, with last4 and a fingerprint beside them', async () => {
    const clientId = await newClient();
    const medicare = medicareNumber();
    const member = fundMemberNumber(12);
    const medicareCard = await postCard(clientId, medicareBody(medicare)).expect(201);
    const fundCard = await postCard(clientId, healthFundBody(member)).expect(201);

    for (const [id, number] of [
      [medicareCard.body.id, medicare],
      [fundCard.body.id, member],
    ]) {
      const row = await walletRow(id);
      for (const [column, value] of Object.entries(row)) {
        expect([column, JSON.stringify(value) ?? '']).not.toEqual([column, expect.stringContaining(number)]);
      }
      expect(row.number_ciphertext).toEqual(expect.stringMatching(/^v1:/));
      expect(row.last4).toBe(number.slice(-4));
      expect(row.fingerprint).toEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
    }
    // The same number in two wallets is sealed under a fresh IV each time.
    const other = await postCard(await newClient(), medicareBody(medicare)).expect(201);
    expect((await walletRow(other.body.id)).number_ciphertext).not.toBe(
      (await walletRow(medicareCard.body.id)).number_ciphertext,
    );
  });

  it('never appear in a response: create, list or get', async () => {
    const clientId = await newClient();
    const medicare = medicareNumber();
    const member = fundMemberNumber(12);
    const texts: string[] = [];
    const created = [
      await postCard(clientId, medicareBody(medicare)).expect(201),
      await postCard(clientId, healthFundBody(member)).expect(201),
    ];
    texts.push(...created.map((response) => response.text));
    texts.push((await listCards(clientId).expect(200)).text);
    for (const response of created) texts.push((await getCard(clientId, response.body.id).expect(200)).text);
    // The duplicate answer names the card, not the number.
    texts.push((await postCard(clientId, medicareBody(medicare)).expect(409)).text);

    expect(texts).toHaveLength(6);
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toContain(medicare);
      expect(text).not.toContain(member);
    }
    expect(texts.join('\n')).toContain(medicare.slice(-4));
  });

  it('are not echoed by a validation error', async () => {
    const clientId = await newClient();
    const badMedicare = `${medicareNumber().slice(0, 8)}00`;
    const badMember = '9'.repeat(21);
    const responses = [
      await postCard(clientId, medicareBody(badMedicare)),
      await postCard(clientId, healthFundBody(badMember)),
    ];
    expect(responses.map((response) => response.status)).toEqual([400, 400]);
    for (const response of responses) {
      expect(response.text).not.toContain(badMedicare);
      expect(response.text).not.toContain(badMember);
    }
  });
});

describe('the logs', () => {
  it('hold no card or Medicare number and no API key secret, even at trace level', async () => {
    const from = logLines.length;
    const medicare = medicareNumber();
    const badMedicare = `${medicare.slice(0, 8)}${(Number(medicare[8]) + 1) % 10}${medicare[9]}`;
    const member = fundMemberNumber(14);
    const badMember = `${fundMemberNumber(20)}9`;
    const owner = await createTenant(t, 'Wallet Logging Clinic');
    const secret = owner.auth.replace(/^Bearer /, '');
    const clientId = await newClient(owner);
    const statuses = [
      (await postCard(clientId, medicareBody(medicare), owner)).status,
      (await postCard(clientId, medicareBody(medicare), owner)).status,
      (await postCard(clientId, medicareBody(badMedicare), owner)).status,
      (await postCard(clientId, healthFundBody(member), owner)).status,
      (await postCard(clientId, healthFundBody(badMember), owner)).status,
      (await postCard(clientId, { type: 'medicare_card', medicareCard: { memberNumber: medicare } }, owner)).status,
      (
        await postCard(
          clientId,
          { type: 'health_fund_card', healthFundCard: { memberNumber: member, healthFundId: UNKNOWN_UUID } },
          owner,
        )
      ).status,
      (await postCard(UNKNOWN_UUID, medicareBody(medicare), owner)).status,
      (
        await t
          .http()
          .post(cardsPath(owner.id, clientId))
          .set('Authorization', owner.auth)
          .set('Idempotency-Key', `log-${RUN}`)
          .send(medicareBody(medicare))
      ).status,
      (await listCards(clientId, '', owner)).status,
    ];
    expect(statuses).toEqual([201, 409, 400, 201, 400, 400, 404, 404, 409, 200]);
    // Pino writes asynchronously; let the last lines land.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const text = logLines.slice(from).join('');
    expect(text.length).toBeGreaterThan(0);
    // The requests themselves were logged, so the absence of numbers means something.
    expect(text).toContain(`/clients/${clientId}/wallet/cards`);
    expect(text).toMatch(/"statusCode":409/);
    expect(text).toMatch(/"statusCode":400/);
    for (const number of [medicare, badMedicare, member, badMember]) expect(text).not.toContain(number);
    expect(secret).toMatch(/\S{16,}/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(t.platformAuth.replace(/^Bearer /, ''));
    expect(text).not.toMatch(/Bearer\s+\S/);
  });
});

describe('the same card twice', () => {
  it('is a 409 card_exists naming the card already held, for a Medicare card', async () => {
    const clientId = await newClient();
    const memberNumber = medicareNumber();
    const first = await postCard(clientId, medicareBody(memberNumber)).expect(201);
    // Another reference number and name on the same card is still the same card.
    const again = await postCard(clientId, medicareBody(memberNumber, { referenceNumber: '2', firstName: 'Sam' }));
    expectProblem(again, 409, 'card_exists');
    expect(again.body.existingCardId).toBe(first.body.id);
    expect(again.body.detail).toContain(first.body.id);
    expect(await cardCount(clientId)).toBe(1);
  });

  it('is a 409 card_exists for a health fund card of the same fund and number, but not of another fund', async () => {
    const clientId = await newClient();
    const memberNumber = fundMemberNumber();
    const first = await postCard(clientId, healthFundBody(memberNumber, funds[0].id)).expect(201);
    const again = await postCard(clientId, healthFundBody(memberNumber, funds[0].id, { issueNumber: '02' }));
    expectProblem(again, 409, 'card_exists');
    expect(again.body.existingCardId).toBe(first.body.id);
    expect(again.body.detail).toContain(first.body.id);
    await postCard(clientId, healthFundBody(memberNumber, funds[1].id)).expect(201);
    expect(await cardCount(clientId)).toBe(2);
  });

  it('is a 409 card_exists for the same payment method, however it is named', async () => {
    const clientId = await newClient();
    const first = await postCard(clientId, paymentBody({ paymentMethodId: 'pm_card_visa' })).expect(201);
    for (const body of [
      paymentBody({ paymentMethodId: 'pm_card_visa' }),
      paymentBody({ confirmationTokenId: 'ctoken_card_visa' }),
    ]) {
      const again = await postCard(clientId, body);
      expectProblem(again, 409, 'card_exists');
      expect(again.body.existingCardId).toBe(first.body.id);
    }
    await postCard(clientId, paymentBody({ paymentMethodId: 'pm_card_mastercard' })).expect(201);
    expect(await cardCount(clientId)).toBe(2);
  });

  it('is fine for another client, of this or another organisation', async () => {
    const memberNumber = medicareNumber();
    const first = await postCard(await newClient(), medicareBody(memberNumber)).expect(201);
    const second = await postCard(await newClient(), medicareBody(memberNumber)).expect(201);
    const third = await postCard(await newClient(orgB), medicareBody(memberNumber), orgB).expect(201);
    expect(new Set([first.body.id, second.body.id, third.body.id]).size).toBe(3);
  });

  it('sent 8 times at once makes exactly one card: one 201 and seven 409 card_exists', async () => {
    const clientId = await newClient();
    const body = medicareBody(medicareNumber());
    const responses = await Promise.all(Array.from({ length: 8 }, () => postCard(clientId, body)));

    const created = responses.filter((response) => response.status === 201);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(created).toHaveLength(1);
    for (const conflict of conflicts) {
      expectProblem(conflict, 409, 'card_exists');
      expect(conflict.body.existingCardId).toBe(created[0].body.id);
    }
    const list = await listCards(clientId).expect(200);
    expect(list.body.totalItems).toBe(1);
    expect(list.body.items.map((card: { id: string }) => card.id)).toEqual([created[0].body.id]);
  });
});

describe('GET …/wallet/cards', () => {
  let clientId: string;
  /** Ids in the order they were added. */
  const added: string[] = [];
  let medicare: string;
  let member: string;
  let customerId: string;

  beforeAll(async () => {
    clientId = await newClient();
    medicare = medicareNumber();
    member = fundMemberNumber();
    const visa = await postCard(clientId, paymentBody({ paymentMethodId: 'pm_card_visa' })).expect(201);
    customerId = visa.body.customerId;
    added.push(visa.body.id);
    added.push(
      (await postCard(clientId, medicareBody(medicare, { secondInitial: 'K', sex: 'X' })).expect(201)).body.id,
    );
    added.push(
      (
        await postCard(
          clientId,
          paymentBody({ paymentMethodId: 'pm_card_amex', customerId: processorCustomer(t, 'cus_amex') }),
        ).expect(201)
      ).body.id,
    );
    for (const fund of funds.slice(0, 3))
      added.push((await postCard(clientId, healthFundBody(member, fund.id)).expect(201)).body.id);
  });

  it("lists the client's cards newest first, each with its type's own fields", async () => {
    const response = await listCards(clientId, '?limit=200').expect(200);
    expect(response.body).toMatchObject({ page: 1, limit: 200, totalItems: 6, totalPages: 1 });
    expect(Object.keys(response.body).sort()).toEqual(['items', 'limit', 'page', 'totalItems', 'totalPages']);
    const items = response.body.items as Record<string, unknown>[];
    expect(items.map((card) => card.id)).toEqual([...added].reverse());

    const createdAts = items.map((card) => card.createdAt as string);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);

    const [fund3, fund2, fund1, amex, medicareCard, visa] = items;
    for (const [card, fund] of [
      [fund1, funds[0]],
      [fund2, funds[1]],
      [fund3, funds[2]],
    ] as const) {
      expect(Object.keys(card).sort()).toEqual(HEALTH_FUND_CARD_FIELDS);
      expect(card).toMatchObject({
        type: 'health_fund_card',
        brand: fund.name,
        last4: member.slice(-4),
        memberNumberLast4: member.slice(-4),
        healthFundId: fund.id,
        healthFund: { id: fund.id, name: fund.name, capabilities: fund.capabilities },
        verified: false,
        verifiedAt: null,
      });
    }
    // The same number at three funds is three cards.
    expect(new Set([fund1.fingerprint, fund2.fingerprint, fund3.fingerprint]).size).toBe(3);

    expect(Object.keys(medicareCard).sort()).toEqual(MEDICARE_CARD_FIELDS);
    expect(medicareCard).toMatchObject({
      type: 'medicare_card',
      brand: 'medicare',
      memberNumberLast4: medicare.slice(-4),
      secondInitial: 'K',
      sex: 'X',
    });

    for (const card of [amex, visa]) expect(Object.keys(card).sort()).toEqual(PAYMENT_METHOD_FIELDS);
    expect(amex).toEqual({
      id: added[2],
      type: 'payment_method',
      brand: 'amex',
      last4: '8431',
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: amex.createdAt,
      verified: true,
      customerId: 'cus_amex',
    });
    expect(visa).toEqual({
      id: added[0],
      type: 'payment_method',
      brand: 'visa',
      last4: '4242',
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: visa.createdAt,
      verified: true,
      customerId,
    });
  });

  it('gets one card as the list shows it', async () => {
    const list = (await listCards(clientId, '?limit=200').expect(200)).body.items as { id: string }[];
    for (const card of list) expect((await getCard(clientId, card.id).expect(200)).body).toEqual(card);
  });

  it('does not get a card through another client, another organisation or a bad id', async () => {
    const otherClient = await newClient();
    expectProblem(await getCard(otherClient, added[0]), 404, 'not_found');
    expectProblem(await getCard(clientId, UNKNOWN_UUID), 404, 'not_found');
    expectProblem(await getCard(clientId, 'card_1'), 404, 'not_found');
    const clientOfB = await newClient(orgB);
    expectProblem(await getCard(clientOfB, added[0], orgB), 404, 'not_found');
  });

  it('pages without repeating or skipping a card', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await listCards(clientId, `?limit=2&page=${page}`).expect(200);
      expect(response.body).toMatchObject({ page, limit: 2, totalItems: 6, totalPages: 3 });
      expect(response.body.items).toHaveLength(2);
      seen.push(...response.body.items.map((card: { id: string }) => card.id));
    }
    expect(seen).toEqual([...added].reverse());

    const past = await listCards(clientId, '?limit=4&page=3').expect(200);
    expect(past.body).toEqual({ items: [], page: 3, limit: 4, totalItems: 6, totalPages: 2 });

    const defaults = await listCards(clientId).expect(200);
    expect(defaults.body).toMatchObject({ page: 1, limit: 10, totalItems: 6, totalPages: 1 });
  });

  it('answers an empty page for a client with no cards', async () => {
    expect((await listCards(await newClient()).expect(200)).body).toEqual({
      items: [],
      page: 1,
      limit: 10,
      totalItems: 0,
      totalPages: 0,
    });
  });

  it.each([
    ['limit', '0'],
    ['limit', '201'],
    ['limit', 'abc'],
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
  ])('refuses %s=%s, naming the parameter', async (parameter, value) => {
    expectInvalid(await listCards(clientId, `?${parameter}=${value}`), parameter);
  });

  it('uses as many SQL statements for 200 cards a page as for 1', async () => {
    // The newest card is a health fund card, so both pages need their fund.
    const one = await countRequestStatements(() => listCards(clientId, '?limit=1').expect(200));
    const all = await countRequestStatements(() => listCards(clientId, '?limit=200').expect(200));
    expect(one.statements.length).toBeGreaterThan(0);
    expect(all.statements.length).toBe(one.statements.length);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry, status and body, and adds one card, even when the database is slow to record it', async () => {
    const clientId = await newClient();
    const key = `wallet-${RUN}-replay`;
    // No customer is sent, so a second run would make another one: the replay shows it did not run.
    const body = paymentBody({ paymentMethodId: 'pm_card_mastercard' });
    const send = () =>
      t
        .http()
        .post(cardsPath(orgA.id, clientId))
        .set('Authorization', orgA.auth)
        .set('Idempotency-Key', key)
        .send(body);

    // A client may retry as soon as it has the first answer; the key must already hold it then.
    const [first, retry] = await withSlowStatements(/^\s*update\s+"?idempotency_keys"?/i, 300, async () => {
      const answer = await send();
      return [answer, await send()];
    });
    expect(first.status).toBe(201);
    expect({ status: retry.status, code: retry.body?.code }).toEqual({ status: 201, code: undefined });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(await cardCount(clientId)).toBe(1);
  });

  it('replays a Medicare card create the same way', async () => {
    const clientId = await newClient();
    const key = `wallet-${RUN}-medicare`;
    const body = medicareBody(medicareNumber());
    const send = () =>
      t
        .http()
        .post(cardsPath(orgA.id, clientId))
        .set('Authorization', orgA.auth)
        .set('Idempotency-Key', key)
        .send(body);
    const first = await send();
    const retry = await send();
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect(await cardCount(clientId)).toBe(1);
  });

  it('refuses the same key with another body (422)', async () => {
    const clientId = await newClient();
    const key = `wallet-${RUN}-other-body`;
    const send = (body: object) =>
      t
        .http()
        .post(cardsPath(orgA.id, clientId))
        .set('Authorization', orgA.auth)
        .set('Idempotency-Key', key)
        .send(body);
    await send(medicareBody(medicareNumber())).expect(201);
    expectProblem(await send(medicareBody(medicareNumber())), 422, 'idempotency_key_reused');
    expect(await cardCount(clientId)).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  const PATH = '/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards';
  const TYPES = ['payment_method', 'health_fund_card', 'medicare_card'];

  it('describes the wallet create body as a union discriminated by type, with an example of each type', async () => {
    const response = await t.http().get('/docs/openapi.json').expect(200);
    const document = response.body;
    const content = document.paths[PATH].post.requestBody.content['application/json'];
    const schema = content.schema;

    expect(schema.oneOf).toHaveLength(3);
    expect(schema.discriminator.propertyName).toBe('type');
    expect(Object.keys(schema.discriminator.mapping).sort()).toEqual([...TYPES].sort());
    for (const variant of schema.oneOf as { $ref: string }[])
      expect(Object.values(schema.discriminator.mapping)).toContain(variant.$ref);

    // Each variant fixes `type` to its value and requires the object it names.
    const nestedOf: Record<string, string> = {
      payment_method: 'paymentMethod',
      health_fund_card: 'healthFundCard',
      medicare_card: 'medicareCard',
    };
    for (const [type, ref] of Object.entries(schema.discriminator.mapping as Record<string, string>)) {
      const variant = document.components.schemas[ref.replace('#/components/schemas/', '')];
      expect(variant.properties.type.enum).toEqual([type]);
      expect(variant.required).toEqual(expect.arrayContaining(['type', nestedOf[type]]));
    }

    expect(Object.keys(content.examples).sort()).toEqual([...TYPES].sort());
    for (const type of TYPES) expect(content.examples[type].value.type).toBe(type);
  });

  it('gives examples the API accepts', async () => {
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const examples = document.paths[PATH].post.requestBody.content['application/json'].examples as Record<
      string,
      { value: object }
    >;
    const clientId = await newClient();
    for (const type of TYPES) {
      const response = await postCard(clientId, examples[type].value);
      expect([type, response.status]).toEqual([type, 201]);
    }
  });
});
