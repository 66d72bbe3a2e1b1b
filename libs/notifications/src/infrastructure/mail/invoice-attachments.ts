import { Injectable } from '@nestjs/common';
import { InvoiceDocuments } from '@app/payments-and-claims';
import { type Attachment, MessageAttachments } from '../../domain/mailer.js';

/** A receipt carries the booking's tax invoice as a PDF, made when the email goes out; other messages carry nothing. */
@Injectable()
export class InvoiceAttachments extends MessageAttachments {
  constructor(private readonly invoices: InvoiceDocuments) {
    super();
  }

  async of(message: { organisationId: string; type: string; bookingId: string }): Promise<Attachment[]> {
    if (message.type !== 'receipt') return [];
    const invoice = await this.invoices.newestOfBooking(message.organisationId, message.bookingId);
    return invoice
      ? [{ filename: `Tax invoice ${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.bytes }]
      : [];
  }
}
