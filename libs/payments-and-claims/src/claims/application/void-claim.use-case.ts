import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { BookingLedger } from '@app/scheduling';
import type { Claim } from '../../ledger/domain/claim.js';
import type { MedicareClaim } from '../../ledger/domain/medicare-claim.js';
import { CLAIM_VOID, type PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import { claimNotFound, claimNotVoidable, transactionNotFound } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { Transaction } from '../../ledger/domain/transaction.js';
import { ClaimFiling } from './claim-filing.js';
import { ReferralRepository } from '../domain/referral.repository.js';
import type { VoidedClaim } from '../../ledger/application/claim-views.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';
import { TransactionQueries } from '../../ledger/application/transaction.queries.js';

/**
 * Voids a health fund or a Medicare claim on the business day it was made (the location's time
 * zone). The route takes either claim's id: both sit in the transaction, and ids do not collide.
 * What the business was paid for the claim (a fund's rebate, a bulk bill's benefit) is taken back as
 * an adjustment of minus it on the claim's payment transaction (counted by the next payout), so the
 * transaction no longer adds up to its charges and its booking is no longer
 * `paid`. A patient claim's benefit went to the patient: Medicare takes it back, the business's money
 * does not change.
 */
@Injectable()
export class VoidClaim {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly claims: ClaimFiling,
    private readonly bookings: BookingLedger,
    private readonly locations: DirectoryQueries,
    private readonly transactions: TransactionQueries,
    private readonly invoices: InvoiceLedger,
    private readonly referrals: ReferralRepository,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, transactionId: string, claimId: string): Promise<VoidedClaim> {
    return this.events.transaction(async () => {
      const transaction = await this.payments.findTransaction(organisationId, transactionId);
      if (!transaction) throw transactionNotFound(transactionId);
      const fundClaim = await this.payments.lockClaimOf(organisationId, transactionId, claimId);
      if (fundClaim) return this.voidFundClaim(transaction, fundClaim.claim, fundClaim.paymentTransaction);
      const medicareClaim = await this.payments.lockMedicareClaimOf(organisationId, transactionId, claimId);
      if (medicareClaim)
        return this.voidMedicareClaim(transaction, medicareClaim.claim, medicareClaim.paymentTransaction);
      throw claimNotFound(claimId);
    });
  }

  private async voidFundClaim(transaction: Transaction, claim: Claim, paid: PaymentTransaction): Promise<VoidedClaim> {
    const now = this.clock.now();
    notRemitted(claim, paid);
    claim.void(now, await this.timeZoneOf(transaction));
    await this.takeBack(transaction, claim, paid, now);
    const read = (await this.transactions.get(transaction.organisationId, transaction.id)).paymentTransactions.find(
      (part) => part.claim?.id === claim.id,
    )!;
    const voided = { claim: read.claim!, healthFund: read.healthFund };
    await this.events.record('claim.voided', transaction.organisationId, voided);
    // Last, with everything else written: a fund that refuses the reversal leaves nothing changed
    // here, and once it has reversed the claim only the commit is left to fail.
    await this.claims.reverseHealthFund(claim);
    return { fundClaim: voided };
  }

  private async voidMedicareClaim(
    transaction: Transaction,
    claim: MedicareClaim,
    paid: PaymentTransaction | null,
  ): Promise<VoidedClaim> {
    const now = this.clock.now();
    notRemitted(claim, paid);
    claim.void(now, await this.timeZoneOf(transaction));
    await this.takeBack(transaction, claim, paid, now);
    // Its sessions go back to its referral.
    if (claim.referralId) await this.referrals.sessionsChanged(transaction.organisationId, claim.referralId, now);
    // `claim.voided` carries a health fund Claim, so a Medicare void has a sibling event of its own.
    await this.events.record('medicare_claim.voided', transaction.organisationId, claim);
    // Last, as for a fund claim.
    await this.claims.reverseMedicare(claim);
    return { medicareClaim: claim };
  }

  private async takeBack(
    transaction: Transaction,
    claim: Claim | MedicareClaim,
    paid: PaymentTransaction | null,
    now: Date,
  ): Promise<void> {
    await this.payments.transactionChanged(transaction.organisationId, transaction.id, now);
    if (!paid || paid.amount === 0) {
      await this.payments.save(claim);
      return;
    }
    paid.adjust({ source: CLAIM_VOID, amount: -paid.amount, createdAt: now.toISOString() });
    await this.payments.save(claim, paid);
    if (transaction.bookingId) await this.bookings.markUnpaid(transaction.organisationId, transaction.bookingId);
    await this.invoices.settle(transaction.organisationId, transaction.id, now);
  }

  private async timeZoneOf(transaction: Transaction): Promise<string> {
    const location = transaction.locationId
      ? (await this.locations.locations(transaction.organisationId, [transaction.locationId])).get(
          transaction.locationId,
        )
      : undefined;
    return location?.timeZone ?? 'Australia/Sydney';
  }
}

/** A claim its payer has paid (in a remittance) is money in the bank: no payer takes it back by a void. */
function notRemitted(claim: Claim | MedicareClaim, paid: PaymentTransaction | null): void {
  if (paid?.remittanceId)
    throw claimNotVoidable(claim.id, `its payer has paid it already, in remittance ${paid.remittanceId}`);
}
