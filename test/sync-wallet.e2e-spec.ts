import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { etagOf } from '@app/shared/domain';
import { CardVault, RescopeCardFingerprints } from '@app/wallet';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createClient,
  createTenant,
  created,
  orgPath,
  postJson,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectInvalid } from './support/problems.js';

const BUPA = '0193a6f2-0001-7000-8000-000000000002';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Sync Wallet Clinic');
});

afterAll(async () => {
  await t?.close();
});

const cardsPath = (clientId: string, rest = '') => orgPath(home.id, `/clients/${clientId}/wallet/cards${rest}`);
const get = (path: string) => t.http().get(path).set('Authorization', home.auth);
const addCard = (clientId: string, body: Body) => created(postJson(t, cardsPath(clientId), body, home.auth));
const fundCard = (memberNumber: string) => ({
  type: 'health_fund_card',
  healthFundCard: { healthFundId: BUPA, memberNumber },
});
const medicareCard = {
  type: 'medicare_card',
  medicareCard: {
    memberNumber: '2123456701',
    referenceNumber: '1',
    firstName: 'Alex',
    lastName: 'Chen',
    dateOfBirth: '1988-04-12',
  },
};

/** An instant after `instant`: what changes from now on changes after it. */
async function after(instant: string): Promise<Date> {
  while (Date.now() <= Date.parse(instant)) await new Promise((resolve) => setTimeout(resolve, 2));
  return new Date();
}

describe('wallet cards', () => {
  it('a card answers updatedAt, equal to createdAt, and a strong ETag of it', async () => {
    const { id: clientId } = await createClient(t, home.id);
    const { id } = await addCard(clientId, fundCard('40011111'));
    const got = await get(cardsPath(clientId, `/${id}`)).expect(200);
    expect(got.body.updatedAt).toBe(got.body.createdAt);
    expect(got.headers.etag).toBe(etagOf(got.body.updatedAt));
  });

  it('a card whose fingerprint the service rescopes (at start-up) changed: a sync meets it again, with a new ETag', async () => {
    const { id: clientId } = await createClient(t, home.id);
    const { id } = await addCard(clientId, medicareCard);
    // As a card written before fingerprints were per organisation holds it.
    const legacy = `legacy-${randomUUID()}`;
    await sql(t, "update wallet_cards set fingerprint = ?, fingerprint_scope = 'platform' where id = ?", [legacy, id]);
    const before = await get(cardsPath(clientId, `/${id}`)).expect(200);
    const since = await after(before.body.updatedAt);
    expect((await get(cardsPath(clientId, `?updatedSince=${since.toISOString()}`)).expect(200)).body.items).toEqual([]);

    expect(await t.app.get(RescopeCardFingerprints).execute()).toBeGreaterThanOrEqual(1);

    const got = await get(cardsPath(clientId, `/${id}`)).expect(200);
    expect(got.body.fingerprint).toBe(t.app.get(CardVault).rescope(home.id, legacy));
    expect(got.headers.etag).not.toBe(before.headers.etag);
    expect(got.headers.etag).toBe(etagOf(got.body.updatedAt));
    const { body } = await get(cardsPath(clientId, `?updatedSince=${since.toISOString()}`)).expect(200);
    expect(body).toMatchObject({ totalItems: 1, items: [got.body] });
  });

  it('pages a sync in `updatedAt, id` order, and misses no card added between two pages', async () => {
    const { id: clientId } = await createClient(t, home.id);
    const since = new Date();
    const cards = [
      await addCard(clientId, fundCard('40012221')),
      await addCard(clientId, fundCard('40012222')),
      await addCard(clientId, fundCard('40012223')),
    ];
    const page = async (number: number) =>
      (await get(cardsPath(clientId, `?updatedSince=${since.toISOString()}&limit=2&page=${number}`)).expect(200)).body;
    const first = await page(1);
    expect(first.items.map((card: Body) => card.id)).toEqual([cards[0].id, cards[1].id]);
    const added = await addCard(clientId, medicareCard);
    const second = await page(2);
    expect(second).toMatchObject({ totalItems: 4, totalPages: 2 });
    expect(second.items.map((card: Body) => card.id)).toEqual([cards[2].id, added.id]);
    const order = [...first.items, ...second.items].map((card: Body) => `${card.updatedAt} ${card.id}`);
    expect(order).toEqual([...order].sort());
  });

  it('reads a sync page in as many statements as a list without it', async () => {
    const { id: clientId } = await createClient(t, home.id);
    await addCard(clientId, fundCard('40013331'));
    await get(cardsPath(clientId)).expect(200); // warm the key cache
    const plain = await countRequestStatements(() => get(cardsPath(clientId, '?limit=200')).expect(200));
    const synced = await countRequestStatements(() =>
      get(cardsPath(clientId, '?limit=200&updatedSince=2026-01-01T00:00:00.000Z')).expect(200),
    );
    expect(synced.statements.length).toBe(plain.statements.length);
    expect(synced.statements.filter((text) => /\bfrom wallet_cards w\b/.test(text))).toHaveLength(2);
  });

  it('refuses an updatedSince that is not an instant, naming it', async () => {
    const { id: clientId } = await createClient(t, home.id);
    expectInvalid(await get(cardsPath(clientId, '?updatedSince=yesterday')), 'updatedSince');
  });
});

describe('health funds, a fixed catalogue', () => {
  const funds = async (query = '') => (await get(`/v1/health-funds?limit=200${query}`).expect(200)).body;

  it('lists every fund to a sync from before the catalogue was made, in the order they were added, and none from now on', async () => {
    const all = await funds();
    const synced = await funds('&updatedSince=1970-01-01T00:00:00.000Z');
    expect(synced.totalItems).toBe(all.totalItems);
    expect(synced.items.map((fund: Body) => fund.id).sort()).toEqual(all.items.map((fund: Body) => fund.id).sort());
    expect(await funds(`&updatedSince=${new Date().toISOString()}`)).toMatchObject({
      items: [],
      totalItems: 0,
      totalPages: 0,
    });
  });
});
