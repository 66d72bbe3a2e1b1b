import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '../../../../../test/support/orm.js';
import { KnownClients } from '../../../../membership/src/application/testing/known-clients.js';
import { KnownOrganisations } from '../../../../organisations/src/application/testing/in-memory-organisations.js';
import { cardOf, KnownCards } from '../../../../wallet/src/application/testing/in-memory-wallet.js';
import type { NewTransaction } from '../domain/transaction.js';
import { OwnershipChecks } from './ownership-checks.js';
import { RecordTransaction } from './record-transaction.use-case.js';
import { InMemoryPayments, saleItem } from './testing/in-memory-payments.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const BUSINESS = '0193a6f1-0001-7000-8000-000000000001';
const OTHERS_BUSINESS = '0193a6f1-0001-7000-8000-000000000002';
const CLIENT = { id: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80', firstName: 'Alex', lastName: 'Chen' };

const paymentMethod = cardOf(
  '0193a6f7-0000-7000-8000-000000000001',
  { organisationId: ORGANISATION, clientId: CLIENT.id },
  'payment_method',
);
const othersPaymentMethod = cardOf(
  '0193a6f7-0000-7000-8000-000000000002',
  { organisationId: OTHER_ORGANISATION, clientId: CLIENT.id },
  'payment_method',
);

function setUp() {
  const payments = new InMemoryPayments();
  const ownership = new OwnershipChecks(
    new KnownOrganisations(
      { [ORGANISATION]: [], [OTHER_ORGANISATION]: [] },
      { [BUSINESS]: ORGANISATION, [OTHERS_BUSINESS]: OTHER_ORGANISATION },
    ),
    new KnownClients({ [ORGANISATION]: [CLIENT] }),
  );
  return {
    payments,
    record: new RecordTransaction(
      payments,
      ownership,
      new KnownCards([paymentMethod, othersPaymentMethod]),
      new FixedClock(NOW),
    ),
  };
}

const sale = (changes: Partial<NewTransaction> = {}): NewTransaction => ({
  businessId: BUSINESS,
  clientId: CLIENT.id,
  clientName: 'Alex Chen',
  items: [saleItem(9500), saleItem(1999)],
  ...changes,
});

describe('RecordTransaction', () => {
  it('stores the sale with its amount the items added up, in AUD, the customer named after the client unless told', async () => {
    const { payments, record } = setUp();
    const transaction = await record.execute(ORGANISATION, sale({ paymentMethodId: paymentMethod.id }));
    expect(payments.saves).toEqual([[transaction]]);
    expect(transaction).toMatchObject({
      organisationId: ORGANISATION,
      businessId: BUSINESS,
      amount: 11499,
      currency: 'AUD',
      customerName: 'Alex Chen',
      createdAt: NOW,
    });
    expect(new Set(transaction.items.map((saved) => saved.id)).size).toBe(2);
  });

  it('records a sale to no client without asking for one', async () => {
    const { payments, record } = setUp();
    await record.execute(ORGANISATION, sale({ clientId: null, customerName: 'Walk-in' }));
    expect(payments.transactions).toEqual([expect.objectContaining({ clientId: null, customerName: 'Walk-in' })]);
  });

  it("answers not_found for another organisation's business, and stores nothing", async () => {
    const { payments, record } = setUp();
    await expect(record.execute(ORGANISATION, sale({ businessId: OTHERS_BUSINESS }))).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(payments.saves).toEqual([]);
  });

  it.each<[string, Partial<NewTransaction>, string, string, unknown]>([
    ['an unknown client', { clientId: '0193a6f9-0000-7000-8000-00000000dead' }, 'not_found', 'clientId', 'not_found'],
    [
      "another organisation's card",
      { paymentMethodId: othersPaymentMethod.id },
      'not_found',
      'paymentMethodId',
      'not_found',
    ],
    [
      'a payment method as Medicare card',
      { medicareCardId: paymentMethod.id },
      'validation',
      'medicareCardId',
      'wrong_card_type',
    ],
    [
      'a fraction of a cent',
      { items: [saleItem(9500), saleItem(0.5)] },
      'validation',
      'items[1].chargeAmount',
      'invalid_amount',
    ],
  ])('refuses %s, naming the field, and stores nothing', async (_case, changes, kind, field, code) => {
    const { payments, record } = setUp();
    await expect(record.execute(ORGANISATION, sale(changes))).rejects.toMatchObject({
      kind,
      errors: [expect.objectContaining({ field, code })],
    });
    expect(payments.saves).toEqual([]);
  });
});
