import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { remittanceNotFound } from '../../ledger/domain/payments.errors.js';
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
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  execute(businessId: string, remittanceId: string): Promise<Remittance> {
    return this.events.transaction(async () => {
      const remittance = await this.remittances.lock(businessId, remittanceId);
      if (!remittance) throw remittanceNotFound(remittanceId);
      const claims = await this.remittances.claimsOf(remittance.id);
      reconcile(remittance, claims, this.clock.now());
      await this.remittances.save(remittance, claims);
      await this.events.record('remittance.reconciled', remittance.organisationId, remittance);
      return remittance;
    });
  }
}

/**
 * Reconciles the remittance: each claim it paid records the payment (`Claim.payment`, a Medicare
 * claim's `paymentStatus.payment`) at the amount the payer paid for it.
 */
export function reconcile(remittance: Remittance, claims: readonly RemittedClaim[], now: Date): void {
  remittance.reconcile(now);
  for (const { paymentTransaction, claim, medicareClaim } of claims) {
    const payment = remittance.paymentFor(paymentTransaction.remittedAmount ?? 0);
    claim?.paid(payment);
    medicareClaim?.paid(payment);
  }
}
