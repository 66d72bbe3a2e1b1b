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

  /** The PDF of the booking's newest invoice (what its receipt email attaches); `null` while it has none. */
  async newestOfBooking(organisationId: string, bookingId: string): Promise<{ bytes: Buffer; number: string } | null> {
    const { items } = await this.queries.list(organisationId, { bookingId }, { page: 1, limit: 1 });
    if (!items.length) return null;
    const { invoice, balance } = items[0];
    return { bytes: await this.renderer.pdf(invoice, balance), number: invoice.number };
  }
}
