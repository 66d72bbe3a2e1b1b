import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { FixedClock, fresh, openTestOrm, Rows } from '../../../../test/support/orm.js';
import { AesGcmCardVault } from '../infrastructure/crypto/aes-gcm-card-vault.js';
import { RescopeCardFingerprints } from './rescope-card-fingerprints.js';

const MEDICARE = '2123456701';
const vault = new AesGcmCardVault(
  Buffer.from('6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5', 'hex'),
);
/** When the start-up step runs: after the cards were written. */
const RESCOPED_AT = new Date('2030-01-01T00:00:00.000Z');
const rescope = () => new RescopeCardFingerprints(fresh(orm), vault, new FixedClock(RESCOPED_AT));
let orm: MikroORM;
let rows: Rows;

beforeAll(async () => {
  orm = await openTestOrm();
  rows = new Rows(orm);
});

afterAll(async () => {
  await orm.close();
});

/** A Medicare card as written before fingerprints were per organisation. */
async function legacyCard(organisationId: string, clientId: string): Promise<string> {
  const id = randomUUID();
  await fresh(orm).execute(
    `insert into wallet_cards (id, organisation_id, client_id, type, brand, last4, fingerprint, fingerprint_scope, number_ciphertext, verified, details, created_at, updated_at)
     values (?, ?, ?, 'medicare_card', 'medicare', '5670', ?, 'platform', ?, false, '{}', now(), now())`,
    [id, organisationId, clientId, vault.platformFingerprint('medicare_card', MEDICARE), vault.seal(MEDICARE)],
  );
  return id;
}

describe('RescopeCardFingerprints (start-up step after the per-organisation migration)', () => {
  it("gives each organisation's existing cards that organisation's fingerprint, so one card in two clinics no longer matches; each card changed", async () => {
    const [a, b] = [await rows.practice(), await rows.practice()];
    const cardOfA = await legacyCard(a.organisationId, a.clientId);
    const cardOfB = await legacyCard(b.organisationId, b.clientId);

    expect(await rescope().execute()).toBeGreaterThanOrEqual(2);

    const stored = await fresh(orm).execute<
      { id: string; fingerprint: string; fingerprint_scope: string; updated_at: string }[]
    >('select id, fingerprint, fingerprint_scope, updated_at from wallet_cards where id in (?, ?)', [cardOfA, cardOfB]);
    const byId = Object.fromEntries(stored.map((row) => [row.id, { ...row, updated_at: new Date(row.updated_at) }]));
    // Exactly what adding the card now computes, so a duplicate in the wallet is still found.
    expect(byId[cardOfA]).toEqual({
      id: cardOfA,
      fingerprint: vault.fingerprint(a.organisationId, 'medicare_card', MEDICARE),
      fingerprint_scope: 'organisation',
      updated_at: RESCOPED_AT,
    });
    expect(byId[cardOfB]).toEqual({
      id: cardOfB,
      fingerprint: vault.fingerprint(b.organisationId, 'medicare_card', MEDICARE),
      fingerprint_scope: 'organisation',
      updated_at: RESCOPED_AT,
    });
    expect(byId[cardOfA].fingerprint).not.toBe(byId[cardOfB].fingerprint);
  });

  it('rewrites nothing the second time', async () => {
    const { organisationId, clientId } = await rows.practice();
    await legacyCard(organisationId, clientId);
    const step = rescope();
    await step.execute();
    expect(await step.execute()).toBe(0);
  });

  it('refuses the same card added again to a rescoped wallet (the unique index sees equal fingerprints)', async () => {
    const { organisationId, clientId } = await rows.practice();
    await legacyCard(organisationId, clientId);
    await rescope().execute();
    await expect(
      fresh(orm).execute(
        `insert into wallet_cards (id, organisation_id, client_id, type, brand, last4, fingerprint, verified, details, created_at, updated_at)
         values (?, ?, ?, 'medicare_card', 'medicare', '5670', ?, false, '{}', now(), now())`,
        [randomUUID(), organisationId, clientId, vault.fingerprint(organisationId, 'medicare_card', MEDICARE)],
      ),
    ).rejects.toThrow(/wallet_cards_client_fingerprint_unique/);
  });
});
