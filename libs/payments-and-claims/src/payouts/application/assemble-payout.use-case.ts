import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import type { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { OwnershipChecks } from '../../ledger/application/ownership-checks.js';
import { notOfBusiness } from '../../ledger/domain/payments.errors.js';
import { Payout, type PayoutStatus } from '../../ledger/domain/payout.js';

/** Gathers a business's unpaid payment transactions into a payout whose amount adds up to the cent. */
@Injectable()
export class AssemblePayout {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly ownership: OwnershipChecks,
    private readonly clock: Clock,
  ) {}

  async execute(
    organisationId: string,
    businessId: string,
    paymentTransactionIds: string[],
    props: { arrivalDate: string; status?: PayoutStatus },
    /** Checks the locked transactions before the payout is made of them; throws to make none. */
    check: (transactions: PaymentTransaction[]) => void = () => undefined,
  ): Promise<Payout> {
    await this.ownership.assertBusinessOf(organisationId, businessId);
    // Checked under the rows' locks: a payout assembled meanwhile shows here as already paid out.
    return this.payments.payOut(organisationId, businessId, paymentTransactionIds, (transactions) => {
      const found = new Set(transactions.map((transaction) => transaction.id));
      const missing = paymentTransactionIds.filter((id) => !found.has(id));
      if (missing.length) throw notOfBusiness(missing);
      check(transactions);
      return Payout.assemble({ organisationId, businessId }, transactions, props, this.clock.now());
    });
  }
}
