import type { Invoice, InvoiceBalance } from '../../ledger/domain/invoice.js';

/** Prints an invoice: a one-page PDF, a tax invoice, and a receipt too once it is paid. */
export abstract class InvoiceRenderer {
  abstract pdf(invoice: Invoice, balance: InvoiceBalance): Promise<Buffer>;
}
