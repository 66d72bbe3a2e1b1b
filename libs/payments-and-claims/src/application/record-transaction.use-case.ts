import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { type NewTransaction, Transaction } from '../domain/transaction.js';
import { PaymentsRepository } from '../domain/payments.repository.js';

/** Records a sale to a client, item by item. */
@Injectable()
export class RecordTransaction {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewTransaction): Promise<Transaction> {
    const transaction = Transaction.create(organisationId, props, this.clock.now());
    await this.payments.save(transaction);
    return transaction;
  }
}
