import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SqlClientQueries } from '../../../../membership/src/infrastructure/persistence/sql-client.queries.js';
import { SqlOrganisationQueries } from '../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import { parseMasterKey } from '@app/shared';
import { SqlReader } from '@app/shared/sql';
import { DomainError, RecordedEvents } from '@app/shared/domain';
import { withSlowStatements } from '../../../../../test/support/fixtures.js';
import {
  codeOf,
  FixedClock,
  fresh,
  openTestOrm,
  Rows,
  SEEDED_HEALTH_FUND_ID,
  settle,
} from '../../../../../test/support/orm.js';
import { AddWalletCard } from '../../application/add-wallet-card.use-case.js';
import type { HealthFund } from '../../domain/health-fund.js';
import { medicareCheckDigit } from '../../domain/medicare-number.js';
import { WalletCard } from '../../domain/wallet-card.js';
import { DuplicateCardError } from '../../domain/wallet-card.repository.js';
import { AesGcmCardVault } from '../crypto/aes-gcm-card-vault.js';
import { TestPaymentProcessor } from '../processors/test-payment-processor.js';
import { MikroOrmWalletCardRepository } from './mikro-orm-wallet-card.repository.js';
import { SqlHealthFundQueries } from './sql-health-fund.queries.js';
import { SqlWalletCardQueries } from './sql-wallet-card.queries.js';
import { renderWalletEvents } from '../../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');
const vault = new AesGcmCardVault(parseMasterKey('6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5'));

/** A valid Medicare number from its first eight digits, with issue number 1. */
const medicareNumber = (firstEight: string) => `${firstEight}${medicareCheckDigit(firstEight)}1`;

describe('MikroOrmWalletCardRepository on PostgreSQL', () => {
  let orm: MikroORM;
  let rows: Rows;
  let organisationId: string;
  let fund: HealthFund;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
    organisationId = await rows.organisation();
    fund = (await new SqlHealthFundQueries(new SqlReader(orm)).find(SEEDED_HEALTH_FUND_ID))!;
  });
  afterAll(() => orm?.close());

  const medicareCard = (clientId: string, number: string) =>
    WalletCard.medicareCard(
      { organisationId, clientId },
      {
        memberNumber: number,
        referenceNumber: '2',
        firstName: ' Alex ',
        lastName: 'Chen',
        dateOfBirth: '1990-01-31',
        secondInitial: 'J',
      },
      vault,
      NOW,
    );

  const cardIdsOf = async (clientId: string) =>
    (
      await fresh(orm)
        .getConnection()
        .execute<{ id: string }[]>('select id from wallet_cards where client_id = ? order by id', [clientId])
    ).map((row) => row.id);

  it('loads, in a fresh unit of work, a Medicare card whose ciphertext opens to the number', async () => {
    const clientId = await rows.client(organisationId);
    const number = medicareNumber('29504181');
    const card = medicareCard(clientId, number);
    await new MikroOrmWalletCardRepository(fresh(orm)).add(card);

    // The ciphertext is a lazy column: it is read only when asked for.
    const loaded = await fresh(orm).findOneOrFail(WalletCard, { id: card.id }, { populate: ['numberCiphertext'] });
    expect(loaded).toEqual(card);
    expect(loaded).toBeInstanceOf(WalletCard);
    expect(vault.open(loaded.numberCiphertext!)).toBe(number);
    expect({ last4: loaded.last4, verified: loaded.verified, verifiedAt: loaded.verifiedAt }).toEqual({
      last4: number.slice(-4),
      verified: false,
      verifiedAt: null,
    });
  });

  it('loads a health fund card with its cardholders, and a payment method verified at its time', async () => {
    const clientId = await rows.client(organisationId);
    const fundCard = WalletCard.healthFundCard(
      { organisationId, clientId },
      fund,
      { memberNumber: '0041234567', issueNumber: '01', cardholders: ['01 Alex Chen', '02 Sam Chen'] },
      vault,
      NOW,
    );
    const paymentMethod = WalletCard.paymentMethod(
      { organisationId, clientId },
      await new TestPaymentProcessor().attachPaymentMethod({ paymentMethodId: 'pm_card_visa', customerId: 'cus_alex' }),
      vault,
      NOW,
    );
    await new MikroOrmWalletCardRepository(fresh(orm)).add(fundCard);
    await new MikroOrmWalletCardRepository(fresh(orm)).add(paymentMethod);

    const em = fresh(orm);
    const [loadedFundCard, loadedPaymentMethod] = await Promise.all([
      em.fork().findOneOrFail(WalletCard, { id: fundCard.id }, { populate: ['numberCiphertext'] }),
      em.fork().findOneOrFail(WalletCard, { id: paymentMethod.id }, { populate: ['numberCiphertext'] }),
    ]);
    expect(loadedFundCard).toEqual(fundCard);
    expect(loadedFundCard.details).toEqual({
      healthFundId: SEEDED_HEALTH_FUND_ID,
      issueNumber: '01',
      defaultReferenceNumber: null,
      issueDate: null,
      cardholders: ['01 Alex Chen', '02 Sam Chen'],
    });
    expect(loadedPaymentMethod).toEqual(paymentMethod);
    expect({
      ciphertext: loadedPaymentMethod.numberCiphertext,
      verifiedAt: loadedPaymentMethod.verifiedAt?.toISOString(),
    }).toEqual({
      ciphertext: null,
      verifiedAt: NOW.toISOString(),
    });
  });

  it('refuses the same card twice in one wallet with DuplicateCardError naming the card held, and allows it in another wallet', async () => {
    const [alex, sam] = await Promise.all([rows.client(organisationId), rows.client(organisationId)]);
    const number = medicareNumber('31234567');
    const held = medicareCard(alex, number);
    await new MikroOrmWalletCardRepository(fresh(orm)).add(held);

    const again = new MikroOrmWalletCardRepository(fresh(orm)).add(medicareCard(alex, number));
    await expect(again).rejects.toBeInstanceOf(DuplicateCardError);
    await expect(again).rejects.toMatchObject({ existingCardId: held.id });

    const samsCard = medicareCard(sam, number);
    await new MikroOrmWalletCardRepository(fresh(orm)).add(samsCard);
    expect({ alex: await cardIdsOf(alex), sam: await cardIdsOf(sam) }).toEqual({ alex: [held.id], sam: [samsCard.id] });
  });

  it('settles concurrent adds of one card to one wallet: one card, the others card_exists naming it', async () => {
    const clientId = await rows.client(organisationId);
    const clock = new FixedClock(NOW);
    const add = () => {
      const em = fresh(orm);
      return new AddWalletCard(
        new MikroOrmWalletCardRepository(em),
        new SqlClientQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm))),
        new SqlHealthFundQueries(new SqlReader(orm)),
        new TestPaymentProcessor(),
        vault,
        new SqlWalletCardQueries(
          new SqlReader(orm),
          new SqlClientQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm))),
        ),
        clock,
        new RecordedEvents(renderWalletEvents),
      ).execute(organisationId, clientId, {
        type: 'health_fund_card',
        healthFundCard: {
          healthFundId: SEEDED_HEALTH_FUND_ID,
          memberNumber: '98765432',
          cardholders: ['01 Alex Chen'],
        },
      });
    };
    const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () => settle([add(), add(), add()]));

    expect({ created: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
      created: 1,
      refused: ['card_exists', 'card_exists'],
    });
    const winner = fulfilled[0].id;
    expect(rejected.map((error) => (error as DomainError).extensions)).toEqual([
      { existingCardId: winner },
      { existingCardId: winner },
    ]);
    expect(await cardIdsOf(clientId)).toEqual([winner]);
  });
});
