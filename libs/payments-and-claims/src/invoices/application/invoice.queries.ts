import type { Page, PageRequest } from '@app/shared/domain';
import type { AdjustmentNote } from '../../ledger/domain/adjustment-note.js';
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
  /** The invoice's adjustment notes, oldest first (`issuedAt, id`); `invoice_not_found` for another's invoice. */
  abstract notes(organisationId: string, invoiceId: string, page: PageRequest): Promise<Page<AdjustmentNote>>;
  /** One note of the invoice, with the invoice it adjusts; `adjustment_note_not_found` otherwise. */
  abstract note(
    organisationId: string,
    invoiceId: string,
    noteId: string,
  ): Promise<{ note: AdjustmentNote; invoice: Invoice }>;
}
