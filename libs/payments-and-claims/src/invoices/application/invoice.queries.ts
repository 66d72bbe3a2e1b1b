import type { Page, PageRequest } from '@app/shared/domain';
import type { Invoice, InvoiceBalance, InvoiceStatus } from '../../ledger/domain/invoice.js';

/** An invoice with what its transaction's payment transactions say of its money. */
export interface InvoiceView {
  invoice: Invoice;
  balance: InvoiceBalance;
}

export interface InvoiceFilters {
  clientId?: string;
  bookingId?: string;
  issuedAtMin?: Date;
  issuedAtMax?: Date;
  status?: InvoiceStatus;
}

/** Reads of an organisation's invoices: a page costs two statements and one more for the payments. */
export abstract class InvoiceQueries {
  /** Newest first; with `updatedSince`, from that time on in `updatedAt, id` order. */
  abstract list(organisationId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<InvoiceView>>;
  /** One invoice of the organisation with its balance; `invoice_not_found` otherwise. */
  abstract get(organisationId: string, invoiceId: string): Promise<InvoiceView>;
  /** As `get`, `null` when the organisation has no invoice of this id. */
  abstract find(organisationId: string, invoiceId: string): Promise<InvoiceView | null>;
}
