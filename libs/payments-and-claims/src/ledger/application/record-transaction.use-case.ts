import { Injectable } from '@nestjs/common';
import { WalletCardQueries } from '@app/wallet';
import { Clock } from '@app/shared/domain';
import { type NewTransaction, Transaction } from '../domain/transaction.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { OwnershipChecks } from './ownership-checks.js';

/** Records a sale to a client, item by item. */
@Injectable()
export class RecordTransaction {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly ownership: OwnershipChecks,
    private readonly wallet: WalletCardQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewTransaction): Promise<Transaction> {
    await this.ownership.assertBusinessOf(organisationId, props.businessId);
    if (props.clientId) await this.ownership.assertClientOf(organisationId, props.clientId);
    await this.wallet.assertCards(organisationId, [
      { field: 'paymentMethodId', id: props.paymentMethodId, type: 'payment_method' },
      { field: 'healthFundCardId', id: props.healthFundCardId, type: 'health_fund_card' },
      { field: 'medicareCardId', id: props.medicareCardId, type: 'medicare_card' },
    ]);
    const transaction = Transaction.create(organisationId, props, this.clock.now());
    await this.payments.save(transaction);
    return transaction;
  }
}
