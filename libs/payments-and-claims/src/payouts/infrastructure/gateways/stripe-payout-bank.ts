import Stripe from 'stripe';
import { type BankTransfer, PayoutBank, type SentTransfer, type TransferSent } from '../../domain/payout-bank.js';

const CURRENCY = 'aud';

/**
 * Payouts on Stripe (`PAYOUT_BANK=stripe`, which follows `PAYMENT_PROCESSOR=stripe`): each payout
 * is a Stripe payout created on the business's connected account (its `merchantId`), from the
 * balance its card payments left there, to the bank account the business gave Stripe. The
 * connected account's payout schedule must be manual, or Stripe pays its balance out on its own.
 * Its outcome comes by Stripe's `payout.paid` / `payout.failed` webhooks; the settle job asks Stripe
 * once after the transfer and then hourly, as a safety net for a webhook that never came.
 */
export class StripePayoutBank extends PayoutBank {
  readonly checkAgainAfterSeconds = 3600;

  constructor(private readonly stripe: Stripe) {
    super();
  }

  async send(transfer: BankTransfer): Promise<SentTransfer> {
    if (!transfer.accountId)
      return { kind: 'refused', reason: `business ${transfer.businessId} has no connected account (merchantId)` };
    try {
      const payout = await this.stripe.payouts.create(
        {
          amount: transfer.amount,
          currency: CURRENCY,
          description: `Payout ${transfer.payoutId}`,
          metadata: { payoutId: transfer.payoutId },
        },
        // By payout id: a transfer job run again (within Stripe's 24 hours of keys) gets the same payout back.
        { stripeAccount: transfer.accountId, idempotencyKey: `payout_${transfer.payoutId}` },
      );
      return { kind: 'sent', bankPayoutId: payout.id };
    } catch (error) {
      // Refused for good: not enough in the account's balance, no bank account to pay to, or the
      // account disconnected from the platform (403) or gone: asked again, Stripe answers the same.
      if (error instanceof Stripe.errors.StripePermissionError)
        return { kind: 'refused', reason: error.code ?? 'account_disconnected' };
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code && REFUSALS.has(error.code))
        return { kind: 'refused', reason: error.code };
      throw error;
    }
  }

  async outcome(transfer: TransferSent): Promise<'in_transit' | 'paid' | 'failed'> {
    if (!transfer.bankPayoutId || !transfer.accountId) return 'in_transit';
    // Asked under the account it was sent from. An error (that account disconnected, or no such
    // payout there) is thrown: the job asks again, and a person looks before money is paid twice.
    const payout = await this.stripe.payouts.retrieve(transfer.bankPayoutId, {}, { stripeAccount: transfer.accountId });
    if (payout.status === 'paid') return 'paid';
    return payout.status === 'failed' || payout.status === 'canceled' ? 'failed' : 'in_transit';
  }
}

/** Stripe's codes for a payout it will not make as asked, however often it is asked. */
const REFUSALS = new Set([
  'balance_insufficient',
  'no_external_account',
  'account_closed',
  'account_invalid',
  'resource_missing',
]);
