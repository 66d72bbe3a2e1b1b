import { conflict, DomainError, notFound } from '@app/shared/domain';

export const claimTotalsMismatch = (message: string): DomainError =>
  new DomainError('validation', 'claim_totals_mismatch', message);

export const transactionNotFound = (id: string): DomainError => notFound('Transaction', id);

export const paymentTransactionNotFound = (id: string): DomainError => notFound('Payment transaction', id);

export const payoutNotFound = (id: string): DomainError => notFound('Payout', id);

export const remittanceNotFound = (id: string): DomainError => notFound('Remittance', id);

export const remittanceReconciled = (id: string): DomainError =>
  conflict('remittance_reconciled', `Remittance ${id} is reconciled already.`);

export const invoiceNotFound = (id: string): DomainError => notFound('Invoice', id);
export const adjustmentNoteNotFound = (id: string): DomainError => notFound('Adjustment note', id);

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

/** A link cancelled while its booking stands: the client was marked a no-show, so no service is owed for. */
export const paymentLinkCancelled = (): DomainError =>
  conflict('payment_link_cancelled', 'This payment link was cancelled: there is nothing to pay on it.');

export const paymentLinkExpired = (): DomainError =>
  new DomainError('gone', 'payment_link_expired', 'This payment link has expired; ask the practice for a new one.');

export const paymentLinkNotFound = (): DomainError => notFound('Payment link', 'with this token');

/** A payer pays only for a service that happened: its time has come, and the patient came. */
export const serviceNotRendered = (id: string, reason: 'no_show' | 'not_yet'): DomainError =>
  conflict(
    'service_not_rendered',
    reason === 'no_show'
      ? `Booking ${id} is marked no_show: there is no service to check out or claim; only its no-show fee is charged, when marking it.`
      : `Booking ${id}'s service has not happened yet: a health fund or Medicare claim is made once it has. A card payment may be taken before it.`,
  );

/** One payer for a service: extras cover pays nothing where a Medicare benefit is payable. */
export const doubleClaim = (id: string, earlier: 'a Medicare' | 'a health fund' | null): DomainError =>
  conflict(
    'double_claim',
    earlier
      ? `Booking ${id} has ${earlier} claim that was not voided: a service is claimed from one payer, Medicare or a health fund, not both.`
      : `A check-out claims either Medicare or a health fund, not both: a service is claimed from one payer.`,
  );

/** A bulk-billed service's benefit is its whole payment: nothing is charged to the patient. */
export const bulkBillNoCharge = (id: string, reason: 'charge' | 'held' | 'no_item_code', what = ''): DomainError =>
  conflict(
    'bulk_bill_no_charge',
    reason === 'charge'
      ? 'A bulk-billed check-out takes no payment and no paymentLink: the Medicare benefit is the whole payment.'
      : reason === 'held'
        ? `Booking ${id} holds card money for its service: refund it before bulk billing, as the Medicare benefit is the whole payment.`
        : `${what} has no item code, so Medicare pays nothing for it: a bulk-billed check-out charges only items Medicare pays.`,
  );

/** A business not registered for GST charges none: an item with GST is refused. */
export const businessNotGstRegistered = (businessId: string, description: string): DomainError =>
  conflict(
    'business_not_gst_registered',
    `Business ${businessId} is not registered for GST, so it charges none: item "${description}" carries GST. Bill it without (taxRate 0), or record the business as registered (gstRegistered).`,
  );

/** A booking whose service was claimed happened: it cannot be marked a no-show. */
export const bookingHasClaim = (id: string): DomainError =>
  conflict(
    'booking_has_claim',
    `Booking ${id} has a claim that was not voided, so its service happened: void the claim first if the patient did not come.`,
  );

/** A location claims only under an active registration with the payer (a Medicare one with its minor id). */
export const locationNotRegistered = (locationId: string, payer: 'medicare' | 'phi'): DomainError =>
  conflict(
    'location_not_registered',
    payer === 'medicare'
      ? `Location ${locationId} has no active Medicare registration with a minorId: set registrations[].medicare (minorId, status active) on the location before claiming from Medicare.`
      : `Location ${locationId} has no active registration with the health funds: set registrations[].phi (status active) on the location before claiming from a fund.`,
  );

/** A booking's earlier check-out waits for the patient's code: one check-out at a time. */
export const confirmationPending = (id: string, transactionId: string): DomainError =>
  conflict(
    'confirmation_pending',
    `Booking ${id} has a check-out waiting for the patient's agreement (transaction ${transactionId}): verify its code, or cancel the booking, before checking it out again.`,
    { transactionId },
  );

/** The patient's code can reach them by no channel that delivers. */
export const confirmationChannelUnavailable = (clientId: string): DomainError =>
  conflict(
    'confirmation_channel_unavailable',
    `The patient's agreement is asked by a code sent to them, and no channel reaches client ${clientId}: it needs a mobile number with an SMS provider set up, or an email address with a mail server. Swipe the card at a terminal (terminalId), or for a bulk bill keep a signed assignment (assignment.method "signed").`,
  );

export const confirmationNotFound = (id: string): DomainError => notFound('Confirmation', id);

export const confirmationCodeInvalid = (attemptsLeft: number): DomainError =>
  new DomainError(
    'unprocessable',
    'confirmation_code_invalid',
    `The code is not the one sent to the patient: ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left before the check-out is cancelled.`,
    undefined,
    { attemptsLeft },
  );

export const confirmationLocked = (): DomainError =>
  conflict(
    'confirmation_locked',
    'Five wrong codes: the check-out was cancelled, nothing was claimed or charged. Check the booking out again to send the patient a new code.',
  );

export const confirmationExpired = (): DomainError =>
  new DomainError(
    'gone',
    'confirmation_expired',
    'The code expired before it was verified: the check-out was cancelled, nothing was claimed or charged. Check the booking out again to send the patient a new code.',
  );

export const confirmationStale = (): DomainError =>
  conflict(
    'confirmation_stale',
    'The payer lodged a smaller benefit than the patient approved, so the patient would pay a bigger gap than they agreed to: the claim was reversed and the check-out cancelled. Check the booking out again to ask the patient about the new amounts.',
  );

export const confirmationResendLimit = (): DomainError =>
  conflict('confirmation_resend_limit', 'A code is sent at most 3 more times: check the booking out again instead.');

/** The confirmation was closed by a change of the booking, its cards or its client. */
export const confirmationCancelled = (): DomainError =>
  conflict(
    'confirmation_cancelled',
    'The check-out was cancelled (its booking was cancelled or marked no_show, or a card it used was removed): nothing was claimed or charged.',
  );
