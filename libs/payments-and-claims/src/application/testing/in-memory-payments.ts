import { Claim } from '../../domain/claim.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import { PaymentTransaction } from '../../domain/payment-transaction.js';
import { PaymentsRepository } from '../../domain/payments.repository.js';
import { Payout } from '../../domain/payout.js';
import { Transaction, type TransactionItem } from '../../domain/transaction.js';

type Saved = Transaction | PaymentTransaction | Claim | MedicareClaim | Payout;

/** Keeps payments in memory; each call stores all it is given or, when a rule throws, nothing. */
export class InMemoryPayments extends PaymentsRepository {
  /** What each `save` call was given: one entry per database transaction. */
  readonly saves: Saved[][] = [];
  readonly transactions: Transaction[] = [];
  readonly paymentTransactions: PaymentTransaction[] = [];
  readonly payouts: Payout[] = [];

  async findTransaction(organisationId: string, id: string): Promise<Transaction | null> {
    return this.transactions.find((transaction) => transaction.organisationId === organisationId && transaction.id === id) ?? null;
  }

  async save(...entities: Saved[]): Promise<void> {
    this.saves.push(entities);
    for (const entity of entities) {
      if (entity instanceof Transaction) this.transactions.push(entity);
      if (entity instanceof PaymentTransaction) this.paymentTransactions.push(copyOf(entity));
    }
  }

  async changePaymentTransaction(
    organisationId: string,
    id: string,
    change: (paymentTransaction: PaymentTransaction) => void,
  ): Promise<PaymentTransaction | null> {
    const index = this.paymentTransactions.findIndex((stored) => stored.organisationId === organisationId && stored.id === id);
    if (index === -1) return null;
    const paymentTransaction = copyOf(this.paymentTransactions[index]);
    change(paymentTransaction);
    this.paymentTransactions[index] = copyOf(paymentTransaction);
    return paymentTransaction;
  }

  async payOut(organisationId: string, businessId: string, ids: readonly string[], assemble: (transactions: PaymentTransaction[]) => Payout): Promise<Payout> {
    const locked = this.paymentTransactions
      .filter((stored) => stored.organisationId === organisationId && stored.businessId === businessId && ids.includes(stored.id))
      .map(copyOf);
    const payout = assemble(locked);
    this.payouts.push(payout);
    for (const changed of locked) this.paymentTransactions[this.paymentTransactions.findIndex((stored) => stored.id === changed.id)] = copyOf(changed);
    return payout;
  }
}

const copyOf = (paymentTransaction: PaymentTransaction): PaymentTransaction =>
  Object.assign(new PaymentTransaction(), structuredClone({ ...paymentTransaction }));

/** A sale's line with only a description and its charge. */
export const saleItem = (chargeAmount: number): Omit<TransactionItem, 'id'> => ({
  chargeAmount,
  description: 'Consult',
  clinicalCode: null,
  itemCode: null,
  billableItemId: null,
  appointmentTypeId: null,
  billableItem: null,
});
