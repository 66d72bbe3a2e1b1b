import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Claim } from '../../../ledger/domain/claim.js';
import { MedicareClaim } from '../../../ledger/domain/medicare-claim.js';
import { PaymentTransaction } from '../../../ledger/domain/payment-transaction.js';
import { type Payer, Remittance } from '../../domain/remittance.js';
import {
  REMITTANCE_WINDOW_DAYS,
  RemittanceRepository,
  type RemittedClaim,
  type UnremittedClaim,
} from '../../domain/remittance.repository.js';

/**
 * A claim's payment transaction a payer pays and no remittance has yet (served by the partial
 * index `payment_transactions_unremitted_idx`).
 */
const UNREMITTED = `pt.remittance_id is null and pt.source <> 'payment'`;

/**
 * Bulk bills and fund claims with a benefit, live, lodged since the third placeholder; the first two
 * name the business, or are null for every business (`windowOf`). A patient claim is paid to the
 * patient.
 */
const UNREMITTED_CLAIMS = `
  select pt.id as payment_transaction_id, 'health_fund' as payer_type, c.health_fund_id, c.provider_number as payee,
    c.reference_number as reference, c.created_at as lodged_at, c.total_rebate_amount as benefit
  from payment_transactions pt join claims c on c.id = pt.claim_id
  where (pt.business_id = ?::uuid or ?::uuid is null) and ${UNREMITTED} and pt.source = 'health_fund_claim'
    and c.created_at >= ? and c.voided_at is null and c.cancelled_at is null and not c.is_rebate_estimate and c.total_rebate_amount > 0
  union all
  select pt.id, 'medicare', null, m.payee_provider_number, coalesce(m.mcol_claim_id, m.reference), m.created_at,
    m.total_rebate_amount
  from payment_transactions pt join medicare_claims m on m.id = pt.medicare_claim_id
  where (pt.business_id = ?::uuid or ?::uuid is null) and ${UNREMITTED} and pt.source = 'medicare_claim'
    and m.created_at >= ? and m.type->>'code' = 'bulk_bill' and m.payment_status->>'code' <> 'voided' and m.total_rebate_amount > 0
    and m.payee_provider_number is not null`;

/** The placeholders of one half of `UNREMITTED_CLAIMS`: the business (twice) and the oldest lodging asked about. */
const windowOf = (businessId: string | null, now: Date): unknown[] => [
  businessId,
  businessId,
  new Date(now.getTime() - REMITTANCE_WINDOW_DAYS * 24 * 60 * 60 * 1000),
];

@Injectable()
export class MikroOrmRemittanceRepository extends RemittanceRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async unremittedClaims(businessId: string, now: Date): Promise<UnremittedClaim[]> {
    const rows = await this.em.execute<
      {
        payment_transaction_id: string;
        payer_type: 'medicare' | 'health_fund';
        health_fund_id: string | null;
        payee: string;
        reference: string;
        lodged_at: Date;
        benefit: number;
      }[]
    >(`${UNREMITTED_CLAIMS} order by 1`, [...windowOf(businessId, now), ...windowOf(businessId, now)]);
    return rows.map((row) => ({
      paymentTransactionId: row.payment_transaction_id,
      payerType: row.payer_type,
      healthFundId: row.health_fund_id,
      payeeProviderNumber: row.payee,
      reference: row.reference,
      lodgedAt: new Date(row.lodged_at),
      benefit: row.benefit,
    }));
  }

  lock(businessId: string, remittanceId: string): Promise<Remittance | null> {
    return this.em.findOne(
      Remittance,
      { id: remittanceId, businessId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }

  async lockClaims(paymentTransactionIds: readonly string[]): Promise<RemittedClaim[]> {
    if (paymentTransactionIds.length === 0) return [];
    const paymentTransactions = await this.em.find(
      PaymentTransaction,
      { id: { $in: [...paymentTransactionIds] } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
    );
    return this.withClaims(paymentTransactions);
  }

  async claimsOf(remittanceId: string): Promise<RemittedClaim[]> {
    const paymentTransactions = await this.em.find(
      PaymentTransaction,
      { remittanceId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
    );
    return this.withClaims(paymentTransactions);
  }

  async save(remittance: Remittance, claims: RemittedClaim[]): Promise<void> {
    this.em.persist(remittance);
    for (const { paymentTransaction, claim, medicareClaim } of claims)
      this.em.persist([paymentTransaction, ...(claim ? [claim] : []), ...(medicareClaim ? [medicareClaim] : [])]);
    await this.em.flush();
  }

  async businessesWithUnremitted(now: Date): Promise<string[]> {
    const rows = await this.em.execute<{ business_id: string }[]>(
      `select distinct pt.business_id from payment_transactions pt
        where pt.id in (select payment_transaction_id from (${UNREMITTED_CLAIMS}) claims)`,
      [...windowOf(null, now), ...windowOf(null, now)],
    );
    return rows.map((row) => row.business_id);
  }

  async hasDeposit(businessId: string, payer: Payer, payeeProviderNumber: string, reference: string): Promise<boolean> {
    const found = await this.em.count(Remittance, {
      businessId,
      payerType: payer.type,
      healthFundId: payer.healthFundId,
      payeeProviderNumber,
      paymentReference: reference,
    });
    return found > 0;
  }

  /** Each payment transaction with its claim, read fresh (after the caller's lock). */
  private async withClaims(paymentTransactions: PaymentTransaction[]): Promise<RemittedClaim[]> {
    const claimIds = paymentTransactions.flatMap((row) => row.claimId ?? []);
    const medicareClaimIds = paymentTransactions.flatMap((row) => row.medicareClaimId ?? []);
    // One after the other: inside the caller's transaction they share its one connection.
    const claims = claimIds.length ? await this.em.find(Claim, { id: { $in: claimIds } }, { refresh: true }) : [];
    const medicareClaims = medicareClaimIds.length
      ? await this.em.find(MedicareClaim, { id: { $in: medicareClaimIds } }, { refresh: true })
      : [];
    const claimsById = new Map(claims.map((claim) => [claim.id, claim]));
    const medicareById = new Map(medicareClaims.map((claim) => [claim.id, claim]));
    return paymentTransactions.map((paymentTransaction) => ({
      paymentTransaction,
      claim: paymentTransaction.claimId ? (claimsById.get(paymentTransaction.claimId) ?? null) : null,
      medicareClaim: paymentTransaction.medicareClaimId
        ? (medicareById.get(paymentTransaction.medicareClaimId) ?? null)
        : null,
    }));
  }
}
