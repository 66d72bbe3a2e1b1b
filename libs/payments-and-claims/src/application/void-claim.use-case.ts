import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { claimNotFound, transactionNotFound } from '../domain/payments.errors.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { ClaimFiling } from './claim-filing.js';
import type { FiledClaim } from './claim-views.js';
import { TransactionQueries } from './transaction.queries.js';

/**
 * Voids a health fund claim on the business day it was made (the location's time zone): the fund
 * takes its benefit back, so the claim's payment transaction gets an adjustment of minus the
 * rebate (in the next payout when it was paid out already).
 */
@Injectable()
export class VoidClaim {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly claims: ClaimFiling,
    private readonly locations: DirectoryQueries,
    private readonly reader: TransactionQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, transactionId: string, claimId: string): Promise<FiledClaim> {
    return this.events.transaction(async () => {
      const transaction = await this.payments.findTransaction(organisationId, transactionId);
      if (!transaction) throw transactionNotFound(transactionId);
      const found = await this.payments.lockClaimOf(organisationId, transactionId, claimId);
      if (!found) throw claimNotFound(claimId);
      const location = transaction.locationId
        ? (await this.locations.locations(organisationId, [transaction.locationId])).get(transaction.locationId)
        : undefined;
      const now = this.clock.now();
      found.claim.void(now, location?.timeZone ?? 'Australia/Sydney');
      const { holder } = found.paymentTransaction.adjustOrCarryOver(
        { source: 'claim_void', amount: -found.paymentTransaction.amount, createdAt: now.toISOString() },
        now,
      );
      await this.payments.save(found.claim, holder);
      // Last, so a fund that refuses the reversal leaves nothing changed here.
      await this.claims.reverseHealthFund(found.claim);
      const read = (await this.reader.get(organisationId, transactionId)).paymentTransactions.find((part) => part.claim?.id === claimId)!;
      const voided = { claim: read.claim!, healthFund: read.healthFund };
      await this.events.record('claim.voided', organisationId, voided);
      return voided;
    });
  }
}
