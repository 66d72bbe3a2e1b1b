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
const OWNER = { organisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', businessId: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a', transactionId: null };
const waitingLink = () => PaymentTransaction.awaitingLink(OWNER, 4700, 71, LINK, NOW);
const LATER = new Date('2026-11-22T06:00:00.000Z');

describe('a payment link’s status', () => {
  it('is open up to and at its expiry, then expired', () => {
    expect(waitingLink().linkStatus(EXPIRES, EXPIRES)).toBe('open');
    expect(waitingLink().linkStatus(EXPIRES, new Date(EXPIRES.getTime() + 1))).toBe('expired');
  });

  it('is paid once paid, expired or not; paying it changes the payment transaction', () => {
    const link = waitingLink();
    link.payByLink('pi_paid', LATER);
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

  it('a link already paid is not cancelled', () => {
    const link = waitingLink();
    link.payByLink('pi_paid', NOW);
    const paidAt = link.updatedAt;
    link.cancelLink(LATER);
    expect(link.payment?.status).toBe('succeeded');
    expect(link.updatedAt).toEqual(paidAt);
  });
});
