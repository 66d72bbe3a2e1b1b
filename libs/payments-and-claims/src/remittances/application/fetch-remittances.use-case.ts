import { Injectable, Logger } from '@nestjs/common';
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
 * report that pays some of them. Each payer is asked outside any database transaction (a slow payer
 * holds nothing up), and its reports are recorded in a transaction of their own under the business's
 * payout turn, so two fetches (or a fetch and a payout run, which marks the same payment
 * transactions) take turns: the second finds the claims the first recorded, and nothing is made
 * twice; a payer that fails leaves the others' remittances recorded, and the fetch answers its
 * error. A remittance that matches its claims is reconciled at once when the business's
 * `autoReconciliationEnabled` says so.
 */
@Injectable()
export class FetchRemittances {
  private readonly logger = new Logger(FetchRemittances.name);

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
    const unremitted = await this.remittances.unremittedClaims(businessId, this.clock.now());
    const payers = await this.payersOf(unremitted);
    const made: Remittance[] = [];
    let failure: Error | undefined;
    for (const claims of groupByPayee(unremitted)) {
      const [first] = claims;
      const gateway = first.payerType === 'medicare' ? this.medicare : this.funds;
      try {
        const reports = await gateway.paymentReports({
          payeeProviderNumber: first.payeeProviderNumber,
          claims: claims.map(({ reference, lodgedAt, benefit }) => ({ reference, lodgedAt, benefit })),
          asOf: this.clock.now(),
        });
        const payer = payers.get(payerKeyOf(first.payerType, first.healthFundId, first.payeeProviderNumber))!;
        made.push(...(await this.record(business, payer, first.payeeProviderNumber, claims, reports)));
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (failure) throw failure;
    return made.sort((a, b) => a.paymentDate.localeCompare(b.paymentDate));
  }

  /** One payer's reports to one payee, each as a remittance of the claims it pays that are still live and unpaid. */
  private record(
    business: { id: string; organisationId: string; settings: { autoReconciliationEnabled: boolean } },
    payer: Payer,
    payeeProviderNumber: string,
    claims: UnremittedClaim[],
    reports: PaymentReport[],
  ): Promise<Remittance[]> {
    return this.events.transaction(async () => {
      await this.payments.lockPayoutsOf(business.id);
      const made: Remittance[] = [];
      for (const report of reports) {
        const remittance = await this.recordOne(business, payer, payeeProviderNumber, claims, report);
        if (remittance) made.push(remittance);
      }
      return made;
    });
  }

  private async recordOne(
    business: { id: string; organisationId: string; settings: { autoReconciliationEnabled: boolean } },
    payer: Payer,
    payeeProviderNumber: string,
    claims: UnremittedClaim[],
    report: PaymentReport,
  ): Promise<Remittance | null> {
    // A deposit is recorded once: one reported again (its claims paid over two reports) is left for a person.
    if (await this.remittances.hasDeposit(business.id, payer, payeeProviderNumber, report.paymentReference)) {
      this.logger.warn(
        { businessId: business.id, payer: payer.name, paymentReference: report.paymentReference },
        'A payer reported a deposit already recorded; its new claims are left to match by hand',
      );
      return null;
    }
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
      locked.map(({ paymentTransaction }) => {
        const { benefit, paidAmount } = paid.get(paymentTransaction.id)!;
        return { expected: benefit, paid: paidAmount };
      }),
      now,
    );
    for (const { paymentTransaction } of locked)
      paymentTransaction.remitted(remittance.id, paid.get(paymentTransaction.id)!.paidAmount, now);
    // The event says what arrived; a second one, what the business's setting decided of it.
    await this.events.record('remittance.received', remittance.organisationId, remittance);
    if (business.settings.autoReconciliationEnabled && remittance.status === 'unreconciled') {
      await reconcile(remittance, locked, this.payments, now);
      await this.events.record('remittance.reconciled', remittance.organisationId, remittance);
    }
    await this.remittances.save(remittance, locked);
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
