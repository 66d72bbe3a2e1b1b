import type { AdjustmentNote } from '../../ledger/domain/adjustment-note.js';
import type { Invoice, InvoiceBalance } from '../../ledger/domain/invoice.js';

/** Prints an invoice (a one-page PDF, a tax invoice, and a receipt too once it is paid) and its adjustment notes. */
export abstract class InvoiceRenderer {
  abstract pdf(invoice: Invoice, balance: InvoiceBalance): Promise<Buffer>;
  /** A one-page "Adjustment note": the invoice it adjusts, why, by how much, and the GST in that. */
  abstract notePdf(note: AdjustmentNote, invoice: Invoice): Promise<Buffer>;
}
