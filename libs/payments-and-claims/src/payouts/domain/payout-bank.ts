import type { Cents } from '@app/shared/domain';

export interface BankTransfer {
  /** The payout's id: the bank treats a second transfer with the same id as the first. */
  payoutId: string;
  businessId: string;
  /**
   * The business's account the money is paid from and to (its `merchantId`; Stripe: its connected
   * account `acct_…`, whose balance holds its card payments); `null` when it has none.
   */
  accountId: string | null;
  amount: Cents;
  arrivalDate: string;
}

/** What the bank made of a transfer: taken, under its own id (Stripe: a payout `po_…`), or refused outright. */
export type SentTransfer = { kind: 'sent'; bankPayoutId: string | null } | { kind: 'refused'; reason: string };

/** A transfer the bank took, as it is asked about later. */
export interface TransferSent {
  payoutId: string;
  accountId: string | null;
  bankPayoutId: string | null;
}

/**
 * The bank that pays a business its payouts (a processor's payouts API in production). `send`
 * accepts a transfer (the payout is then `in_transit`), or refuses it at once (the payout `failed`:
 * no account to pay, not enough money in it), and is idempotent by payout id; `outcome` says
 * whether the money arrived (`paid`), bounced (`failed`) or is still on its way. The bank is asked
 * right after a transfer, then every `checkAgainAfterSeconds` while it is on its way (a processor
 * that reports outcomes by webhook is asked only as a safety net).
 */
export abstract class PayoutBank {
  abstract readonly checkAgainAfterSeconds: number;
  abstract send(transfer: BankTransfer): Promise<SentTransfer>;
  abstract outcome(transfer: TransferSent): Promise<'in_transit' | 'paid' | 'failed'>;
}
