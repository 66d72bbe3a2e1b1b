import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { ClientReader } from '@app/membership';
import { type Location, LocationReader } from '@app/organisations';
import { ProviderQueries, type ProviderRow } from '@app/practitioners';
import { type CardRead, WalletQueries } from '@app/wallet';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { transactionNotFound } from '../domain/payments.errors.js';
import { Transaction } from '../domain/transaction.js';
import { type PaymentTransactionRead, PaymentTransactionReader } from './payment-transaction.reader.js';

/** A transaction with the people, places, cards and payment transactions its answer shows. */
export interface TransactionRead {
  transaction: Transaction;
  paymentTransactions: PaymentTransactionRead[];
  paymentMethod: CardRead | null;
  healthFundCard: CardRead | null;
  medicareCard: CardRead | null;
  client: object | null;
  serviceProvider: ProviderRow | null;
  location: Location | null;
}

export interface TransactionFilters {
  bookingId?: string;
  clientId?: string;
  createdAtMin?: Date;
  createdAtMax?: Date;
}

/** The newest transaction of each booking, read in a fixed number of statements for any number of bookings. */
@Injectable()
export class TransactionReader {
  constructor(
    private readonly sql: SqlReader,
    private readonly paymentTransactions: PaymentTransactionReader,
    private readonly wallet: WalletQueries,
    private readonly clients: ClientReader,
    private readonly providers: ProviderQueries,
    private readonly locations: LocationReader,
  ) {}

  async latestOfBookings(organisationId: string, bookingIds: readonly string[]): Promise<Map<string, TransactionRead>> {
    if (bookingIds.length === 0) return new Map();
    const transactions = await this.sql.rows<{ id: string }>(
      `select distinct on (booking_id) id from transactions
       where organisation_id = $1 and booking_id = any($2) order by booking_id, created_at desc, id desc`,
      [organisationId, [...new Set(bookingIds)]],
    );
    const reads = await this.read(
      organisationId,
      transactions.map((row) => row.id),
    );
    return new Map(reads.map((read) => [read.transaction.bookingId!, read]));
  }

  /** The organisation's transactions, newest first (`createdAt desc, id desc`); filters combine with AND. */
  async list(organisationId: string, filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionRead>> {
    const conditions = ['organisation_id = $1'];
    const values: unknown[] = [organisationId];
    const where = (condition: string, value: unknown) => {
      values.push(value);
      conditions.push(condition.replace('?', `$${values.length}`));
    };
    if (filters.bookingId) where('booking_id = ?', filters.bookingId);
    if (filters.clientId) where('client_id = ?', filters.clientId);
    if (filters.createdAtMin) where('created_at >= ?', filters.createdAtMin);
    if (filters.createdAtMax) where('created_at < ?', filters.createdAtMax);
    const filter = `where ${conditions.join(' and ')}`;
    const [transactions, [{ total }]] = await Promise.all([
      this.sql.entities(Transaction, `${filter} order by created_at desc, id desc limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.rows<{ total: number }>(`select count(*)::int as total from transactions ${filter}`, values),
    ]);
    const reads = new Map((await this.read(organisationId, transactions.map((transaction) => transaction.id))).map((read) => [read.transaction.id, read]));
    return pageOf(
      transactions.map((transaction) => reads.get(transaction.id)!),
      total,
      page,
    );
  }

  /** One transaction of the organisation, read as its answer shows it. */
  async get(organisationId: string, transactionId: string): Promise<TransactionRead> {
    const [read] = isUuid(transactionId) ? await this.read(organisationId, [transactionId]) : [];
    if (!read || read.transaction.organisationId !== organisationId) throw transactionNotFound(transactionId);
    return read;
  }

  private async read(organisationId: string, ids: string[]): Promise<TransactionRead[]> {
    if (ids.length === 0) return [];
    const [transactions, paymentTransactions] = await Promise.all([
      this.sql.entities(Transaction, 'where id = any($1)', [ids]),
      this.sql.entities(PaymentTransaction, 'where transaction_id = any($1) order by created_at, id', [ids]),
    ]);
    const pick = (field: 'paymentMethodId' | 'healthFundCardId' | 'medicareCardId' | 'clientId' | 'serviceProviderId' | 'locationId') =>
      transactions.flatMap((transaction) => transaction[field] ?? []);
    const [paymentTransactionReads, cards, clients, providers, locations] = await Promise.all([
      this.paymentTransactions.read(organisationId, paymentTransactions, { withEventMembers: false }),
      this.wallet.cardsByIds(organisationId, [...pick('paymentMethodId'), ...pick('healthFundCardId'), ...pick('medicareCardId')]),
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
