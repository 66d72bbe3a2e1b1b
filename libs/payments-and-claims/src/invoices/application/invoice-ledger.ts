import { Injectable } from '@nestjs/common';
import type { BookingToSettle } from '@app/scheduling';
import { DomainEvents, type EventToRecord } from '@app/shared/domain';
import { AdjustmentNote } from '../../ledger/domain/adjustment-note.js';
import { billsSame, Invoice, type InvoiceParties } from '../../ledger/domain/invoice.js';
import { InvoiceRepository } from '../domain/invoice.repository.js';
import type { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import type { Transaction } from '../../ledger/domain/transaction.js';
import type { BookingPartiesRead } from '../../ledger/application/booking-parties.js';
import { InvoiceQueries, type InvoiceView } from './invoice.queries.js';

/** What a check-out does to its booking's invoice (`InvoiceLedger.bill`). */
export interface Billing {
  /** The invoice the check-out issues, for it to write; `null` when it pays the booking's invoice. */
  issued: Invoice | null;
  /** The invoice whose money earlier check-outs hold too (the one it pays, or `issued` replacing one), settled once the check-out is written. */
  paying: Invoice | null;
  /** The note of the invoice `issued` replaces, written already. */
  notes: AdjustmentNote[];
}

/**
 * Invoices, inside the transaction of the change that moves their money: one per service. A
 * booking's first check-out issues one, which it writes with its transaction (numbered from its
 * business's counter), and marks its booking `invoiced`; a later check-out pays it or replaces it;
 * a link paid, a refund or a claim voided settles it again. `invoice.created` and `invoice.paid`
 * are recorded with it.
 */
@Injectable()
export class InvoiceLedger {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly queries: InvoiceQueries,
    private readonly events: DomainEvents,
  ) {}

  /**
   * What a check-out bills, before it is written: the booking's first check-out issues its invoice;
   * a later one of the same items (`billsSame`) pays the booking's invoice; one of other items (a
   * corrected item after a claim's void) cancels it and issues its replacement, which takes the
   * check-outs it had. The check-out writes `issued` (`PaymentsRepository.addCheckOut`, which
   * numbers it) and then asks `billed` for the invoices' events.
   */
  async bill(
    booking: BookingToSettle,
    transaction: Transaction,
    paymentTransactions: readonly PaymentTransaction[],
    read: BookingPartiesRead,
    now: Date,
    { checkedOutBefore }: { checkedOutBefore: boolean },
  ): Promise<Billing> {
    const current = checkedOutBefore ? await this.invoices.lockOfBooking(transaction.organisationId, booking.id) : null;
    if (current && billsSame(current, transaction)) {
      current.takes(transaction.id, now);
      return { issued: null, paying: current, notes: [] };
    }
    const notes: AdjustmentNote[] = [];
    if (current) {
      current.cancel(now);
      await this.invoices.save(current);
      notes.push(AdjustmentNote.forCancellation(current, now));
      await this.invoices.addNote(notes[0]);
    }
    const parties = partiesOf(transaction, read);
    const issued = Invoice.issue(transaction, paymentTransactions, booking, parties, now, current);
    return { issued, paying: current ? issued : null, notes };
  }

  /**
   * The invoice of a cancellation or no-show fee: a supply of its own, one item, apart from the
   * service's invoice. The fee's charge writes it (`PaymentsRepository.addCheckOut`, which numbers
   * it) and records its events (`billed`).
   */
  feeInvoice(
    booking: { id: string; clientId: string; serviceDate: Date },
    transaction: Transaction,
    payment: PaymentTransaction,
    read: BookingPartiesRead,
    now: Date,
  ): Billing {
    return {
      issued: Invoice.forFee(transaction, payment, booking, partiesOf(transaction, read), now),
      paying: null,
      notes: [],
    };
  }

  /**
   * Once the check-out is written, the events of what it billed, as the invoice's GET answers it:
   * `invoice.created` for an invoice it issued, and `invoice.paid` when the check-out paid it. An
   * invoice that earlier check-outs pay too has its status settled from all their money first.
   */
  async billed(
    billing: Billing,
    paymentTransactions: readonly PaymentTransaction[],
    now: Date,
  ): Promise<EventToRecord[]> {
    const { issued, paying, notes } = billing;
    const noted = notes.map((note) => ({
      type: 'adjustment_note.created' as const,
      organisationId: note.organisationId,
      resource: note,
    }));
    if (!paying) return this.eventsOf(issued!, paymentTransactions);
    const organisationId = paying.organisationId;
    const wasPaid = paying !== issued && paying.status === 'paid';
    // Written first with the check-out it takes, so that its balance counts that check-out's money.
    if (paying !== issued) await this.invoices.save(paying);
    const { balance } = await this.queries.get(organisationId, paying.id);
    if (paying === issued) {
      paying.settleIssued(balance);
      await this.invoices.saveSettled(paying);
    } else {
      paying.settle(balance, now);
      await this.invoices.save(paying);
    }
    // Its status moved, its payments did not: the balance read above is the one its GET answers.
    const view: InvoiceView = { invoice: paying, balance };
    const paid = paying.status === 'paid' && !wasPaid;
    return [
      ...noted,
      ...(paying === issued ? [{ type: 'invoice.created' as const, organisationId, resource: view }] : []),
      ...(paid ? [{ type: 'invoice.paid' as const, organisationId, resource: view }] : []),
    ];
  }

  /**
   * `invoice.created` for an invoice just issued and written, and `invoice.paid` when it was paid
   * at once, as its GET answers it: its balance is that of `paymentTransactions`, all its
   * transaction has.
   */
  private eventsOf(invoice: Invoice, paymentTransactions: readonly PaymentTransaction[]): EventToRecord[] {
    const view: InvoiceView = { invoice, balance: invoice.balanceOf(paymentTransactions) };
    const organisationId = invoice.organisationId;
    return [
      { type: 'invoice.created', organisationId, resource: view },
      ...(invoice.status === 'paid' ? [{ type: 'invoice.paid' as const, organisationId, resource: view }] : []),
    ];
  }

  /** The money of the transaction changed: its invoice (if it has one) follows, and says so once it is paid. */
  async settle(organisationId: string, transactionId: string, now: Date): Promise<Invoice | null> {
    const invoice = await this.invoices.lockOfTransaction(organisationId, transactionId);
    if (!invoice) return null;
    const { balance } = await this.queries.get(organisationId, invoice.id);
    const becamePaid = invoice.settle(balance, now);
    await this.invoices.save(invoice);
    if (becamePaid)
      await this.events.record('invoice.paid', organisationId, await this.queries.get(organisationId, invoice.id));
    return invoice;
  }

  /**
   * A refund of the transaction's money was made: its invoice follows, and gets the adjustment note
   * the GST law asks for when it is a tax invoice with GST (`AdjustmentNote.forRefund`).
   */
  async refunded(organisationId: string, transactionId: string, refund: { id: string; amount: number }, now: Date) {
    const invoice = await this.settle(organisationId, transactionId, now);
    const note = invoice && AdjustmentNote.forRefund(invoice, refund, now);
    if (note) await this.issueNote(note);
  }

  /** The refund was never made: its invoice follows, and a note reverses the refund's note, if it had one. */
  async refundFailed(organisationId: string, transactionId: string, refundId: string, now: Date): Promise<void> {
    const invoice = await this.settle(organisationId, transactionId, now);
    const note = invoice && (await this.invoices.noteOfRefund(organisationId, refundId));
    if (note) await this.issueNote(AdjustmentNote.reversing(invoice, note, now));
  }

  /** Whether the transaction is a cancellation or no-show fee's (it issued a fee invoice): a supply apart from the service. */
  isFee(organisationId: string, transactionId: string): Promise<boolean> {
    return this.invoices.isFee(organisationId, transactionId);
  }

  private async issueNote(note: AdjustmentNote): Promise<void> {
    await this.invoices.addNote(note);
    await this.events.record('adjustment_note.created', note.organisationId, note);
  }
}

/** Who and where, as the check-out read them; an archived client is named as the transaction names it. */
function partiesOf(
  transaction: Transaction,
  { location, business, provider, providerNumber, client }: BookingPartiesRead,
): InvoiceParties {
  const [firstName = '', ...rest] = transaction.clientName.split(' ');
  return {
    business: { name: business.name, taxIdentifier: business.taxIdentifier, gstRegistered: business.gstRegistered },
    location: { name: location.name, address: location.address, timeZone: location.timeZone },
    provider: { name: provider ? `${provider.firstName} ${provider.lastName}` : '', providerNumber },
    client:
      client && !client.deleted
        ? { firstName: client.firstName, lastName: client.lastName }
        : { firstName, lastName: rest.join(' ') },
  };
}
