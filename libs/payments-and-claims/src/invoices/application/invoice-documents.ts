import { Injectable } from '@nestjs/common';
import { InvoiceRenderer } from '../domain/invoice-renderer.js';
import { InvoiceQueries } from './invoice.queries.js';

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
  async pdfIfAny(organisationId: string, invoiceId: string): Promise<{ bytes: Buffer; number: string } | null> {
    const found = await this.queries.find(organisationId, invoiceId);
    return found
      ? { bytes: await this.renderer.pdf(found.invoice, found.balance), number: found.invoice.number }
      : null;
  }

  /** The PDF of the booking's invoice, the newest not cancelled; `null` while it has none. */
  async currentOfBooking(organisationId: string, bookingId: string): Promise<{ bytes: Buffer; number: string } | null> {
    const { items } = await this.queries.list(organisationId, { bookingId }, { page: 1, limit: 10 });
    const current = items.find(({ invoice }) => invoice.status !== 'cancelled');
    return current
      ? { bytes: await this.renderer.pdf(current.invoice, current.balance), number: current.invoice.number }
      : null;
  }
}
