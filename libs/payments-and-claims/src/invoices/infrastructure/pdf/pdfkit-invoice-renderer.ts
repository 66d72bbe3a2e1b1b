import PDFDocument from 'pdfkit';
import type { AdjustmentNote } from '../../../ledger/domain/adjustment-note.js';
import {
  type Invoice,
  type InvoiceAddress,
  type InvoiceBalance,
  isTaxInvoice,
} from '../../../ledger/domain/invoice.js';
import { InvoiceRenderer } from '../../domain/invoice-renderer.js';

const SOURCES: Record<string, string> = {
  payment: 'Card payment',
  health_fund_claim: 'Health fund benefit',
  medicare_claim: 'Medicare benefit',
};
const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const GREY = '#555555';

/** `$1,234.50` from cents. */
export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An ABN as it is printed: `51 824 753 556`. */
const abn = (taxIdentifier: string) =>
  /^\d{11}$/.test(taxIdentifier)
    ? taxIdentifier.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')
    : taxIdentifier;

const addressLines = (address: InvoiceAddress) =>
  [
    address.line1,
    address.line2,
    [address.suburb ?? address.city, address.state, address.postcode].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));

/** An A4 page with pdfkit's built-in Helvetica: no font files, nothing read from disk at run time. */
export class PdfkitInvoiceRenderer extends InvoiceRenderer {
  pdf(invoice: Invoice, balance: InvoiceBalance): Promise<Buffer> {
    return printed(`${titleOf(invoice)} ${invoice.number}`, invoice, (doc) => draw(doc, invoice, balance));
  }

  notePdf(note: AdjustmentNote, invoice: Invoice): Promise<Buffer> {
    return printed(`Adjustment note ${note.number}`, invoice, (doc) => drawNote(doc, note, invoice));
  }
}

/** One A4 document drawn by `drawn`, as bytes. */
function printed(title: string, invoice: Invoice, drawn: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: invoice.parties.business.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawn(doc);
  doc.end();
  return done;
}

/** A day as printed, `30 Nov 2026`, in the time zone of the invoice's location. */
const dayIn =
  (timeZone: string) =>
  (at: Date | string): string =>
    new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
      new Date(at),
    );

/** The document's title, then the business that issues it: its name, ABN and the location. */
function header(doc: PDFKit.PDFDocument, title: string, invoice: Invoice): void {
  const { business, location } = invoice.parties;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('black').text(title, MARGIN, MARGIN);
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(12).text(business.name);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`ABN ${abn(business.taxIdentifier)}`);
  doc.fillColor(GREY).text([location.name, ...addressLines(location.address)].join('\n'));
}

const REASONS: Record<AdjustmentNote['reason'], string> = {
  refund: 'Refund',
  refund_failed: 'Refund not made: reverses an earlier note',
  invoice_cancelled: 'Invoice cancelled and replaced',
};

/** The business and the note's facts, then what it adjusts: the invoice, the amount and the GST in it. */
function drawNote(doc: PDFKit.PDFDocument, note: AdjustmentNote, invoice: Invoice): void {
  const { client } = invoice.parties;
  const date = dayIn(invoice.parties.location.timeZone);
  header(doc, 'Adjustment note', invoice);
  let y = Math.max(doc.y, MARGIN + 60) + 24;
  const line = (label: string, value: string, bold = false) => {
    doc.font('Helvetica').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: 200 });
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor('black')
      .text(value, MARGIN + 200, y, { width: WIDTH - 200 });
    y += 18;
  };
  line('Note number', note.number, true);
  line('Date issued', date(note.issuedAt));
  line(
    `Adjusts ${isTaxInvoice(invoice) ? 'tax invoice' : 'invoice'}`,
    `${invoice.number}, issued ${date(invoice.issuedAt)}`,
  );
  line('Patient', `${client.firstName} ${client.lastName}`);
  line('Reason', REASONS[note.reason]);
  y += 8;
  line('Adjustment (incl. GST)', dollars(-note.amount), true);
  if (isTaxInvoice(invoice)) line('GST adjusted', dollars(-note.taxAmount), true);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(
      note.amount >= 0
        ? 'The price of the supply on the invoice above goes down by this amount.'
        : 'This note reverses an earlier note: the price of the supply on the invoice above stands again.',
      MARGIN,
      y + 12,
      { width: WIDTH },
    );
}

/** "Tax invoice" from a business registered for GST (the ATO's words); "Invoice" from one that is not. */
const titleOf = (invoice: Invoice) => (isTaxInvoice(invoice) ? 'Tax invoice' : 'Invoice');

function draw(doc: PDFKit.PDFDocument, invoice: Invoice, balance: InvoiceBalance): void {
  const withGst = isTaxInvoice(invoice);
  const { provider, client } = invoice.parties;
  const date = dayIn(invoice.parties.location.timeZone);
  const paid = invoice.status === 'paid';
  const status = { open: 'Open', paid: 'Paid', cancelled: 'Cancelled' }[invoice.status];

  header(doc, paid ? `${titleOf(invoice)} / Receipt` : titleOf(invoice), invoice);
  const belowBusiness = doc.y;

  // The invoice's facts, on the right.
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date issued', date(invoice.issuedAt)],
    ['Status', status],
  ];
  facts.forEach(([label, value], index) => {
    const y = MARGIN + 4 + index * 16;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(label, MARGIN + WIDTH - 230, y, { width: 100 });
    doc
      .font('Helvetica-Bold')
      .fillColor('black')
      .text(value, MARGIN + WIDTH - 130, y, { width: 130, align: 'right' });
  });

  // Patient and provider.
  let y = Math.max(belowBusiness, MARGIN + 60) + 24;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text('Patient', MARGIN, y);
  doc.text('Provider', MARGIN + WIDTH / 2, y);
  doc.font('Helvetica').text(`${client.firstName} ${client.lastName}`, MARGIN, y + 14);
  doc.text(provider.name, MARGIN + WIDTH / 2, y + 14);
  if (provider.providerNumber) doc.text(`Provider number ${provider.providerNumber}`, MARGIN + WIDTH / 2, y + 28);

  // Items.
  // Without GST, the description takes the GST column's room.
  const columns = [
    { label: 'Item', x: MARGIN, width: 55, align: 'left' as const },
    { label: 'Description', x: MARGIN + 60, width: withGst ? 190 : 265, align: 'left' as const },
    { label: 'Service date', x: MARGIN + (withGst ? 255 : 330), width: 75, align: 'left' as const },
    ...(withGst ? [{ label: 'GST', x: MARGIN + 335, width: 70, align: 'right' as const }] : []),
    { label: 'Amount', x: MARGIN + 410, width: WIDTH - 410, align: 'right' as const },
  ];
  y += 62;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  for (const column of columns) doc.text(column.label, column.x, y, { width: column.width, align: column.align });
  y += 14;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor('#bbbbbb')
    .lineWidth(0.5)
    .stroke();
  y += 6;
  doc.font('Helvetica').fontSize(10).fillColor('black');
  for (const item of invoice.items) {
    const cells = [
      item.itemCode ?? '',
      item.quantity > 1 ? `${item.description} (${item.quantity} × ${dollars(item.unitAmount)})` : item.description,
      date(item.serviceDate),
      ...(withGst ? [dollars(item.taxAmount)] : []),
      dollars(item.amount),
    ];
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index].width })));
    cells.forEach((cell, index) =>
      doc.text(cell, columns[index].x, y, { width: columns[index].width, align: columns[index].align }),
    );
    y += height + 6;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor('#bbbbbb')
    .stroke();

  // Totals, then payments, right-aligned under the amounts.
  y += 10;
  const row = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('black');
    doc.text(label, MARGIN + 235, y, { width: 170, align: 'right' });
    doc.text(value, MARGIN + 410, y, { width: WIDTH - 410, align: 'right' });
    y += 16;
  };
  if (withGst) {
    row('Subtotal (excl. GST)', dollars(invoice.subtotal));
    row('GST', dollars(invoice.taxAmount));
    row('Total (incl. GST)', dollars(invoice.total), true);
  } else {
    row('Total', dollars(invoice.total), true);
  }
  y += 8;
  for (const payment of balance.payments)
    row(`${SOURCES[payment.source] ?? payment.source}, ${date(payment.createdAt)}`, dollars(-payment.amount));
  // What the payments above no longer hold: claims their void took back, and money paid beyond
  // the price (a prepaid booking's claim paid part of it) given back to the card.
  const received = balance.payments.reduce((sum, payment) => sum + payment.amount, 0);
  const voided = balance.payments.filter((payment) => payment.voided).reduce((sum, payment) => sum + payment.amount, 0);
  // Shown against the payments (which are shown as minus): what they no longer pay adds back.
  if (voided > 0) row('Claims voided', dollars(voided));
  if (received - voided !== balance.amountPaid)
    row('Overpayment returned', dollars(received - voided - balance.amountPaid));
  row('Amount paid', dollars(balance.amountPaid));
  if (balance.amountRefunded > 0) row('Refunded', dollars(balance.amountRefunded));
  row('Amount due', dollars(balance.amountDue), true);

  if (!withGst) return;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(
      invoice.taxAmount === 0
        ? 'All items are GST-free.'
        : 'Items with GST show it in the GST column; the total includes it.',
      MARGIN,
      y + 20,
      {
        width: WIDTH,
      },
    );
}
