import { Injectable } from '@nestjs/common';
import { type DomainError, DomainEvents, type EventToRecord } from '@app/shared/domain';
import type { ClosingError } from '../../ledger/domain/confirmation.js';
import { confirmationExpired } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { Transaction } from '../../ledger/domain/transaction.js';
import { TransactionQueries } from '../../ledger/application/transaction.queries.js';

/**
 * Ends a check-out that waits for the patient's code without it, inside the caller's transaction
 * (which holds the booking's lock and the transaction's): nothing was claimed, charged or invoiced,
 * so only the transaction changes, with `transaction.cancelled`.
 */
@Injectable()
export class AwaitingCheckOuts {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly transactions: TransactionQueries,
  ) {}

  /** Its code ran out: `confirmation.expired`, then cancelled. Answers the error later verifies get. */
  async expire(transaction: Transaction, now: Date): Promise<DomainError> {
    const error = confirmationExpired();
    await this.cancel(transaction, closingOf(error), now, ['confirmation.expired']);
    return error;
  }

  /** Cancels it, its confirmation answering `closedWith` from now on, with `transaction.cancelled` after the events `before` names. */
  async cancel(
    transaction: Transaction,
    closedWith: ClosingError,
    now: Date,
    before: 'confirmation.expired'[] = [],
  ): Promise<void> {
    transaction.cancelAwaiting(closedWith, now);
    await this.payments.save(transaction);
    const view = await this.transactions.get(transaction.organisationId, transaction.id);
    const events: EventToRecord[] = [...before, 'transaction.cancelled' as const].map((type) => ({
      type,
      organisationId: transaction.organisationId,
      resource: view,
    }));
    await this.events.recordAll(events);
  }
}

export const closingOf = (error: DomainError): ClosingError => ({
  kind: error.kind,
  code: error.code,
  message: error.message,
});
