import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { Claim } from './claim.js';
import { MedicareClaim } from './medicare-claim.js';
import { type Owner, PaymentTransaction, settledByOf, waitsForPayout } from './payment-transaction.js';
import { moveOn, Payout, payoutAmountOf } from './payout.js';

/**
 * What all the payouts of a payment transaction add up to, in cents: a card payment's amount −
 * platform fee + adjustments; nothing for a claim, whose payer pays the business.
 */
const netOf = (transaction: PaymentTransaction): number =>
  settledByOf(transaction.source) === 'payer'
    ? 0
    : transaction.amount -
      transaction.platformFeeAmount +
      transaction.adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);

const NOW = new Date('2026-11-22T05:28:59.000Z');
const LATER = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const BUSINESS = '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a';
const OWNER: Owner = {
  organisationId: ORGANISATION,
  businessId: BUSINESS,
  transactionId: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2',
};

const cardPayment = (amount: number, fee: number) =>
  PaymentTransaction.forCardPayment(
    OWNER,
    { amount, status: 'succeeded', paymentMethodId: null, clientSecret: null },
    fee,
    NOW,
  );

const healthFundClaim = (charge: number, rebate: number, fee: number) =>
  PaymentTransaction.forHealthFundClaim(
    OWNER,
    Claim.create(
      ORGANISATION,
      {
        healthFundId: '0193a6f2-0001-7000-8000-000000000002',
        referenceNumber: 'HC-1',
        providerNumber: '2429591L',
        items: [{ itemCode: '560', chargeAmount: charge, rebateAmount: rebate, serviceDate: NOW }],
      },
      NOW,
    ),
    fee,
    NOW,
  );

const medicareClaim = (charge: number, rebate: number, fee: number) =>
  PaymentTransaction.forMedicareClaim(
    OWNER,
    MedicareClaim.create(
      ORGANISATION,
      OWNER.transactionId,
      {
        reference: 'MC-1',
        type: { code: 'bulk_bill' },
        paymentStatus: { code: 'paid' },
        patientMedicareCardId: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e',
        items: [{ itemCode: '10960', chargeAmount: charge, rebateAmount: rebate }],
      },
      NOW,
    ),
    fee,
    NOW,
  );

const assemble = (transactions: PaymentTransaction[]) =>
  Payout.assemble(
    { organisationId: ORGANISATION, businessId: BUSINESS },
    transactions,
    { arrivalDate: '2026-11-24' },
    NOW,
  );

function errorOf(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('Payout.assemble', () => {
  it('pays the card amounts, less the platform fees, plus their adjustments, refunds included', () => {
    const card = cardPayment(9500, 196);
    const fund = healthFundClaim(9500, 6000, 0);
    const medicare = medicareClaim(7000, 5480, 0);
    card.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -1500 });
    card.adjust({ createdAt: LATER.toISOString(), source: 'dispute_won', amount: 250 });
    fund.adjust({ createdAt: LATER.toISOString(), source: 'claim_void', amount: -6000 });

    expect(payoutAmountOf([card, fund, medicare])).toBe(8054);
    const payout = assemble([card, fund, medicare]);

    expect(payout.amount).toBe(9500 - 196 - 1500 + 250);
    expect(payout.amount).toBe(netOf(card) + netOf(fund) + netOf(medicare));
    expect(payout.transactionCount).toBe(3);
    // Counted: nothing of them waits for another payout, the claims' rows included.
    expect([card, fund, medicare].every((row) => !waitsForPayout(row))).toBe(true);
    expect(payoutAmountOf([card, fund, medicare])).toBe(0);
  });

  it('pays nothing for a claim: its payer pays the business, and a void is between them', () => {
    expect(payoutAmountOf([healthFundClaim(9500, 6000, 0)])).toBe(0);
    expect(payoutAmountOf([medicareClaim(7000, 5480, 0)])).toBe(0);
    expect(assemble([cardPayment(1000, 20), healthFundClaim(9500, 6000, 0)]).amount).toBe(980);
    expect(settledByOf('payment')).toBe('platform');
    expect(settledByOf('health_fund_claim')).toBe('payer');
    expect(settledByOf('medicare_claim')).toBe('payer');
  });

  it('can net to a negative amount when refunds outweigh the payments', () => {
    const card = cardPayment(1000, 50);
    card.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -3000 });
    expect(assemble([card]).amount).toBe(-2050);
  });

  it('counts its transactions and is a pending AUD payout of the business arriving on the given day', () => {
    const payout = assemble([
      cardPayment(100, 1),
      cardPayment(200, 2),
      healthFundClaim(300, 100, 3),
      medicareClaim(400, 400, 4),
    ]);
    expect(isUuid(payout.id)).toBe(true);
    expect(payout).toMatchObject({
      organisationId: ORGANISATION,
      businessId: BUSINESS,
      currency: 'AUD',
      status: 'pending',
      arrivalDate: '2026-11-24',
      transactionCount: 4,
      createdAt: NOW,
    });
    expect(
      Payout.assemble(
        { organisationId: ORGANISATION, businessId: BUSINESS },
        [],
        { arrivalDate: '2026-11-24', status: 'paid' },
        NOW,
      ),
    ).toMatchObject({
      status: 'paid',
      transactionCount: 0,
      amount: 0,
    });
  });

  it('marks every transaction as paid out by it', () => {
    const transactions = [cardPayment(100, 1), healthFundClaim(300, 100, 3), medicareClaim(400, 400, 4)];
    expect(transactions.map((transaction) => transaction.payoutId)).toEqual([null, null, null]);
    const payout = assemble(transactions);
    expect(transactions.map((transaction) => transaction.payoutId)).toEqual([payout.id, payout.id, payout.id]);
  });

  it('refuses a transaction already in a payout with already_paid_out naming it, and marks none of the others', () => {
    const taken = cardPayment(100, 1);
    const first = assemble([taken]);
    const fresh = healthFundClaim(300, 100, 3);

    const error = errorOf(() => assemble([fresh, taken]));

    expect(error.kind).toBe('conflict');
    expect(error.code).toBe('already_paid_out');
    expect(error.message).toContain(taken.id);
    expect(error.message).not.toContain(fresh.id);
    expect(taken.payoutId).toBe(first.id);
    expect(fresh.payoutId).toBeNull();
  });
});

describe('moveOn', () => {
  const payout = () =>
    Payout.of(
      { id: '0193a700-0a8b-7d4c-9e5f-a2b3c4d5e6f7', organisationId: ORGANISATION, businessId: BUSINESS },
      { amount: 9304, transactionCount: 1 },
      { arrivalDate: '2026-11-24' },
      NOW,
    );

  it('goes pending, in transit, then paid or failed, never back', () => {
    const paid = payout();
    expect([moveOn(paid, 'paid', LATER), moveOn(paid, 'in_transit', LATER), moveOn(paid, 'paid', LATER)]).toEqual([
      false,
      true,
      true,
    ]);
    expect([moveOn(paid, 'in_transit', LATER), moveOn(paid, 'paid', LATER)]).toEqual([false, false]);
    const failed = payout();
    expect([
      moveOn(failed, 'failed', LATER),
      moveOn(failed, 'in_transit', LATER),
      moveOn(failed, 'paid', LATER),
      moveOn(failed, 'failed', LATER),
    ]).toEqual([true, false, false, false]);
  });

  it('fails a paid payout the bank returned later, keeping its amount', () => {
    const returned = payout();
    moveOn(returned, 'in_transit', NOW);
    moveOn(returned, 'paid', NOW);
    expect(moveOn(returned, 'failed', LATER)).toBe(true);
    expect(returned).toMatchObject({ status: 'failed', amount: 9304, updatedAt: LATER });
  });
});

describe('PaymentTransaction', () => {
  it('records a card payment for its amount in AUD, with a processor id when none is given', () => {
    const transaction = cardPayment(9500, 196);
    expect(transaction).toMatchObject({
      source: 'payment',
      amount: 9500,
      platformFeeAmount: 196,
      claimId: null,
      medicareClaimId: null,
      payoutId: null,
    });
    expect(transaction.payment).toMatchObject({ amount: 9500, currency: 'AUD', status: 'succeeded' });
    expect(transaction.payment?.id).toMatch(/^pi_[0-9a-f]{32}$/);
  });

  it('records a health fund claim for the rebate and a Medicare claim for the benefit', () => {
    expect(healthFundClaim(9500, 6000, 0)).toMatchObject({
      source: 'health_fund_claim',
      amount: 6000,
      payment: null,
      claimId: expect.any(String),
    });
    expect(medicareClaim(7000, 5480, 0)).toMatchObject({
      source: 'medicare_claim',
      amount: 5480,
      payment: null,
      medicareClaimId: expect.any(String),
    });
  });

  it('refuses a negative or fractional platform fee', () => {
    expect(errorOf(() => cardPayment(9500, -1)).errors?.[0]).toMatchObject({
      field: 'platformFeeAmount',
      code: 'invalid_amount',
    });
    expect(errorOf(() => cardPayment(9500, 1.5)).errors?.[0]).toMatchObject({
      field: 'platformFeeAmount',
      code: 'invalid_amount',
    });
  });

  it('keeps each adjustment, signed, with its own id', () => {
    const transaction = cardPayment(9500, 196);
    transaction.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -1500 });
    expect(transaction.adjustments).toEqual([
      { id: expect.any(String), createdAt: LATER.toISOString(), source: 'refund', amount: -1500, payoutId: null },
    ]);
    expect(isUuid(transaction.adjustments[0].id)).toBe(true);
  });

  it('refuses a fractional adjustment', () => {
    const transaction = cardPayment(9500, 196);
    expect(
      errorOf(() => transaction.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -15.5 }))
        .errors?.[0],
    ).toMatchObject({
      field: 'amount',
      code: 'invalid_amount',
    });
    expect(transaction.adjustments).toEqual([]);
  });

  it('an adjustment after the payout waits for the next one: the next counts it alone, and the first keeps what it counted', () => {
    const transaction = cardPayment(9500, 196);
    transaction.adjust({ createdAt: NOW.toISOString(), source: 'refund', amount: -500 });
    const first = assemble([transaction]);
    expect(first.amount).toBe(9500 - 196 - 500);
    expect(waitsForPayout(transaction)).toBe(false);
    expect(payoutAmountOf([transaction])).toBe(0);

    transaction.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -1500 });
    expect(waitsForPayout(transaction)).toBe(true);
    expect(payoutAmountOf([transaction])).toBe(-1500);
    transaction.paidOutBy('0193a700-0a8b-7d4c-9e5f-a2b3c4d5e6f7', LATER);
    expect(transaction.payoutId).toBe(first.id);
    expect(transaction.adjustments.map((adjustment) => adjustment.payoutId)).toEqual([
      first.id,
      '0193a700-0a8b-7d4c-9e5f-a2b3c4d5e6f7',
    ]);
    expect(payoutAmountOf([transaction])).toBe(0);
    expect(netOf(transaction)).toBe(first.amount - 1500);
  });
});
