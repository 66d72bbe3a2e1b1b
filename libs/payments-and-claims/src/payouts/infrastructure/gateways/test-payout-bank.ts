import { Injectable } from '@nestjs/common';
import { type BankTransfer, PayoutBank, type SentTransfer, type TransferSent } from '../../domain/payout-bank.js';

/**
 * The built-in bank (`PAYOUT_BANK=test`, the default): no network. Every transfer arrives, except
 * those this instance sent for businesses a test named with `failTransfersTo`, which bounce.
 */
@Injectable()
export class TestPayoutBank extends PayoutBank {
  readonly checkAgainAfterSeconds = 60;
  private readonly transfers = new Map<string, BankTransfer>();
  private readonly failing = new Set<string>();

  async send(transfer: BankTransfer): Promise<SentTransfer> {
    if (!this.transfers.has(transfer.payoutId)) this.transfers.set(transfer.payoutId, transfer);
    return { kind: 'sent', bankPayoutId: null };
  }

  async outcome({ payoutId }: TransferSent): Promise<'in_transit' | 'paid' | 'failed'> {
    const transfer = this.transfers.get(payoutId);
    // Every instance has its own copy of this bank: a transfer another instance sent is one this
    // copy never saw, and arrives like any other (a real bank is one for all instances).
    return transfer && this.failing.has(transfer.businessId) ? 'failed' : 'paid';
  }

  failTransfersTo(businessId: string): void {
    this.failing.add(businessId);
  }
}
