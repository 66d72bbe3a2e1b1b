import type { Cents } from '@app/shared/domain';

export interface BankTransfer {
  /** The payout's id: the bank treats a second transfer with the same id as the first. */
  payoutId: string;
  businessId: string;
  amount: Cents;
  arrivalDate: string;
}

/**
 * The bank that pays a business its payouts (a processor's payouts API in production). `send`
 * accepts a transfer (the payout is then `in_transit`) and is idempotent by payout id; `outcome`
 * says whether the money arrived (`paid`), bounced (`failed`) or is still on its way.
 */
export abstract class PayoutBank {
  abstract send(transfer: BankTransfer): Promise<void>;
  abstract outcome(payoutId: string): Promise<'in_transit' | 'paid' | 'failed'>;
}
