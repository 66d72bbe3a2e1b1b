import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../../test/support/orm.js';
import { cardOf, KnownCards } from '../../../../wallet/src/application/testing/in-memory-wallet.js';
import { Claim, type NewClaim } from '../domain/claim.js';
import { MedicareClaim, type NewMedicareClaim } from '../domain/medicare-claim.js';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { Transaction } from '../domain/transaction.js';
import { RecordPaymentOutcome } from './record-payment-outcome.use-case.js';
import { InMemoryPayments, saleItem } from './testing/in-memory-payments.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const BUSINESS = '0193a6f1-0001-7000-8000-000000000001';
const CLIENT = '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80';

const medicareCard = cardOf(
  '0193a6f7-0000-7000-8000-000000000001',
  { organisationId: ORGANISATION, clientId: CLIENT },
  'medicare_card',
);
const paymentMethod = cardOf(
  '0193a6f7-0000-7000-8000-000000000002',
  { organisationId: ORGANISATION, clientId: CLIENT },
  'payment_method',
);

const extras = { platformFeeAmount: 150 };

function setUp() {
  const payments = new InMemoryPayments();
  const transaction = Transaction.create(
    ORGANISATION,
    { businessId: BUSINESS, clientId: CLIENT, clientName: 'Alex Chen', items: [saleItem(9500)] },
    NOW,
  );
  payments.transactions.push(transaction);
  return {
    transaction,
    payments,
    record: new RecordPaymentOutcome(
      new RecordedEvents(),
      payments,
      new KnownCards([medicareCard, paymentMethod]),
      new FixedClock(NOW),
    ),
  };
}

const healthFundClaim = (rebateAmount: number): NewClaim => ({
  healthFundId: '0193a6f2-0001-7000-8000-000000000002',
  referenceNumber: 'HC-2026-000123',
  providerNumber: '2429591L',
  items: [{ itemCode: '500', chargeAmount: 9500, rebateAmount, serviceDate: new Date('2026-11-20T23:00:00.000Z') }],
});
const medicareClaim = (changes: Partial<NewMedicareClaim> = {}): NewMedicareClaim => ({
  reference: 'MC-1',
  type: { code: 'bulk_bill', name: 'Bulk bill' },
  paymentStatus: { code: 'paid' },
  items: [{ itemCode: '10960', chargeAmount: 9500, rebateAmount: 6205 }],
  patientMedicareCardId: medicareCard.id,
  ...changes,
});

describe('RecordPaymentOutcome', () => {
  describe('cardPayment', () => {
    it("stores a payment transaction of the transaction's business, in AUD, with its events and links", async () => {
      const { transaction, payments, record } = setUp();
      const paid = await record.cardPayment(
        ORGANISATION,
        transaction.id,
        { status: 'succeeded', paymentMethodId: paymentMethod.id, clientSecret: null, amount: 9500 },
        {
          ...extras,
          events: [{ createdAt: NOW.toISOString(), createdBy: 'pms' }],
          paymentLinks: [{ url: 'https://pay.example.com/1', createdAt: '', expiresAt: '', events: [] }],
        },
      );
      expect(payments.saves).toEqual([[paid]]);
      expect(paid).toMatchObject({
        businessId: BUSINESS,
        transactionId: transaction.id,
        source: 'payment',
        amount: 9500,
        platformFeeAmount: 150,
        payoutId: null,
        createdAt: NOW,
      });
      expect(paid.payment).toMatchObject({
        id: expect.stringMatching(/^pi_[0-9a-f]{32}$/),
        currency: 'AUD',
        status: 'succeeded',
      });
      expect(paid.events).toEqual([{ createdAt: NOW.toISOString(), createdBy: 'pms' }]);
      expect(paid.paymentLinks).toEqual([
        expect.objectContaining({ id: expect.any(String), url: 'https://pay.example.com/1' }),
      ]);
    });

    it('changes its transaction, whose answer now holds the payment, even on a clock that has not moved', async () => {
      const { transaction, record } = setUp();
      await record.cardPayment(
        ORGANISATION,
        transaction.id,
        { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount: 9500 },
        extras,
      );
      expect(transaction.updatedAt).toEqual(new Date(NOW.getTime() + 1));
    });

    it("answers not_found for another organisation's transaction, and stores nothing", async () => {
      const { transaction, payments, record } = setUp();
      await expect(
        record.cardPayment(
          OTHER_ORGANISATION,
          transaction.id,
          { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount: 9500 },
          extras,
        ),
      ).rejects.toMatchObject({ kind: 'not_found', code: 'not_found' });
      expect(payments.saves).toEqual([]);
    });

    it('refuses a negative platform fee, naming the field, and stores nothing', async () => {
      const { transaction, payments, record } = setUp();
      await expect(
        record.cardPayment(
          ORGANISATION,
          transaction.id,
          { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount: 9500 },
          { platformFeeAmount: -1 },
        ),
      ).rejects.toMatchObject({
        kind: 'validation',
        errors: [expect.objectContaining({ field: 'platformFeeAmount', code: 'invalid_amount' })],
      });
      expect(payments.saves).toEqual([]);
    });
  });

  describe('healthFundClaim', () => {
    it('stores the claim and a payment transaction of its rebate together, in one save', async () => {
      const { transaction, payments, record } = setUp();
      const { claim, paymentTransaction } = await record.healthFundClaim(
        ORGANISATION,
        transaction.id,
        healthFundClaim(6000),
        extras,
      );
      expect(payments.saves).toEqual([[claim, paymentTransaction]]);
      expect(claim).toBeInstanceOf(Claim);
      expect(claim).toMatchObject({
        organisationId: ORGANISATION,
        totalChargeAmount: 9500,
        totalRebateAmount: 6000,
        totalGapAmount: 3500,
      });
      expect(paymentTransaction).toMatchObject({
        source: 'health_fund_claim',
        amount: 6000,
        claimId: claim.id,
        transactionId: transaction.id,
        events: [],
        paymentLinks: [],
      });
    });

    it('answers claim_totals_mismatch for a rebate above the charge, and stores nothing', async () => {
      const { transaction, payments, record } = setUp();
      await expect(
        record.healthFundClaim(ORGANISATION, transaction.id, healthFundClaim(9501), extras),
      ).rejects.toMatchObject({
        kind: 'validation',
        code: 'claim_totals_mismatch',
      });
      expect(payments.saves).toEqual([]);
    });
  });

  describe('medicareClaim', () => {
    it('stores the claim, linked to the transaction, and a payment transaction of its benefit together', async () => {
      const { transaction, payments, record } = setUp();
      const { claim, paymentTransaction } = await record.medicareClaim(
        ORGANISATION,
        transaction.id,
        medicareClaim({ claimantMedicareCardId: medicareCard.id }),
        extras,
      );
      expect(payments.saves).toEqual([[claim, paymentTransaction]]);
      expect(claim).toBeInstanceOf(MedicareClaim);
      expect(claim).toMatchObject({ transactionId: transaction.id, totalRebateAmount: 6205 });
      expect(paymentTransaction).toMatchObject({ source: 'medicare_claim', amount: 6205, medicareClaimId: claim.id });
    });

    it.each<[string, Partial<NewMedicareClaim>, string, string, string]>([
      [
        'an unknown patient card',
        { patientMedicareCardId: '0193a6f7-0000-7000-8000-00000000dead' },
        'not_found',
        'patientMedicareCardId',
        'not_found',
      ],
      [
        'a payment method as claimant card',
        { claimantMedicareCardId: paymentMethod.id },
        'validation',
        'claimantMedicareCardId',
        'wrong_card_type',
      ],
    ])('refuses %s, naming the field, and stores nothing', async (_case, changes, kind, field, code) => {
      const { transaction, payments, record } = setUp();
      await expect(
        record.medicareClaim(ORGANISATION, transaction.id, medicareClaim(changes), extras),
      ).rejects.toMatchObject({
        kind,
        errors: [expect.objectContaining({ field, code })],
      });
      expect(payments.saves).toEqual([]);
    });

    it('answers claim_totals_mismatch for a benefit above the fee, and stores nothing', async () => {
      const { transaction, payments, record } = setUp();
      await expect(
        record.medicareClaim(
          ORGANISATION,
          transaction.id,
          medicareClaim({ items: [{ itemCode: '10960', chargeAmount: 100, rebateAmount: 101 }] }),
          extras,
        ),
      ).rejects.toMatchObject({ code: 'claim_totals_mismatch' });
      expect(payments.saves).toEqual([]);
    });
  });

  describe('adjustment', () => {
    function withPayment() {
      const setup = setUp();
      const paid = PaymentTransaction.forCardPayment(
        { organisationId: ORGANISATION, businessId: BUSINESS, transactionId: setup.transaction.id },
        { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount: 9500 },
        150,
        NOW,
      );
      setup.payments.paymentTransactions.push(paid);
      return { ...setup, paid };
    }

    it('adds each adjustment to those stored before, stamped with the time', async () => {
      const { paid, payments, record } = withPayment();
      await record.adjustment(ORGANISATION, paid.id, { source: 'refund', amount: -2000 });
      const adjusted = await record.adjustment(ORGANISATION, paid.id, { source: 'correction', amount: 500 });
      expect(adjusted.adjustments).toEqual([
        { id: expect.any(String), source: 'refund', amount: -2000, createdAt: NOW.toISOString(), payoutId: null },
        { id: expect.any(String), source: 'correction', amount: 500, createdAt: NOW.toISOString(), payoutId: null },
      ]);
      expect(payments.paymentTransactions[0]?.adjustments).toEqual(adjusted.adjustments);
    });

    it('changes the payment transaction and its transaction', async () => {
      const { paid, transaction, record } = withPayment();
      const adjusted = await record.adjustment(ORGANISATION, paid.id, { source: 'refund', amount: -2000 });
      expect({ paymentTransaction: adjusted.updatedAt, transaction: transaction.updatedAt }).toEqual({
        paymentTransaction: new Date(NOW.getTime() + 1),
        transaction: new Date(NOW.getTime() + 1),
      });
    });

    it('adjusts a payment transaction in a payout too, the adjustment waiting for the next payout', async () => {
      const { paid, payments, record } = withPayment();
      payments.paymentTransactions[0].payoutId = '0193a6fc-0000-7000-8000-000000000001';
      await record.adjustment(ORGANISATION, paid.id, { source: 'refund', amount: -2000 });
      expect(payments.paymentTransactions[0]).toMatchObject({
        payoutId: '0193a6fc-0000-7000-8000-000000000001',
        adjustments: [expect.objectContaining({ amount: -2000, payoutId: null })],
      });
    });

    it('refuses a fraction of a cent, changing nothing', async () => {
      const { paid, payments, record } = withPayment();
      await expect(record.adjustment(ORGANISATION, paid.id, { source: 'refund', amount: -0.5 })).rejects.toMatchObject({
        kind: 'validation',
        errors: [expect.objectContaining({ field: 'amount', code: 'invalid_amount' })],
      });
      expect(payments.paymentTransactions[0]?.adjustments).toEqual([]);
    });

    it("answers not_found for another organisation's payment transaction", async () => {
      const { paid, record } = withPayment();
      await expect(
        record.adjustment(OTHER_ORGANISATION, paid.id, { source: 'refund', amount: -1 }),
      ).rejects.toMatchObject({
        kind: 'not_found',
        code: 'not_found',
      });
    });
  });
});
