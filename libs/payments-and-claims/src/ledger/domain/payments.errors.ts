import { conflict, DomainError, notFound } from '@app/shared/domain';

export const claimTotalsMismatch = (message: string): DomainError =>
  new DomainError('validation', 'claim_totals_mismatch', message);

export const transactionNotFound = (id: string): DomainError => notFound('Transaction', id);

export const paymentTransactionNotFound = (id: string): DomainError => notFound('Payment transaction', id);

export const payoutNotFound = (id: string): DomainError => notFound('Payout', id);

export const invoiceNotFound = (id: string): DomainError => notFound('Invoice', id);

export const alreadyPaidOut = (ids: string[]): DomainError =>
  conflict('already_paid_out', `Payment transactions already in a payout: ${ids.join(', ')}.`);

export const notOfBusiness = (ids: string[]): DomainError =>
  notFound('Payment transactions of this business', ids.join(', '));

export const claimRejected = (code: string, message: string): DomainError =>
  new DomainError('payment_required', 'claim_rejected', `The health fund rejected the claim (${code}): ${message}`);

export const medicareClaimRejected = (code: string, message: string): DomainError =>
  new DomainError('payment_required', 'medicare_claim_rejected', `Medicare rejected the claim (${code}): ${message}`);

export const claimGatewayTimeout = (gateway: string): DomainError =>
  new DomainError(
    'unavailable',
    'claim_gateway_timeout',
    `${gateway} did not answer in time; nothing was claimed. Try again.`,
  );

export const bookingAlreadyPaid = (id: string): DomainError =>
  conflict('booking_already_paid', `Booking ${id} is already paid.`);

export const nothingOpen = (id: string, charges: number, held: number): DomainError =>
  conflict(
    'booking_already_paid',
    `Booking ${id} is already paid: its earlier check-outs hold ${held} cents of the ${charges} this check-out charges, so nothing is left to collect.`,
  );

export const claimsCoverHeldMoney = (id: string, left: number, held: number): DomainError =>
  conflict(
    'booking_already_paid',
    `Booking ${id}'s claims leave ${left} cents to pay, less than the ${held} its earlier check-outs hold: refund the difference, then check it out again.`,
  );

export const feeOnTopOfPayment = (id: string, held: number, kind: 'cancellation' | 'no_show'): DomainError =>
  conflict(
    'booking_already_paid',
    `Booking ${id} ${held > 0 ? `holds ${held} cents paid for its service` : 'is already paid'}, and ${
      kind === 'cancellation'
        ? 'a cancellation fee is not charged on top: cancel it without chargeCancellationFee, then refund what the practice does not keep.'
        : 'a no-show fee is not charged on top: mark it without chargeNoShowFee; the practice keeps what was paid, or refunds what it does not keep.'
    }`,
  );

export const bookingCancelled = (id: string): DomainError =>
  conflict('booking_cancelled', `Booking ${id} is cancelled.`);

export const bookingAlreadyClaimed = (id: string, field: string, kind: string): DomainError =>
  conflict(
    'booking_already_claimed',
    `Booking ${id} has ${kind} claim that was not voided: void it to claim again, or check out what is left without ${field}.`,
  );

export const paymentLinkOpen = (id: string, expiresAt: Date): DomainError =>
  conflict(
    'payment_link_open',
    `Booking ${id} was checked out with a payment link, open until ${expiresAt.toISOString()}: it is paid when the link is, and can be checked out again only once the link has expired.`,
  );

export const paymentRequiresAction = (what: string): DomainError =>
  conflict(
    'payment_requires_action',
    `${what} waits for the cardholder to confirm a card payment with their bank (3-D Secure), with the payment's clientSecret: it is paid, or fails, when they have answered.`,
  );

export const gapNotCovered = (gap: number): DomainError =>
  new DomainError('validation', 'validation_failed', `The gap of ${gap} cents needs a payment or a payment link.`, [
    {
      field: 'payment',
      code: 'gap_not_covered',
      message: `a gap of ${gap} cents remains after the claims: send payment or paymentLink`,
    },
  ]);

export const claimNotVoidable = (id: string, reason: string): DomainError =>
  conflict('claim_not_voidable', `Claim ${id} cannot be voided: ${reason}.`);

export const claimNotFound = (id: string): DomainError => notFound('Claim', id);

export const refundExceedsPayment = (refundable: number): DomainError =>
  conflict('refund_exceeds_payment', `Refunds cannot exceed the payment: ${refundable} cents are left to refund.`, {
    refundableAmount: refundable,
  });

export const notACardPayment = (id: string): DomainError =>
  conflict('not_a_card_payment', `Payment transaction ${id} is not a card payment; only card payments are refunded.`);

export const nothingToPayOut = (businessId: string): DomainError =>
  conflict(
    'nothing_to_pay_out',
    `Business ${businessId} has nothing to pay out: no settled money since its last payout, or less than nothing after refunds and fees.`,
  );

export const paymentLinkPaid = (): DomainError => conflict('payment_link_paid', 'This payment link has been paid.');

export const paymentLinkExpired = (): DomainError =>
  new DomainError('gone', 'payment_link_expired', 'This payment link has expired; ask the practice for a new one.');

export const paymentLinkNotFound = (): DomainError => notFound('Payment link', 'with this token');
