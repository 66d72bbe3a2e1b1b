import { type Cents, newUuid, nextUpdatedAt, sumCents } from '@app/shared/domain';
import {
  type AdjustmentTransaction,
  CLAIM_VOID,
  type PaymentTransaction,
  REFUND,
  REFUND_FAILED,
} from './payment-transaction.js';
import { taxRateOf, type Transaction } from './transaction.js';

/** `cancelled`: replaced by an invoice of other items for the same service, which took its payments. */
export type InvoiceStatus = 'open' | 'paid' | 'cancelled';

export interface InvoiceAddress {
  line1: string | null;
  line2: string | null;
  suburb: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  countryCode: string | null;
}

/** Who and where, as they were when the invoice was issued: a later rename does not rewrite it. */
export interface InvoiceParties {
  /** `gstRegistered` is absent from invoices issued before businesses said: they were registered. */
  business: { name: string; taxIdentifier: string; gstRegistered?: boolean };
  location: { name: string; address: InvoiceAddress; timeZone: string };
  provider: { name: string; providerNumber: string | null };
  client: { firstName: string; lastName: string };
}

export interface InvoiceItem {
  description: string;
  itemCode: string | null;
  serviceDate: string;
  quantity: number;
  unitAmount: Cents;
  /** Percent, as the billable item says (GST is 10; most health services are GST-free: 0). */
  taxRate: number;
  /** The GST within `amount`. */
  taxAmount: Cents;
  /** What the line costs, GST included: `quantity × unitAmount`. */
  amount: Cents;
}

export interface InvoicePayment {
  /** The check-out that took it. */
  transactionId: string;
  source: PaymentTransaction['source'];
  amount: Cents;
  createdAt: Date;
  /** A claim's benefit its void took back (`amountPaid` leaves it out); not in answers. */
  voided: boolean;
}

/** The money side of an invoice, from the payment transactions of its transaction. */
export interface InvoiceBalance {
  payments: InvoicePayment[];
  amountPaid: Cents;
  amountRefunded: Cents;
  amountDue: Cents;
}

/** How an invoice's number is printed: `INV-` and at least six digits. */
export const INVOICE_NUMBER = { prefix: 'INV-', digits: 6 } as const;

/** The number as printed, from the count of its business's invoices (`INVOICE_NUMBER`). */
export const invoiceNumber = (count: number) =>
  `${INVOICE_NUMBER.prefix}${String(count).padStart(INVOICE_NUMBER.digits, '0')}`;

/**
 * What a service was billed, as a tax invoice: its items with their GST, and the parties as they
 * were. One per service: the booking's first check-out issues it (`transactionId`), and a later
 * check-out of the same items pays it (`transactionIds` are every check-out that pays it). Its
 * `total` never changes; payments, refunds and what is due are read from those check-outs' payment
 * transactions (`balanceOf`), and `status` follows them. A check-out of other items cancels it
 * (`cancelled`) and issues its replacement, which takes every check-out it had.
 */
export class Invoice {
  id: string;
  organisationId: string;
  businessId: string;
  bookingId: string;
  transactionId: string;
  /** Every check-out that pays it, the issuing one first. */
  transactionIds: string[];
  /**
   * For a cancellation or no-show fee, a supply of its own: not the service's invoice, which a
   * later check-out pays or replaces. Not in answers.
   */
  fee: boolean;
  clientId: string;
  number: string;
  status: InvoiceStatus;
  issuedAt: Date;
  parties: InvoiceParties;
  items: InvoiceItem[];
  subtotal: Cents;
  taxAmount: Cents;
  total: Cents;
  createdAt: Date;
  updatedAt: Date;

  /**
   * The invoice of a check-out's transaction; `paymentTransactions` are what the check-out took and,
   * replacing `replaced` (cancelled by the caller), what its check-outs took (its status follows
   * them). Its `number` is given as it is stored, in the statement that takes it from its business's
   * counter (`PaymentsRepository.addCheckOut`): empty until then.
   */
  static issue(
    transaction: Transaction,
    paymentTransactions: readonly PaymentTransaction[],
    booking: { id: string; clientId: string; serviceDate: Date },
    parties: InvoiceParties,
    now: Date,
    replaced: Invoice | null = null,
  ): Invoice {
    const invoice = new Invoice();
    invoice.id = newUuid();
    invoice.organisationId = transaction.organisationId;
    invoice.businessId = transaction.businessId;
    invoice.bookingId = booking.id;
    invoice.transactionId = transaction.id;
    invoice.transactionIds = [...(replaced?.transactionIds ?? []), transaction.id];
    invoice.fee = false;
    invoice.clientId = booking.clientId;
    invoice.number = '';
    invoice.issuedAt = now;
    invoice.parties = parties;
    invoice.items = transaction.items.map((item) => {
      const taxRate = taxRateOf(item);
      return {
        description: item.description,
        itemCode: item.itemCode,
        serviceDate: booking.serviceDate.toISOString(),
        quantity: item.quantity ?? 1,
        unitAmount: item.chargeAmount / (item.quantity ?? 1),
        taxRate,
        taxAmount: gstWithin(item.chargeAmount, taxRate),
        amount: item.chargeAmount,
      };
    });
    invoice.taxAmount = sumCents(invoice.items.map((item) => item.taxAmount));
    invoice.total = sumCents(invoice.items.map((item) => item.amount));
    invoice.subtotal = invoice.total - invoice.taxAmount;
    invoice.status = invoice.balanceOf(paymentTransactions).amountDue === 0 ? 'paid' : 'open';
    invoice.createdAt = now;
    invoice.updatedAt = now;
    return invoice;
  }

  /** The invoice of a cancellation or no-show fee, charged as its own transaction of one item. */
  static forFee(
    transaction: Transaction,
    payment: PaymentTransaction,
    booking: { id: string; clientId: string; serviceDate: Date },
    parties: InvoiceParties,
    now: Date,
  ): Invoice {
    const invoice = Invoice.issue(transaction, [payment], booking, parties, now);
    invoice.fee = true;
    return invoice;
  }

  /**
   * Payments are the settled payment transactions (a card payment, a health fund or Medicare
   * benefit; a voided claim's is taken back by its adjustment), refunds the card refunds less those
   * the processor could not make. A refund is money given back, not a debt again: `amountDue = max(0, total − amountPaid)`.
   */
  balanceOf(paymentTransactions: readonly PaymentTransaction[]): InvoiceBalance {
    // A cancelled invoice is owed nothing: its replacement took its payments.
    if (this.status === 'cancelled') return { payments: [], amountPaid: 0, amountRefunded: 0, amountDue: 0 };
    const settled = paymentTransactions.filter(
      (paymentTransaction) =>
        paymentTransaction.isSettled() && this.transactionIds.includes(paymentTransaction.transactionId ?? ''),
    );
    const payments = settled.map((paymentTransaction) => ({
      transactionId: paymentTransaction.transactionId!,
      source: paymentTransaction.source,
      amount: paymentTransaction.amount,
      createdAt: paymentTransaction.createdAt,
      voided: paymentTransaction.adjustments.some((adjustment) => adjustment.source === CLAIM_VOID),
    }));
    const adjustments = settled.flatMap((paymentTransaction) => paymentTransaction.adjustments);
    const isRefund = (adjustment: AdjustmentTransaction) =>
      adjustment.source === REFUND || adjustment.source === REFUND_FAILED;
    // A return of an overpayment (a prepaid booking's claim paid part) is money the payer holds no
    // longer, not a refund of the price; a failure of one gives it back.
    const overpaymentIds = new Set(adjustments.filter((adjustment) => adjustment.overpayment).map(({ id }) => id));
    const isReturn = (adjustment: AdjustmentTransaction) =>
      overpaymentIds.has(adjustment.id) ||
      (adjustment.reverses !== undefined && overpaymentIds.has(adjustment.reverses));
    const voided = sumCents(
      adjustments.filter((adjustment) => !isRefund(adjustment)).map((adjustment) => -adjustment.amount),
    );
    const returned = sumCents(adjustments.filter(isReturn).map((adjustment) => -adjustment.amount));
    const amountPaid = sumCents(payments.map((payment) => payment.amount)) - voided - returned;
    const amountRefunded = sumCents(
      adjustments
        .filter((adjustment) => isRefund(adjustment) && !isReturn(adjustment))
        .map((adjustment) => -adjustment.amount),
    );
    return { payments, amountPaid, amountRefunded, amountDue: Math.max(0, this.total - amountPaid) };
  }

  /**
   * Its money changed (paid by link, refunded, a claim voided): the status follows what is due, and
   * `updatedAt` moves so a sync sees the new balance. Answers whether it has just become paid.
   */
  settle(balance: InvoiceBalance, now: Date): boolean {
    if (this.status === 'cancelled') return false;
    const status: InvoiceStatus = balance.amountDue === 0 ? 'paid' : 'open';
    const becamePaid = status === 'paid' && this.status !== 'paid';
    this.status = status;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return becamePaid;
  }

  /** Just issued to replace another: its status from all the money of the check-outs it takes, the earlier ones too. */
  settleIssued(balance: InvoiceBalance): void {
    this.status = balance.amountDue === 0 ? 'paid' : 'open';
  }

  /** A later check-out of the same items pays it: its money counts from now on (`settle` follows). */
  takes(transactionId: string, now: Date): void {
    if (!this.transactionIds.includes(transactionId)) this.transactionIds = [...this.transactionIds, transactionId];
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** Replaced by an invoice of other items for the same service, which takes its check-outs. */
  cancel(now: Date): void {
    this.status = 'cancelled';
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }
}

/**
 * Whether the transaction bills what the invoice does: the same lines, in order, at the same prices
 * and GST. A check-out of the same items pays the booking's invoice; one of other items replaces it.
 */
export function billsSame(invoice: Invoice, transaction: Transaction): boolean {
  return (
    invoice.items.length === transaction.items.length &&
    transaction.items.every((item, index) => {
      const line = invoice.items[index];
      return (
        line.description === item.description &&
        line.itemCode === item.itemCode &&
        line.amount === item.chargeAmount &&
        line.quantity === (item.quantity ?? 1) &&
        line.taxRate === taxRateOf(item)
      );
    })
  );
}

/** Whether the invoice is a tax invoice: its business was registered for GST when it was issued. */
export const isTaxInvoice = (invoice: Invoice): boolean => invoice.parties.business.gstRegistered !== false;

/** The GST inside a GST-inclusive amount at `rate` percent, to the cent: amount × rate / (100 + rate). */
export function gstWithin(amount: Cents, rate: number): Cents {
  return rate > 0 ? Math.round((amount * rate) / (100 + rate)) : 0;
}
