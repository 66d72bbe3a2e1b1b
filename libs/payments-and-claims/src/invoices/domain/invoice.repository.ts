import type { Invoice } from '../../ledger/domain/invoice.js';

/** Writes of invoices, each inside the caller's transaction (a check-out's new one: `PaymentsRepository.addCheckOut`). */
export abstract class InvoiceRepository {
  abstract save(invoice: Invoice): Promise<void>;
  /** The invoice of a transaction with its row locked, or `null` (a transaction issued before invoices, or a cancellation fee's). */
  abstract lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null>;
}
