import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '../../../../../test/support/orm.js';
import { KnownClients } from '../../../../membership/src/application/testing/known-clients.js';
import { KnownOrganisations } from '../../../../organisations/src/application/testing/in-memory-organisations.js';
import { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import { AssemblePayout } from './assemble-payout.use-case.js';
import { OwnershipChecks } from '../../ledger/application/ownership-checks.js';
import { InMemoryPayments } from '../../ledger/application/testing/in-memory-payments.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const BUSINESS = '0193a6f1-0001-7000-8000-000000000001';
const OTHER_BUSINESS = '0193a6f1-0001-7000-8000-000000000002';
const OTHERS_BUSINESS = '0193a6f1-0001-7000-8000-000000000003';

const payment = (businessId: string, amount: number, platformFeeAmount: number): PaymentTransaction =>
  PaymentTransaction.forCardPayment(
    { organisationId: ORGANISATION, businessId, transactionId: null },
    { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount },
    platformFeeAmount,
    NOW,
  );

function setUp() {
  const payments = new InMemoryPayments();
  const first = payment(BUSINESS, 9500, 150);
  const second = payment(BUSINESS, 4999, 75);
  second.adjustments = [
    { id: 'refund-1', createdAt: NOW.toISOString(), source: 'refund', amount: -1000, payoutId: null },
  ];
  const elsewhere = payment(OTHER_BUSINESS, 2000, 0);
  payments.paymentTransactions.push(first, second, elsewhere);
  const ownership = new OwnershipChecks(
    new KnownOrganisations(
      { [ORGANISATION]: [], [OTHER_ORGANISATION]: [] },
      { [BUSINESS]: ORGANISATION, [OTHER_BUSINESS]: ORGANISATION, [OTHERS_BUSINESS]: OTHER_ORGANISATION },
    ),
    new KnownClients({}),
  );
  return { first, second, elsewhere, payments, assemble: new AssemblePayout(payments, ownership, new FixedClock(NOW)) };
}

const payoutIdOf = (payments: InMemoryPayments, id: string) =>
  payments.paymentTransactions.find((stored) => stored.id === id)?.payoutId;

describe('AssemblePayout', () => {
  it('pays out the net of the transactions (amount less fee, plus adjustments) and marks each as paid out', async () => {
    const { first, second, elsewhere, payments, assemble } = setUp();
    const payout = await assemble.execute(ORGANISATION, BUSINESS, [first.id, second.id], { arrivalDate: '2026-11-25' });
    expect(payout).toMatchObject({
      organisationId: ORGANISATION,
      businessId: BUSINESS,
      amount: 9500 - 150 + 4999 - 75 - 1000,
      currency: 'AUD',
      status: 'pending',
      transactionCount: 2,
      createdAt: NOW,
    });
    expect(payments.payouts).toEqual([payout]);
    expect([
      payoutIdOf(payments, first.id),
      payoutIdOf(payments, second.id),
      payoutIdOf(payments, elsewhere.id),
    ]).toEqual([payout.id, payout.id, null]);
  });

  it('answers already_paid_out when any transaction is in a payout, storing nothing', async () => {
    const { first, second, payments, assemble } = setUp();
    const earlier = await assemble.execute(ORGANISATION, BUSINESS, [first.id], {
      arrivalDate: '2026-11-25',
      status: 'paid',
    });
    expect(earlier.status).toBe('paid');
    await expect(
      assemble.execute(ORGANISATION, BUSINESS, [second.id, first.id], { arrivalDate: '2026-11-26' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'already_paid_out',
      message: expect.stringContaining(first.id),
    });
    expect(payments.payouts).toEqual([earlier]);
    expect(payoutIdOf(payments, second.id)).toBeNull();
  });

  it("answers not_found naming the transactions that are not the business's, storing nothing", async () => {
    const { first, elsewhere, payments, assemble } = setUp();
    const unknown = '0193a6fd-0000-7000-8000-00000000dead';
    await expect(
      assemble.execute(ORGANISATION, BUSINESS, [first.id, elsewhere.id, unknown], { arrivalDate: '2026-11-25' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining(`${elsewhere.id}, ${unknown}`),
    });
    expect(payments.payouts).toEqual([]);
    expect(payoutIdOf(payments, first.id)).toBeNull();
  });

  it("answers not_found for another organisation's business, storing nothing", async () => {
    const { first, payments, assemble } = setUp();
    await expect(
      assemble.execute(ORGANISATION, OTHERS_BUSINESS, [first.id], { arrivalDate: '2026-11-25' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(payments.payouts).toEqual([]);
  });
});
