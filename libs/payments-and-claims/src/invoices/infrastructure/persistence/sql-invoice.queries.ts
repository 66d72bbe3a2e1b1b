import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import { AdjustmentNote } from '../../../ledger/domain/adjustment-note.js';
import { Invoice } from '../../../ledger/domain/invoice.js';
import { type InvoiceFilters, type InvoiceView, InvoiceQueries } from '../../application/invoice.queries.js';
import { PaymentTransaction } from '../../../ledger/domain/payment-transaction.js';
import { adjustmentNoteNotFound, invoiceNotFound } from '../../../ledger/domain/payments.errors.js';

const INVOICES = ReadModel.of(Invoice, 'i');
const NOTES = ReadModel.of(AdjustmentNote, 'n');
const PAYMENT_TRANSACTIONS = ReadModel.of(PaymentTransaction, 'pt');

/** Reads of an organisation's invoices: a page costs two statements and one more for the payments. */
@Injectable()
export class SqlInvoiceQueries extends InvoiceQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  /** Newest first; with `updatedSince`, from that time on in `updatedAt, id` order. */
  async list(organisationId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<InvoiceView>> {
    const params = new SqlParams(organisationId);
    const where = ['i.organisation_id = $1'];
    if (filters.clientId) where.push(`i.client_id = ${params.add(filters.clientId)}::uuid`);
    if (filters.bookingId) where.push(`i.booking_id = ${params.add(filters.bookingId)}::uuid`);
    if (filters.issuedAtMin) where.push(`i.issued_at >= ${params.add(filters.issuedAtMin)}`);
    if (filters.issuedAtMax) where.push(`i.issued_at < ${params.add(filters.issuedAtMax)}`);
    if (filters.status) where.push(`i.status = ${params.add(filters.status)}`);
    const window = listWindow('i', page, 'i.issued_at desc, i.id desc', params);
    const found = await this.sql.page(
      INVOICES,
      `where ${where.join(' and ')}${window.condition}`,
      window.orderBy,
      params,
      page,
    );
    return { ...found, items: await this.withBalances(found.items) };
  }

  async get(organisationId: string, invoiceId: string): Promise<InvoiceView> {
    const view = await this.find(organisationId, invoiceId);
    if (!view) throw invoiceNotFound(invoiceId);
    return view;
  }

  async find(organisationId: string, invoiceId: string): Promise<InvoiceView | null> {
    const invoice = isUuid(invoiceId)
      ? await this.sql.first(INVOICES, 'where i.organisation_id = $1 and i.id = $2', [organisationId, invoiceId])
      : null;
    if (!invoice) return null;
    const [view] = await this.withBalances([invoice]);
    return view;
  }

  async notes(organisationId: string, invoiceId: string, page: PageRequest): Promise<Page<AdjustmentNote>> {
    const { invoice } = await this.get(organisationId, invoiceId);
    return this.sql.page(
      NOTES,
      'where n.organisation_id = $1 and n.invoice_id = $2',
      'n.issued_at, n.id',
      new SqlParams(organisationId, invoice.id),
      page,
    );
  }

  async note(
    organisationId: string,
    invoiceId: string,
    noteId: string,
  ): Promise<{ note: AdjustmentNote; invoice: Invoice }> {
    const { invoice } = await this.get(organisationId, invoiceId);
    const note = isUuid(noteId)
      ? await this.sql.first(NOTES, 'where n.organisation_id = $1 and n.invoice_id = $2 and n.id = $3', [
          organisationId,
          invoice.id,
          noteId,
        ])
      : null;
    if (!note) throw adjustmentNoteNotFound(noteId);
    return { note, invoice };
  }

  /** Each invoice's balance, from the payment transactions of the check-outs that pay it, in one statement. */
  private async withBalances(invoices: Invoice[]): Promise<InvoiceView[]> {
    if (invoices.length === 0) return [];
    const paymentTransactions = await this.sql.select(
      PAYMENT_TRANSACTIONS,
      'where pt.transaction_id = any($1) order by pt.created_at, pt.id',
      [[...new Set(invoices.flatMap((invoice) => invoice.transactionIds))]],
    );
    const byTransaction = Map.groupBy(paymentTransactions, (paymentTransaction) => paymentTransaction.transactionId);
    return invoices.map((invoice) => ({
      invoice,
      balance: invoice.balanceOf(invoice.transactionIds.flatMap((id) => byTransaction.get(id) ?? [])),
    }));
  }
}
