import type { Invoice } from '../../ledger/domain/invoice.js';

/** Writes of invoices, each inside the caller's transaction (a check-out's new one: `PaymentsRepository.addCheckOut`). */
export abstract class InvoiceRepository {
  abstract save(invoice: Invoice): Promise<void>;
  /** The status `settleIssued` gave an invoice a check-out's own statement wrote. */
  abstract saveSettled(invoice: Invoice): Promise<void>;
  /**
   * The invoice a check-out pays, with its row locked, or `null` (a transaction issued before
   * invoices, or a cancellation fee's). A cancelled invoice pays nothing: its replacement is found.
   */
  abstract lockOfTransaction(organisationId: string, transactionId: string): Promise<Invoice | null>;
  /** The booking's invoice (open or paid, not cancelled), with its row locked; `null` before its first check-out. */
  abstract lockOfBooking(organisationId: string, bookingId: string): Promise<Invoice | null>;
}
