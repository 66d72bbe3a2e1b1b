import type { Invoice } from './invoice.js';

/** Writes of invoices, each inside the caller's transaction. */
export abstract class InvoiceRepository {
  /**
   * The business's next invoice number (1, 2, …), taken from its counter row, locked until the
   * caller's transaction ends: concurrent check-outs of one business queue here, and a rollback
   * gives the number back, so numbers have no gaps.
   */
  abstract nextNumber(businessId: string): Promise<number>;
  abstract save(invoice: Invoice): Promise<void>;
  /** The invoice of a transaction with its row locked, or `null` (a transaction issued before invoices, or a cancellation fee's). */
  abstract lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null>;
}
