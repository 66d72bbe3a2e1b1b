import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader } from '@app/shared';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { Invoice } from '../../../ledger/domain/invoice.js';
import { type InvoiceFilters, type InvoiceView, InvoiceQueries } from '../../application/invoice.queries.js';
import { PaymentTransaction } from '../../../ledger/domain/payment-transaction.js';
import { invoiceNotFound } from '../../../ledger/domain/payments.errors.js';

const INVOICES = ReadModel.of(Invoice, 'i');
const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');

/** Reads of an organisation's invoices: a page costs two statements and one more for the payments. */
@Injectable()
export class SqlInvoiceQueries extends InvoiceQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  /** Newest first; with `updatedSince`, from that time on in `updatedAt, id` order. */
  async list(organisationId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<InvoiceView>> {
    const values: unknown[] = [organisationId];
    const where = ['i.organisation_id = $1'];
    const add = (condition: (at: string) => string, value: unknown) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filters.clientId) add((at) => `i.client_id = ${at}::uuid`, filters.clientId);
    if (filters.bookingId) add((at) => `i.booking_id = ${at}::uuid`, filters.bookingId);
    if (filters.issuedAtMin) add((at) => `i.issued_at >= ${at}`, filters.issuedAtMin);
    if (filters.issuedAtMax) add((at) => `i.issued_at < ${at}`, filters.issuedAtMax);
    if (filters.status) add((at) => `i.status = ${at}`, filters.status);
    const window = listWindow('i', page, 'i.issued_at desc, i.id desc', values.length + 1);
    const condition = `where ${where.join(' and ')}${window.condition}`;
    const windowValues = [...values, ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(
        INVOICES,
        `${condition} order by ${window.orderBy} limit $${windowValues.length + 1} offset $${windowValues.length + 2}`,
        [...windowValues, page.limit, offsetOf(page)],
      ),
      this.sql.count(INVOICES, condition, windowValues),
    ]);
    return pageOf(await this.withBalances(items), total, page);
  }

  async get(organisationId: string, invoiceId: string): Promise<InvoiceView> {
    const invoice = isUuid(invoiceId)
      ? await this.sql.first(INVOICES, 'where i.organisation_id = $1 and i.id = $2', [organisationId, invoiceId])
      : null;
    if (!invoice) throw invoiceNotFound(invoiceId);
    const [view] = await this.withBalances([invoice]);
    return view;
  }

  /** Each invoice's balance, from the payment transactions of its transaction, in one statement. */
  private async withBalances(invoices: Invoice[]): Promise<InvoiceView[]> {
    if (invoices.length === 0) return [];
    const paymentTransactions = await this.sql.select(
      PAYMENT_TRANSACTIONS,
      'where pt.transaction_id = any($1) order by pt.created_at, pt.id',
      [invoices.map((invoice) => invoice.transactionId)],
    );
    const byTransaction = Map.groupBy(paymentTransactions, (paymentTransaction) => paymentTransaction.transactionId);
    return invoices.map((invoice) => ({
      invoice,
      balance: invoice.balanceOf(byTransaction.get(invoice.transactionId) ?? []),
    }));
  }
}
