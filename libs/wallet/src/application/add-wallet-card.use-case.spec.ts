import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { type Page, type PageRequest, pageOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { KnownClients } from '../../../membership/src/application/testing/known-clients.js';
import { CardVault } from '../domain/card-vault.js';
import type { HealthFund } from '../domain/health-fund.js';
import { TestPaymentProcessor } from '../infrastructure/processors/test-payment-processor.js';
import { AddWalletCard } from './add-wallet-card.use-case.js';
import { HealthFundQueries } from './health-fund.queries.js';
import { InMemoryWallet, KnownCards } from './testing/in-memory-wallet.js';
import { renderWalletEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const CLIENT = { id: '0193a6f5-1a2b-7c3d-8e4f-5a6b7c8d9e0f', firstName: 'Alex', lastName: 'Chen' };
const ARCHIVED_CLIENT = {
  id: '0193a6f5-1a2b-7c3d-8e4f-5a6b7c8d9e10',
  firstName: 'Jo',
  lastName: 'Park',
  deleted: true,
};
const HCF: HealthFund = {
  id: '0193a6f2-0001-7000-8000-000000000002',
  name: 'HCF',
  capabilities: { claims: true },
  createdAt: new Date('2026-11-22T00:00:00.000Z'),
};

/** Marks what it seals, so a test sees that the full number is kept only sealed; fingerprints are plain hashes of the organisation and the parts. */
class MarkingVault extends CardVault {
  seal(plaintext: string): string {
    return `sealed(${plaintext})`;
  }

  open(ciphertext: string): string {
    return ciphertext.replace(/^sealed\((.*)\)$/, '$1');
  }

  fingerprint(organisationId: string, ...parts: string[]): string {
    return createHash('sha256')
      .update([organisationId, ...parts].join('|'))
      .digest('hex');
  }

  rescope(organisationId: string, platformFingerprint: string): string {
    return this.fingerprint(organisationId, platformFingerprint);
  }
}

class KnownHealthFunds extends HealthFundQueries {
  async list(page: PageRequest): Promise<Page<HealthFund>> {
    return pageOf([HCF], 1, page);
  }

  async find(id: string): Promise<HealthFund | null> {
    return id === HCF.id ? HCF : null;
  }
}

function setUp() {
  const wallet = new InMemoryWallet();
  const events = new RecordedEvents(renderWalletEvents);
  const addCard = new AddWalletCard(
    wallet,
    new KnownClients({ [ORGANISATION]: [CLIENT, ARCHIVED_CLIENT] }),
    new KnownHealthFunds(),
    new TestPaymentProcessor(),
    new MarkingVault(),
    new KnownCards(wallet.cards, [HCF]),
    new FixedClock(NOW),
    events,
  );
  return { wallet, events, addCard };
}

const medicareCard = {
  memberNumber: '2123456701',
  referenceNumber: '1',
  firstName: ' Alex ',
  lastName: 'Chen',
  dateOfBirth: '1988-04-12',
};

describe('AddWalletCard', () => {
  it('stores a verified payment method the processor attached, and records wallet_card.created as the wallet lists it', async () => {
    const { wallet, events, addCard } = setUp();
    const card = await addCard.execute(ORGANISATION, CLIENT.id, {
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa', customerId: 'cus_1' },
    });
    expect(wallet.cards).toEqual([card]);
    expect(card).toMatchObject({
      organisationId: ORGANISATION,
      clientId: CLIENT.id,
      brand: 'visa',
      last4: '4242',
      verified: true,
      verifiedAt: NOW,
      numberCiphertext: null,
    });
    expect(events.recorded).toEqual([
      {
        type: 'wallet_card.created',
        organisationId: ORGANISATION,
        data: {
          id: card.id,
          type: 'payment_method',
          brand: 'visa',
          last4: '4242',
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
          verified: true,
          customerId: 'cus_1',
        },
      },
    ]);
  });

  it('stores a health fund card with its number sealed, and records it with its fund', async () => {
    const { wallet, events, addCard } = setUp();
    const card = await addCard.execute(ORGANISATION, CLIENT.id, {
      type: 'health_fund_card',
      healthFundCard: { healthFundId: HCF.id, memberNumber: '12345678', cardholders: ['Alex Chen'] },
    });
    expect(wallet.cards).toEqual([card]);
    expect(card).toMatchObject({ brand: 'HCF', last4: '5678', numberCiphertext: 'sealed(12345678)', verified: false });
    expect(card.fingerprint).toBe(new MarkingVault().fingerprint(ORGANISATION, 'health_fund_card', HCF.id, '12345678'));
    expect(events.recorded).toEqual([
      {
        type: 'wallet_card.created',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: card.id,
          type: 'health_fund_card',
          memberNumberLast4: '5678',
          healthFundId: HCF.id,
          healthFund: expect.objectContaining({ name: 'HCF' }),
        }),
      },
    ]);
    expect(JSON.stringify(events.recorded)).not.toContain('12345678');
  });

  it('stores a Medicare card with its names trimmed and its number sealed, recording no full number', async () => {
    const { wallet, events, addCard } = setUp();
    const card = await addCard.execute(ORGANISATION, CLIENT.id, { type: 'medicare_card', medicareCard });
    expect(wallet.cards).toEqual([card]);
    expect(card).toMatchObject({
      brand: 'medicare',
      last4: '6701',
      numberCiphertext: 'sealed(2123456701)',
      details: expect.objectContaining({ firstName: 'Alex' }),
    });
    expect(events.recorded).toEqual([
      {
        type: 'wallet_card.created',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ type: 'medicare_card', memberNumberLast4: '6701', firstName: 'Alex' }),
      },
    ]);
    expect(JSON.stringify(events.recorded)).not.toContain('2123456701');
  });

  it('answers card_exists naming the card already held, storing and recording nothing more', async () => {
    const { wallet, events, addCard } = setUp();
    const first = await addCard.execute(ORGANISATION, CLIENT.id, { type: 'medicare_card', medicareCard });
    await expect(
      addCard.execute(ORGANISATION, CLIENT.id, {
        type: 'medicare_card',
        medicareCard: { ...medicareCard, referenceNumber: '2' },
      }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'card_exists',
      extensions: { existingCardId: first.id },
    });
    expect(wallet.cards).toEqual([first]);
    expect(events.recorded).toHaveLength(1);
  });

  it.each([
    ['a client of another organisation', OTHER_ORGANISATION, CLIENT.id, { kind: 'not_found', code: 'not_found' }],
    [
      'an unknown client',
      ORGANISATION,
      '0193a6f5-0000-7000-8000-000000000000',
      { kind: 'not_found', code: 'not_found' },
    ],
  ])('answers not_found for %s, storing and recording nothing', async (_case, organisationId, clientId, problem) => {
    const { wallet, events, addCard } = setUp();
    await expect(
      addCard.execute(organisationId, clientId, { type: 'medicare_card', medicareCard }),
    ).rejects.toMatchObject(problem);
    expect(wallet.cards).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it.each([
    [
      'an unknown health fund',
      {
        type: 'health_fund_card',
        healthFundCard: { healthFundId: '0193a6f2-0000-7000-8000-000000000000', memberNumber: '1' },
      },
      'not_found',
      'healthFundCard.healthFundId',
      'not_found',
    ],
    [
      'a health fund member number with letters',
      { type: 'health_fund_card', healthFundCard: { healthFundId: HCF.id, memberNumber: '12AB' } },
      'validation',
      'healthFundCard.memberNumber',
      'invalid_member_number',
    ],
    [
      'a Medicare number with a wrong check digit',
      { type: 'medicare_card', medicareCard: { ...medicareCard, memberNumber: '2123456700' } },
      'validation',
      'medicareCard.memberNumber',
      'invalid_medicare_number',
    ],
    [
      'a payment method the processor does not know',
      { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_unknown' } },
      'validation',
      'paymentMethod.paymentMethodId',
      'unknown_payment_method',
    ],
  ] as const)(
    'refuses %s, naming the field, storing and recording nothing',
    async (_case, command, kind, field, code) => {
      const { wallet, events, addCard } = setUp();
      await expect(addCard.execute(ORGANISATION, CLIENT.id, command)).rejects.toMatchObject({
        kind,
        errors: [expect.objectContaining({ field, code })],
      });
      expect(wallet.cards).toEqual([]);
      expect(events.recorded).toEqual([]);
    },
  );

  it('answers card_declined when the processor declines, storing and recording nothing', async () => {
    const { wallet, events, addCard } = setUp();
    await expect(
      addCard.execute(ORGANISATION, CLIENT.id, {
        type: 'payment_method',
        paymentMethod: { paymentMethodId: 'pm_card_chargeDeclined' },
      }),
    ).rejects.toMatchObject({
      kind: 'payment_required',
      code: 'card_declined',
    });
    expect(wallet.cards).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('answers client_deleted for an archived client, storing and recording nothing', async () => {
    const { wallet, events, addCard } = setUp();
    const command = { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } } as const;
    await expect(addCard.execute(ORGANISATION, ARCHIVED_CLIENT.id, command)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'client_deleted',
    });
    expect(wallet.cards).toEqual([]);
    expect(events.recorded).toEqual([]);
  });
});
