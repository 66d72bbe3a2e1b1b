import { describe, expect, it } from '@jest/globals';
import { PaymentTransaction } from './payment-transaction.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const EXPIRES = new Date('2026-11-25T05:28:59.000Z');
const LINK = {
  id: '0193a6ff-f869-743b-863d-91a2b3c4d5e6',
  url: 'https://api.example.test/pay/t',
  createdAt: NOW.toISOString(),
  expiresAt: EXPIRES.toISOString(),
};
const OWNER = {
  organisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
  businessId: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a',
  transactionId: null,
};
const waitingLink = () => PaymentTransaction.awaitingLink(OWNER, 4700, 71, LINK, NOW);
const LATER = new Date('2026-11-22T06:00:00.000Z');
const PAID = { paymentId: 'pi_paid', status: 'succeeded', clientSecret: null } as const;

describe('a payment link’s status', () => {
  it('is open up to and at its expiry, then expired', () => {
    expect(waitingLink().linkStatus(EXPIRES, EXPIRES)).toBe('open');
    expect(waitingLink().linkStatus(EXPIRES, new Date(EXPIRES.getTime() + 1))).toBe('expired');
  });

  it('is paid once paid, expired or not; paying it changes the payment transaction', () => {
    const link = waitingLink();
    link.payByLink(PAID, LATER);
    expect(link.linkStatus(EXPIRES, new Date(EXPIRES.getTime() + 1))).toBe('paid');
    expect(link.updatedAt).toEqual(LATER);
  });

  it('is cancelled with its booking, and stays cancelled past its expiry; its payment is canceled', () => {
    const link = waitingLink();
    link.cancelLink(LATER);
    expect(link.payment?.status).toBe('canceled');
    expect(link.updatedAt).toEqual(LATER);
    expect(link.linkStatus(EXPIRES, NOW)).toBe('cancelled');
    expect(link.linkStatus(EXPIRES, new Date(EXPIRES.getTime() + 1))).toBe('cancelled');
    expect(link.isSettled()).toBe(false);
  });

  it('paid with a card whose bank asks the payer (3-D Secure) waits, open and unsettled, with the clientSecret the payer answers with', () => {
    const link = waitingLink();
    link.payByLink({ paymentId: 'pi_3ds', status: 'requires_action', clientSecret: 'pi_3ds_secret_x' }, LATER);
    expect(link.payment).toMatchObject({ id: 'pi_3ds', status: 'requires_action', clientSecret: 'pi_3ds_secret_x' });
    expect(link.isSettled()).toBe(false);
    expect(link.awaitsCardholder()).toBe(true);
    expect(link.linkStatus(EXPIRES, LATER)).toBe('open');
    expect(link.paymentLinks[0].events).toEqual([]);
    expect(() => link.payByLink(PAID, LATER)).toThrow(expect.objectContaining({ code: 'payment_link_paid' }));
  });

  it('a link already paid is not cancelled', () => {
    const link = waitingLink();
    link.payByLink(PAID, NOW);
    const paidAt = link.updatedAt;
    link.cancelLink(LATER);
    expect(link.payment?.status).toBe('succeeded');
    expect(link.updatedAt).toEqual(paidAt);
  });
});

describe('a card payment the processor settles later', () => {
  const waitingForThreeDSecure = () =>
    PaymentTransaction.forCardPayment(
      OWNER,
      { id: 'pi_3ds', status: 'requires_action', paymentMethodId: null, clientSecret: 'pi_3ds_secret', amount: 4700 },
      71,
      NOW,
    );

  it('succeeds once: settled, with the time it was paid, and again changes nothing', () => {
    const payment = waitingForThreeDSecure();
    expect(payment.isSettled()).toBe(false);
    expect(payment.succeeded(LATER)).toBe(true);
    expect(payment).toMatchObject({
      payment: { id: 'pi_3ds', status: 'succeeded' },
      events: [{ createdAt: LATER.toISOString(), createdBy: 'system' }],
      updatedAt: LATER,
    });
    expect(payment.isSettled()).toBe(true);
    expect(payment.succeeded(new Date(LATER.getTime() + 60_000))).toBe(false);
    expect(payment.updatedAt).toEqual(LATER);
  });

  it("a link's payment that succeeds shows the link paid", () => {
    const link = waitingLink();
    expect(link.succeeded(LATER)).toBe(true);
    expect(link.linkStatus(EXPIRES, NOW)).toBe('paid');
    expect(link.paymentLinks[0].events).toEqual([{ createdAt: LATER.toISOString() }]);
  });

  it("fails a check-out's payment, which then holds nothing; a link's waits for its payer again", () => {
    const payment = waitingForThreeDSecure();
    expect(payment.failed(LATER)).toBe(true);
    expect(payment.payment?.status).toBe('failed');
    expect(payment.isSettled()).toBe(false);
    expect(payment.failed(LATER)).toBe(false);

    const link = waitingLink();
    link.payment = { ...link.payment!, status: 'requires_action' };
    expect(link.failed(LATER)).toBe(true);
    expect(link.linkStatus(EXPIRES, LATER)).toBe('open');
    expect(waitingLink().failed(LATER)).toBe(false);
  });

  it('does not fail a payment that succeeded, or a link its booking cancelled', () => {
    const payment = waitingForThreeDSecure();
    payment.succeeded(NOW);
    expect(payment.failed(LATER)).toBe(false);
    expect(payment.payment?.status).toBe('succeeded');
    const cancelled = waitingLink();
    cancelled.cancelLink(NOW);
    expect(cancelled.failed(LATER)).toBe(false);
    expect(cancelled.payment?.status).toBe('canceled');
  });
});

describe('a refund the processor could not make', () => {
  const paid = () =>
    PaymentTransaction.forCardPayment(
      OWNER,
      { status: 'succeeded', paymentMethodId: null, clientSecret: null, amount: 12000 },
      180,
      NOW,
    );

  it('is given back once, as plus its amount, and no longer counts as refunded', () => {
    const payment = paid();
    const refund = payment.adjust({ createdAt: NOW.toISOString(), source: 'refund', amount: -2500 });
    expect(payment.refunded()).toBe(2500);
    expect(payment.refundFailed(null, 2500, LATER)).toEqual(refund);
    expect(payment.adjustments.at(-1)).toMatchObject({
      source: 'refund_failed',
      amount: 2500,
      reverses: refund.id,
      payoutId: null,
    });
    expect(payment.refunded()).toBe(0);
    expect(payment.refundFailed(null, 2500, LATER)).toBeNull();
    expect(payment.adjustments).toHaveLength(2);
  });

  it('gives back the refund named (once: told again, nothing), else the latest of the amount; none of another amount', () => {
    const payment = paid();
    const first = payment.adjust({ createdAt: NOW.toISOString(), source: 'refund', amount: -1000 });
    const second = payment.adjust({ createdAt: LATER.toISOString(), source: 'refund', amount: -1000 });
    expect(payment.refundFailed(null, 999, LATER)).toBeNull();
    expect(payment.refundFailed(first.id, 1000, LATER)).toEqual(first);
    // The same failure by another event type: the named refund is given back already, not its twin.
    expect(payment.refundFailed(first.id, 1000, LATER)).toBeNull();
    expect(payment.refundFailed(null, 1000, LATER)).toEqual(second);
    expect(payment.refundFailed(null, 1000, LATER)).toBeNull();
  });
});
