import { Injectable } from '@nestjs/common';
import { InvoiceDocuments } from '@app/payments-and-claims';
import { type Attachment, MessageAttachments } from '../../domain/mailer.js';

/** A receipt carries its invoice as a PDF, made when the email goes out; other messages carry nothing. */
@Injectable()
export class InvoiceAttachments extends MessageAttachments {
  constructor(private readonly invoices: InvoiceDocuments) {
    super();
  }

  async of(message: {
    organisationId: string;
    type: string;
    bookingId: string;
    occurrence: string;
  }): Promise<Attachment[]> {
    if (message.type !== 'receipt') return [];
    // A receipt is for the invoice it names (its occurrence); one planned before receipts named theirs, the booking's.
    const invoice =
      (await this.invoices.pdfIfAny(message.organisationId, message.occurrence)) ??
      (await this.invoices.currentOfBooking(message.organisationId, message.bookingId));
    return invoice
      ? [{ filename: `${invoice.title} ${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.bytes }]
      : [];
  }
}
