import type { ClientView } from '@app/membership';
import type { Location } from '@app/organisations';
import type { ProviderView } from '@app/practitioners';
import type { CardView } from '@app/wallet';
import type { Page, PageRequest } from '@app/shared/domain';
import type { Transaction } from '../domain/transaction.js';
import type { PaymentTransactionView } from './payment-transaction.queries.js';

/** A transaction with the people, places, cards and payment transactions its answer shows. */
export interface TransactionView {
  transaction: Transaction;
  paymentTransactions: PaymentTransactionView[];
  paymentMethod: CardView | null;
  healthFundCard: CardView | null;
  medicareCard: CardView | null;
  client: ClientView | null;
  serviceProvider: ProviderView | null;
  location: Location | null;
}

export interface TransactionFilters {
  bookingId?: string;
  clientId?: string;
  createdAtMin?: Date;
  createdAtMax?: Date;
}

/** Transactions as their answers show them; the newest of each booking in a fixed number of statements for any number of bookings. */
export abstract class TransactionQueries {
  /**
   * Each booking's newest transaction (its `latestTransaction`): one awaiting the patient's code
   * counts, one cancelled without it does not (it took nothing).
   */
  abstract latestOfBookings(
    organisationId: string,
    bookingIds: readonly string[],
  ): Promise<Map<string, TransactionView>>;
  /**
   * The organisation's transactions, newest first (`createdAt desc, id desc`); filters combine with
   * AND. In sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending.
   */
  abstract list(organisationId: string, filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionView>>;
  /** One transaction of the organisation, read as its answer shows it; `transaction_not_found` otherwise. */
  abstract get(organisationId: string, transactionId: string): Promise<TransactionView>;
}
