import { type Cents, newUuid } from '@app/shared/domain';
import { type Invoice, isTaxInvoice } from './invoice.js';

/**
 * Why a note adjusts its invoice: part of its price given back (`refund`), that refund never made
 * (`refund_failed`, reversing the refund's note), or the invoice replaced by one of other items
 * (`invoice_cancelled`).
 */
export type AdjustmentReason = 'refund' | 'refund_failed' | 'invoice_cancelled';

/** How a note's number is printed: `AN-` and at least six digits. */
export const ADJUSTMENT_NOTE_NUMBER = { prefix: 'AN-', digits: 6 } as const;

/**
 * An adjustment note, as the GST law asks of a business registered for GST when the price of a
 * taxable sale it invoiced goes down (a refund) or the sale is undone (its invoice cancelled): it
 * names the invoice it adjusts, by how much, and the GST in that. Numbered per business without
 * gaps (`AN-000001`), as invoices are. Never changes once issued; a refund that fails is reversed
 * by a note of its own.
 */
export class AdjustmentNote {
  id: string;
  organisationId: string;
  businessId: string;
  invoiceId: string;
  /** Given as it is stored, from its business's counter: empty until then. */
  number: string;
  issuedAt: Date;
  reason: AdjustmentReason;
  /** Cents, GST included, taken off the invoice's price: negative on a note that reverses one. */
  amount: Cents;
  /** The GST within `amount`, in cents. */
  taxAmount: Cents;
  /** The refund (its adjustment's id) the note is for, or reverses; `null` for a cancellation. */
  refundId: string | null;
  createdAt: Date;

  private static of(
    invoice: Invoice,
    props: Pick<AdjustmentNote, 'reason' | 'amount' | 'taxAmount' | 'refundId'>,
    now: Date,
  ): AdjustmentNote {
    const note = new AdjustmentNote();
    note.id = newUuid();
    note.organisationId = invoice.organisationId;
    note.businessId = invoice.businessId;
    note.invoiceId = invoice.id;
    note.number = '';
    note.issuedAt = now;
    Object.assign(note, props);
    note.createdAt = now;
    return note;
  }

  /**
   * The note of a refund of `amount` cents of the invoice's money, when the law asks for one: the
   * invoice is a tax invoice (its business registered for GST) and carries GST. Its GST is the
   * invoice's in proportion, `amount × taxAmount ÷ total`, to the cent. `null` otherwise.
   */
  static forRefund(invoice: Invoice, refund: { id: string; amount: Cents }, now: Date): AdjustmentNote | null {
    if (!isTaxInvoice(invoice) || invoice.taxAmount === 0 || invoice.total === 0) return null;
    const taxAmount = Math.round((refund.amount * invoice.taxAmount) / invoice.total);
    return AdjustmentNote.of(invoice, { reason: 'refund', amount: refund.amount, taxAmount, refundId: refund.id }, now);
  }

  /** The note that reverses a refund's note: the refund was never made, so the price stands again. */
  static reversing(invoice: Invoice, note: AdjustmentNote, now: Date): AdjustmentNote {
    return AdjustmentNote.of(
      invoice,
      { reason: 'refund_failed', amount: -note.amount, taxAmount: -note.taxAmount, refundId: note.refundId },
      now,
    );
  }

  /** The note of an invoice cancelled (replaced by one of other items): its whole price and GST. */
  static forCancellation(invoice: Invoice, now: Date): AdjustmentNote {
    return AdjustmentNote.of(
      invoice,
      { reason: 'invoice_cancelled', amount: invoice.total, taxAmount: invoice.taxAmount, refundId: null },
      now,
    );
  }
}
