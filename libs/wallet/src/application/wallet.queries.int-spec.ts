import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SqlReader } from '@app/shared';
import { ClientDirectory } from '@app/membership';
import { fresh, openTestOrm, Rows } from '../../../../test/support/orm.js';
import { WalletCard } from '../domain/wallet-card.js';
import { WalletQueries } from './wallet.queries.js';

// Expansions read cards through the read side's SQL, not the unit of work: what they get must
// still be whole domain objects, and never the card number's ciphertext.
describe('wallet reads for expansions', () => {
  let orm: MikroORM;
  let organisationId: string;
  let cardId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    const rows = new Rows(orm);
    organisationId = await rows.organisation();
    cardId = await rows.medicareCard(organisationId, await rows.client(organisationId));
  });
  afterAll(() => orm?.close());

  const queries = () => {
    const em = fresh(orm);
    return new WalletQueries(em, new SqlReader(orm), new ClientDirectory(em));
  };

  it('gives WalletCard instances with dates, JSON details and no ciphertext', async () => {
    const cards = await queries().cardsByIds(organisationId, [cardId, cardId]);
    const { card } = cards.get(cardId)!;
    expect(card).toBeInstanceOf(WalletCard);
    expect(card.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(card.createdAt.getTime())).toBe(false);
    expect(card).toMatchObject({ id: cardId, organisationId, type: 'medicare_card', brand: 'medicare' });
    expect(typeof card.details).toBe('object');
    expect(Object.keys(card)).not.toContain('numberCiphertext');
    expect(card.numberCiphertext).toBeUndefined();
    expect(cards.size).toBe(1);
  });

  it("leaves out other organisations' cards", async () => {
    const other = await new Rows(orm).organisation('Another Clinic');
    expect((await queries().cardsByIds(other, [cardId])).size).toBe(0);
  });

  it("reads on the transaction's connection inside one, so it sees that transaction's own writes", async () => {
    const seen = await fresh(orm)
      .transactional(async (tx) => {
        await tx.execute(`update wallet_cards set last4 = '0000' where id = ?`, [cardId]);
        const read = await queries().cardsByIds(organisationId, [cardId]);
        throw Object.assign(new Error('roll back'), { read });
      })
      .catch((error: { read: Map<string, { card: WalletCard }> }) => error.read);
    expect(seen.get(cardId)?.card.last4).toBe('0000');
    expect((await queries().cardsByIds(organisationId, [cardId])).get(cardId)?.card.last4).not.toBe('0000');
  });
});
