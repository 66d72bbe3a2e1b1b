import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, notFound } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { WalletCardQueries } from '@app/wallet';
import { HealthFundGateway } from '../../claims/domain/health-fund-gateway.js';
import { MedicareGateway } from '../../claims/domain/medicare-gateway.js';
import type { PaymentReport } from '../../claims/domain/payment-report.js';
import { CLAIM_VOID } from '../../ledger/domain/payment-transaction.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { type Payer, Remittance } from '../domain/remittance.js';
import {
  payerKeyOf,
  RemittanceRepository,
  type RemittedClaim,
  type UnremittedClaim,
} from '../domain/remittance.repository.js';
import { reconcile } from './reconcile-remittance.use-case.js';

/**
 * Asks the payers what they have paid a business (`POST …/remittances/fetch`, and the daily job):
 * for each payer and payee, the claims no remittance has paid yet, and a remittance for each payment
 * report that pays some of them. Under the business's payout turn, so two fetches (or a fetch and a
 * payout run, which marks the same payment transactions) take turns: the second finds the claims
 * the first recorded, and nothing is made twice. A remittance whose amount matches its claims is
 * reconciled at once when the business's `autoReconciliationEnabled` says so. A payer reports each
 * deposit once, under its own reference: the one remittance of that payer, payee and reference.
 */
@Injectable()
export class FetchRemittances {
  constructor(
    private readonly remittances: RemittanceRepository,
    private readonly payments: PaymentsRepository,
    private readonly directory: DirectoryQueries,
    private readonly wallet: WalletCardQueries,
    private readonly medicare: MedicareGateway,
    private readonly funds: HealthFundGateway,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** The remittances made, oldest payment first. */
  async execute(businessId: string): Promise<Remittance[]> {
    const business = (await this.directory.businesses([businessId])).get(businessId);
    if (!business) throw notFound('Business', businessId);
    return this.events.transaction(async () => {
      await this.payments.lockPayoutsOf(businessId);
      const now = this.clock.now();
      const unremitted = await this.remittances.unremittedClaims(businessId);
      const payers = await this.payersOf(unremitted);
      const made: Remittance[] = [];
      for (const claims of groupByPayee(unremitted)) {
        const [first] = claims;
        const key = payerKeyOf(first.payerType, first.healthFundId, first.payeeProviderNumber);
        const gateway = first.payerType === 'medicare' ? this.medicare : this.funds;
        const reports = await gateway.paymentReports({
          payeeProviderNumber: first.payeeProviderNumber,
          claims: claims.map(({ reference, lodgedAt, benefit }) => ({ reference, lodgedAt, benefit })),
          asOf: now,
        });
        for (const report of [...reports].sort((a, b) => a.paymentDate.localeCompare(b.paymentDate))) {
          const remittance = await this.record(business, payers.get(key)!, first.payeeProviderNumber, claims, report);
          if (remittance) made.push(remittance);
        }
      }
      return made;
    });
  }

  /** One report as a remittance of the claims it pays that are still live and unpaid after their lock. */
  private async record(
    business: { id: string; organisationId: string; settings: { autoReconciliationEnabled: boolean } },
    payer: Payer,
    payeeProviderNumber: string,
    claims: UnremittedClaim[],
    report: PaymentReport,
  ): Promise<Remittance | null> {
    const byReference = new Map(claims.map((claim) => [claim.reference, claim]));
    const paid = new Map(
      report.claims.flatMap(({ reference, paidAmount }) => {
        const claim = byReference.get(reference);
        return claim ? [[claim.paymentTransactionId, { paidAmount, benefit: claim.benefit }] as const] : [];
      }),
    );
    const locked = (await this.remittances.lockClaims([...paid.keys()])).filter(stillUnremitted);
    if (locked.length === 0) return null;
    const now = this.clock.now();
    const remittance = Remittance.received(
      { organisationId: business.organisationId, businessId: business.id },
      payer,
      {
        payeeProviderNumber,
        paymentReference: report.paymentReference,
        paymentDate: report.paymentDate,
        bankAccountBsb: report.bankAccountBsb,
        bankAccountNumberLast4: report.bankAccountNumberLast4,
        amount: report.amount,
      },
      locked.map(({ paymentTransaction }) => ({ expected: paid.get(paymentTransaction.id)!.benefit })),
      now,
    );
    for (const { paymentTransaction } of locked)
      paymentTransaction.remitted(remittance.id, paid.get(paymentTransaction.id)!.paidAmount, now);
    const auto = business.settings.autoReconciliationEnabled && remittance.status === 'unreconciled';
    if (auto) reconcile(remittance, locked, now);
    await this.remittances.save(remittance, locked);
    await this.events.record('remittance.received', remittance.organisationId, remittance);
    if (auto) await this.events.record('remittance.reconciled', remittance.organisationId, remittance);
    return remittance;
  }

  /** Each claim's payer, named: Medicare, or its fund as the wallet's directory names it. */
  private async payersOf(claims: UnremittedClaim[]): Promise<Map<string, Payer>> {
    const funds = await this.wallet.healthFundsByIds([...new Set(claims.flatMap((claim) => claim.healthFundId ?? []))]);
    return new Map(
      claims.map((claim) => [
        payerKeyOf(claim.payerType, claim.healthFundId, claim.payeeProviderNumber),
        claim.payerType === 'medicare'
          ? { type: 'medicare', healthFundId: null, name: 'Medicare' }
          : {
              type: 'health_fund',
              healthFundId: claim.healthFundId,
              name: funds.get(claim.healthFundId!)?.name ?? 'Health fund',
            },
      ]),
    );
  }
}

/** The claims of each payer and payee together. */
function groupByPayee(claims: UnremittedClaim[]): UnremittedClaim[][] {
  const groups = new Map<string, UnremittedClaim[]>();
  for (const claim of claims) {
    const key = payerKeyOf(claim.payerType, claim.healthFundId, claim.payeeProviderNumber);
    groups.set(key, [...(groups.get(key) ?? []), claim]);
  }
  return [...groups.values()];
}

/** Read after its lock: no remittance took it, and no void took its benefit back, meanwhile. */
function stillUnremitted({ paymentTransaction, claim, medicareClaim }: RemittedClaim): boolean {
  return (
    paymentTransaction.remittanceId === null &&
    !paymentTransaction.adjustments.some((adjustment) => adjustment.source === CLAIM_VOID) &&
    !claim?.voidedAt &&
    !medicareClaim?.isVoided()
  );
}
