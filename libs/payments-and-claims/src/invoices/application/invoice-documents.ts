import { Injectable } from '@nestjs/common';
import { InvoiceRenderer } from '../domain/invoice-renderer.js';
import { InvoiceQueries, type InvoiceView } from './invoice.queries.js';
import { isTaxInvoice } from '../../ledger/domain/invoice.js';

/** An invoice's PDF for an email to attach: its bytes, number and title ("Tax invoice", or "Invoice" from a business not registered for GST). */
export interface InvoiceDocument {
  bytes: Buffer;
  number: string;
  title: string;
}

/** An invoice as a document: its PDF by id, for the API's `Accept: application/pdf` and for emails that attach it. */
@Injectable()
export class InvoiceDocuments {
  constructor(
    private readonly queries: InvoiceQueries,
    private readonly renderer: InvoiceRenderer,
  ) {}

  /** The one-page PDF of the organisation's invoice (404 when it has none of this id), and the invoice's number and version. */
  async pdf(organisationId: string, invoiceId: string): Promise<{ bytes: Buffer; number: string; updatedAt: Date }> {
    const { invoice, balance } = await this.queries.get(organisationId, invoiceId);
    return { bytes: await this.renderer.pdf(invoice, balance), number: invoice.number, updatedAt: invoice.updatedAt };
  }

  /** The one-page PDF of an adjustment note of the invoice (404 when it has none of this id), and its number. */
  async notePdf(organisationId: string, invoiceId: string, noteId: string): Promise<{ bytes: Buffer; number: string }> {
    const { note, invoice } = await this.queries.note(organisationId, invoiceId, noteId);
    return { bytes: await this.renderer.notePdf(note, invoice), number: note.number };
  }

  /** The PDF of the organisation's invoice of this id; `null` when it has none (a receipt that names none). */
  async pdfIfAny(organisationId: string, invoiceId: string): Promise<InvoiceDocument | null> {
    const found = await this.queries.find(organisationId, invoiceId);
    return found ? this.document(found) : null;
  }

  /** The PDF of the booking's invoice, the newest not cancelled; `null` while it has none. */
  async currentOfBooking(organisationId: string, bookingId: string): Promise<InvoiceDocument | null> {
    const { items } = await this.queries.list(organisationId, { bookingId }, { page: 1, limit: 10 });
    const current = items.find(({ invoice }) => invoice.status !== 'cancelled' && !invoice.fee);
    return current ? this.document(current) : null;
  }

  private async document({ invoice, balance }: InvoiceView): Promise<InvoiceDocument> {
    return {
      bytes: await this.renderer.pdf(invoice, balance),
      number: invoice.number,
      title: isTaxInvoice(invoice) ? 'Tax invoice' : 'Invoice',
    };
  }
}
