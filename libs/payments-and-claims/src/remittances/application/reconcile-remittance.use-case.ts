import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { remittanceNotFound } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { Remittance } from '../domain/remittance.js';
import { RemittanceRepository, type RemittedClaim } from '../domain/remittance.repository.js';

/**
 * The business takes a remittance as paid (`POST …/remittances/{id}/reconcile`): one waiting as
 * `unreconciled`, or a `discrepancy`, whose claims are then paid what the payer paid for each.
 */
@Injectable()
export class ReconcileRemittance {
  constructor(
    private readonly remittances: RemittanceRepository,
    private readonly payments: PaymentsRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  execute(businessId: string, remittanceId: string): Promise<Remittance> {
    return this.events.transaction(async () => {
      // The business's payout turn first: a payout run marks the same claims' payment transactions.
      await this.payments.lockPayoutsOf(businessId);
      const remittance = await this.remittances.lock(businessId, remittanceId);
      if (!remittance) throw remittanceNotFound(remittanceId);
      const claims = await this.remittances.claimsOf(remittance.id);
      await reconcile(remittance, claims, this.payments, this.clock.now());
      await this.remittances.save(remittance, claims);
      await this.events.record('remittance.reconciled', remittance.organisationId, remittance);
      return remittance;
    });
  }
}

/**
 * Reconciles the remittance: each claim it paid records the payment (`Claim.payment`, a Medicare
 * claim's `paymentStatus.payment`) at the amount the payer paid for it, and its payment transaction
 * and transaction change with it (a sync client reads them again).
 */
export async function reconcile(
  remittance: Remittance,
  claims: readonly RemittedClaim[],
  payments: PaymentsRepository,
  now: Date,
): Promise<void> {
  remittance.reconcile(now);
  for (const { paymentTransaction, claim, medicareClaim } of claims) {
    const payment = remittance.paymentFor(paymentTransaction.remittedAmount ?? 0);
    claim?.paid(payment);
    medicareClaim?.paid(payment);
    paymentTransaction.claimPaid(now);
  }
  const transactionIds = new Set(claims.flatMap(({ paymentTransaction }) => paymentTransaction.transactionId ?? []));
  for (const transactionId of transactionIds)
    await payments.transactionChanged(remittance.organisationId, transactionId, now);
}
