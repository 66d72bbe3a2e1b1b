import type { AdjustmentNote } from '../../ledger/domain/adjustment-note.js';
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
  /** Whether the transaction is a cancellation or no-show fee's: it has a fee invoice, whatever its status. */
  abstract isFee(organisationId: string, transactionId: string): Promise<boolean>;
  /** The booking's service invoice (open or paid, not cancelled; not a fee's), with its row locked; `null` before its first check-out. */
  abstract lockOfBooking(organisationId: string, bookingId: string): Promise<Invoice | null>;
  /**
   * Writes the note, numbered from its business's counter (the number is set on `note`). The
   * counter's row stays locked until the caller's transaction ends: notes of one business are
   * numbered one after another, and a rollback gives the number back, so numbers have no gaps.
   */
  abstract addNote(note: AdjustmentNote): Promise<void>;
  /** The note of the refund (its adjustment's id), `null` when it had none. */
  abstract noteOfRefund(organisationId: string, refundId: string): Promise<AdjustmentNote | null>;
}
