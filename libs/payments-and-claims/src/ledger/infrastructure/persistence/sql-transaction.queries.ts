import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { WalletCardQueries } from '@app/wallet';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import { PaymentTransaction } from '../../domain/payment-transaction.js';
import { transactionNotFound } from '../../domain/payments.errors.js';
import { Transaction } from '../../domain/transaction.js';
import { PaymentTransactionQueries } from '../../application/payment-transaction.queries.js';
import {
  type TransactionFilters,
  type TransactionView,
  TransactionQueries,
} from '../../application/transaction.queries.js';

export const TRANSACTIONS = ReadModel.of(Transaction, 't');
export const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');

/** Transactions read with `SqlReader`, and what they refer to through its owners' queries. */
@Injectable()
export class SqlTransactionQueries extends TransactionQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly paymentTransactions: PaymentTransactionQueries,
    private readonly wallet: WalletCardQueries,
    private readonly clients: ClientQueries,
    private readonly providers: PractitionerQueries,
    private readonly locations: DirectoryQueries,
  ) {
    super();
  }

  async latestOfBookings(organisationId: string, bookingIds: readonly string[]): Promise<Map<string, TransactionView>> {
    if (bookingIds.length === 0) return new Map();
    const transactions = await this.sql.select(
      TRANSACTIONS,
      `where t.id in (select distinct on (booking_id) id from transactions
                      where organisation_id = $1 and booking_id = any($2) and status <> 'cancelled'
                      order by booking_id, created_at desc, id desc)`,
      [organisationId, [...new Set(bookingIds)]],
    );
    const reads = await this.read(organisationId, transactions);
    return new Map(reads.map((read) => [read.transaction.bookingId!, read]));
  }

  /**
   * The organisation's transactions, newest first (`createdAt desc, id desc`); filters combine with
   * AND. In sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending.
   */
  async list(organisationId: string, filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionView>> {
    const params = new SqlParams(organisationId);
    const conditions = ['t.organisation_id = $1'];
    if (filters.bookingId) conditions.push(`t.booking_id = ${params.add(filters.bookingId)}`);
    if (filters.clientId) conditions.push(`t.client_id = ${params.add(filters.clientId)}`);
    if (filters.createdAtMin) conditions.push(`t.created_at >= ${params.add(filters.createdAtMin)}`);
    if (filters.createdAtMax) conditions.push(`t.created_at < ${params.add(filters.createdAtMax)}`);
    const window = listWindow('t', page, 't.created_at desc, t.id desc', params);
    const found = await this.sql.page(
      TRANSACTIONS,
      `where ${conditions.join(' and ')}${window.condition}`,
      window.orderBy,
      params,
      page,
    );
    return { ...found, items: await this.read(organisationId, found.items) };
  }

  /** One transaction of the organisation, read as its answer shows it. */
  async get(organisationId: string, transactionId: string): Promise<TransactionView> {
    const transaction = isUuid(transactionId)
      ? await this.sql.first(TRANSACTIONS, 'where t.organisation_id = $1 and t.id = $2', [
          organisationId,
          transactionId,
        ])
      : null;
    if (!transaction) throw transactionNotFound(transactionId);
    const [read] = await this.read(organisationId, [transaction]);
    return read;
  }

  private async read(organisationId: string, transactions: Transaction[]): Promise<TransactionView[]> {
    if (transactions.length === 0) return [];
    const paymentTransactions = await this.sql.select(
      PAYMENT_TRANSACTIONS,
      'where pt.transaction_id = any($1) order by pt.created_at, pt.id',
      [transactions.map((transaction) => transaction.id)],
    );
    const pick = (
      field:
        'paymentMethodId' | 'healthFundCardId' | 'medicareCardId' | 'clientId' | 'serviceProviderId' | 'locationId',
    ) => transactions.flatMap((transaction) => transaction[field] ?? []);
    const [paymentTransactionReads, cards, clients, providers, locations] = await Promise.all([
      this.paymentTransactions.read(organisationId, paymentTransactions, { withEventMembers: false }),
      this.wallet.cardsByIds(organisationId, [
        ...pick('paymentMethodId'),
        ...pick('healthFundCardId'),
        ...pick('medicareCardId'),
      ]),
      this.clients.findByIds(organisationId, pick('clientId')),
      this.providers.byIds(organisationId, pick('serviceProviderId')),
      this.locations.locations(organisationId, pick('locationId')),
    ]);
    const byTransaction = Map.groupBy(paymentTransactionReads, (read) => read.paymentTransaction.transactionId);
    const card = (id: string | null) => (id ? (cards.get(id) ?? null) : null);
    return transactions.map((transaction) => ({
      transaction,
      paymentTransactions: byTransaction.get(transaction.id) ?? [],
      paymentMethod: card(transaction.paymentMethodId),
      healthFundCard: card(transaction.healthFundCardId),
      medicareCard: card(transaction.medicareCardId),
      client: transaction.clientId ? (clients.get(transaction.clientId) ?? null) : null,
      serviceProvider: transaction.serviceProviderId ? (providers.get(transaction.serviceProviderId) ?? null) : null,
      location: transaction.locationId ? (locations.get(transaction.locationId) ?? null) : null,
    }));
  }
}
