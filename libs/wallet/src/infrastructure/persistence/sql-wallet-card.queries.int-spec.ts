import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SqlReader } from '@app/shared/sql';
import { SqlClientQueries } from '../../../../membership/src/infrastructure/persistence/sql-client.queries.js';
import { SqlOrganisationQueries } from '../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import { openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { WalletCard } from '../../domain/wallet-card.js';
import { SqlWalletCardQueries } from './sql-wallet-card.queries.js';

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

  const queries = () =>
    new SqlWalletCardQueries(
      new SqlReader(orm),
      new SqlClientQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm))),
    );

  it('gives WalletCard instances with dates, JSON details and no ciphertext', async () => {
    const cards = await queries().cardsByIds(organisationId, [cardId, cardId]);
    const { card } = cards.get(cardId)!;
    expect(card).toBeInstanceOf(WalletCard);
    expect(card.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(card.createdAt.getTime())).toBe(false);
    expect(card).toMatchObject({ id: cardId, organisationId, type: 'medicare_card', brand: 'medicare' });
    expect(typeof card.details).toBe('object');
    expect(Object.keys(card)).not.toContain('numberCiphertext');
    expect((card as Partial<WalletCard>).numberCiphertext).toBeUndefined();
    expect(cards.size).toBe(1);
  });

  it("leaves out other organisations' cards", async () => {
    const other = await new Rows(orm).organisation('Another Clinic');
    expect((await queries().cardsByIds(other, [cardId])).size).toBe(0);
  });
});
