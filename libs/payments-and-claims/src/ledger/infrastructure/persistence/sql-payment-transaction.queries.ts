import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared/sql';
import { type Member, MemberQueries } from '@app/membership';
import { WalletCardQueries } from '@app/wallet';
import { Claim } from '../../domain/claim.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import type { PaymentTransaction } from '../../domain/payment-transaction.js';
import {
  type PaymentTransactionView,
  PaymentTransactionQueries,
} from '../../application/payment-transaction.queries.js';

export const CLAIMS = ReadModel.of(Claim, 'c');
export const MEDICARE_CLAIMS = ReadModel.of(MedicareClaim, 'm');

/**
 * Loads everything a list of payment transactions refers to, one statement per kind of thing:
 * claims, Medicare claims, the cards and funds they name, and the members behind their events.
 */
@Injectable()
export class SqlPaymentTransactionQueries extends PaymentTransactionQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly wallet: WalletCardQueries,
    private readonly members: MemberQueries,
  ) {
    super();
  }

  async read(
    organisationId: string,
    paymentTransactions: PaymentTransaction[],
    options: { withEventMembers: boolean },
  ): Promise<PaymentTransactionView[]> {
    if (paymentTransactions.length === 0) return [];
    const ids = (pick: (transaction: PaymentTransaction) => string | null) => [
      ...new Set(paymentTransactions.flatMap((transaction) => pick(transaction) ?? [])),
    ];
    const claimIds = ids((transaction) => transaction.claimId);
    const medicareClaimIds = ids((transaction) => transaction.medicareClaimId);
    const [claims, medicareClaims, members] = await Promise.all([
      claimIds.length ? this.sql.select(CLAIMS, 'where c.id = any($1)', [claimIds]) : [],
      medicareClaimIds.length ? this.sql.select(MEDICARE_CLAIMS, 'where m.id = any($1)', [medicareClaimIds]) : [],
      options.withEventMembers
        ? this.members.findByIds(
            paymentTransactions.flatMap((transaction) => transaction.events.map((event) => event.createdBy)),
          )
        : new Map<string, Member>(),
    ]);
    const [cards, funds] = await Promise.all([
      this.wallet.cardsByIds(
        organisationId,
        medicareClaims.flatMap((claim) => [claim.patientMedicareCardId, claim.claimantMedicareCardId ?? []].flat()),
      ),
      this.wallet.healthFundsByIds(claims.map((claim) => claim.healthFundId)),
    ]);
    const claimById = new Map(claims.map((claim) => [claim.id, claim]));
    const medicareClaimById = new Map(medicareClaims.map((claim) => [claim.id, claim]));
    return paymentTransactions.map((paymentTransaction) => {
      const claim = paymentTransaction.claimId ? (claimById.get(paymentTransaction.claimId) ?? null) : null;
      const medicareClaim = paymentTransaction.medicareClaimId
        ? (medicareClaimById.get(paymentTransaction.medicareClaimId) ?? null)
        : null;
      return {
        paymentTransaction,
        claim,
        healthFund: claim ? (funds.get(claim.healthFundId) ?? null) : null,
        medicareClaim,
        patientMedicareCard: medicareClaim ? (cards.get(medicareClaim.patientMedicareCardId) ?? null) : null,
        claimantMedicareCard: medicareClaim?.claimantMedicareCardId
          ? (cards.get(medicareClaim.claimantMedicareCardId) ?? null)
          : null,
        eventMembers: members,
      };
    });
  }
}
