import { assertCents, type Cents, CURRENCY, newUuid, nextUpdatedAt, sumCents } from '@app/shared/domain';
import { type ClosingError, CONFIRMATION_ATTEMPTS, CONFIRMATION_MINUTES, type Confirmation } from './confirmation.js';

/** A billable item as it was when charged: later price changes do not rewrite history. */
export interface BillableItemSnapshot {
  id: string;
  name: string;
  basePrice: Cents;
  totalPrice: Cents;
  taxAmount: Cents;
  taxRate: number;
  itemCode: string | null;
  pmsBillableItemId: string | null;
  serviceItem: {
    id: string | null;
    itemCode: string | null;
    category: string | null;
    description: string | null;
  } | null;
}

export interface TransactionItem {
  id: string;
  chargeAmount: Cents;
  description: string;
  clinicalCode: string | null;
  itemCode: string | null;
  billableItemId: string | null;
  appointmentTypeId: string | null;
  billableItem: BillableItemSnapshot | null;
  /**
   * GST in percent (0 or 10), GST included in `chargeAmount`: the billable item's, or what a typed
   * item says. Not in answers; left out by transactions made before it, whose billable item says.
   */
  taxRate?: number;
  /** How many of it an item typed at check-out bills; `chargeAmount` is the line's. Absent: 1. */
  quantity?: number;
}

/** The GST rate of a transaction's item, in percent. */
export const taxRateOf = (item: Pick<TransactionItem, 'taxRate' | 'billableItem'>): number =>
  item.taxRate ?? item.billableItem?.taxRate ?? 0;

/**
 * What a check-out awaiting the patient was asked to do, kept until the code is verified: the
 * command as sent (the use case's own shape), the items as priced, and what the payer assessed, so
 * the patient is never charged a bigger gap than they approved.
 */
export interface PendingCheckOut {
  command: Record<string, unknown>;
  items: Omit<TransactionItem, 'id'>[];
  /** The benefit the payer assessed for the whole check-out, in cents. */
  assessedBenefit: Cents;
  /** What the patient was told they would pay, in cents. */
  gap: Cents;
  /** Who pays the benefit, as the patient's message names it: the fund, or Medicare. */
  payer: string;
}

/**
 * `awaiting_confirmation`: a check-out waiting for the patient's agreement, with nothing claimed,
 * charged or invoiced yet; `cancelled`: one that never got it. Every other transaction is `completed`.
 */
export const TRANSACTION_STATUSES = ['completed', 'awaiting_confirmation', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface NewTransaction {
  businessId: string;
  bookingId?: string | null;
  clientId?: string | null;
  clientName: string;
  customerName?: string | null;
  paymentMethodId?: string | null;
  healthFundCardId?: string | null;
  medicareCardId?: string | null;
  serviceProviderId?: string | null;
  locationId?: string | null;
  items: Omit<TransactionItem, 'id'>[];
}

/** A sale to a client: what was charged, item by item. Its amount is its items added up. */
export class Transaction {
  id: string;
  organisationId: string;
  businessId: string;
  bookingId: string | null;
  clientId: string | null;
  clientName: string;
  customerName: string;
  amount: Cents;
  currency: string;
  paymentMethodId: string | null;
  healthFundCardId: string | null;
  medicareCardId: string | null;
  serviceProviderId: string | null;
  locationId: string | null;
  items: TransactionItem[];
  status: TransactionStatus;
  /** The patient's agreements asked for it: one, for a check-out that needed it. */
  confirmations: Confirmation[];
  /** While it awaits the patient: what the check-out was asked to do. `null` otherwise. */
  pendingCheckOut: PendingCheckOut | null;
  createdAt: Date;
  /**
   * When its answer last changed: a payment made through its link, a link cancelled, a refund, a
   * claim voided. Equal to `createdAt` until then. Its parts are stored apart from it, so the change
   * of a part moves it on (`PaymentsRepository.transactionChanged`).
   */
  updatedAt: Date;

  static create(organisationId: string, props: NewTransaction, now: Date): Transaction {
    const transaction = new Transaction();
    transaction.id = newUuid();
    transaction.organisationId = organisationId;
    transaction.businessId = props.businessId;
    transaction.bookingId = props.bookingId ?? null;
    transaction.clientId = props.clientId ?? null;
    transaction.clientName = props.clientName;
    transaction.customerName = props.customerName ?? props.clientName;
    transaction.paymentMethodId = props.paymentMethodId ?? null;
    transaction.healthFundCardId = props.healthFundCardId ?? null;
    transaction.medicareCardId = props.medicareCardId ?? null;
    transaction.serviceProviderId = props.serviceProviderId ?? null;
    transaction.locationId = props.locationId ?? null;
    transaction.items = props.items.map((item, index) => ({
      ...item,
      id: newUuid(),
      chargeAmount: assertCents(item.chargeAmount, `items[${index}].chargeAmount`),
    }));
    transaction.amount = sumCents(transaction.items.map((item) => item.chargeAmount));
    transaction.currency = CURRENCY;
    transaction.status = 'completed';
    transaction.confirmations = [];
    transaction.pendingCheckOut = null;
    transaction.createdAt = now;
    transaction.updatedAt = now;
    return transaction;
  }

  /** The check-out waits for the patient's code, sent as `confirmation`: nothing is claimed, charged or invoiced until then. */
  awaitConfirmation(confirmation: Confirmation, pending: PendingCheckOut): void {
    this.status = 'awaiting_confirmation';
    this.confirmations = [confirmation];
    this.pendingCheckOut = pending;
  }

  confirmation(id: string): Confirmation | null {
    return this.confirmations.find((confirmation) => confirmation.id === id) ?? null;
  }

  /** The patient's code was right and the check-out went through as it was asked. */
  confirmed(confirmationId: string, now: Date): void {
    changeConfirmation(this, confirmationId, { verified: true, verifiedAt: now.toISOString() });
    this.status = 'completed';
    this.pendingCheckOut = null;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** The awaited check-out will not happen: nothing was claimed, charged or invoiced. Its confirmation answers `closedWith` from now on. */
  cancelAwaiting(closedWith: ClosingError, now: Date): void {
    this.confirmations = this.confirmations.map((confirmation) =>
      confirmation.verified || confirmation.closedWith ? confirmation : { ...confirmation, closedWith },
    );
    this.status = 'cancelled';
    this.pendingCheckOut = null;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** A wrong code given for the confirmation: answers how many tries are left (none: the caller cancels). */
  wrongCode(confirmationId: string): number {
    const wrongCodes = this.confirmation(confirmationId)!.wrongCodes + 1;
    changeConfirmation(this, confirmationId, { wrongCodes });
    return Math.max(CONFIRMATION_ATTEMPTS - wrongCodes, 0);
  }

  /**
   * A new code sent for the confirmation, in place of the one before, with its own 15 minutes, to
   * `contactValue` (the patient's contact as it is now, masked).
   */
  codeResent(contactValue: string, confirmationId: string, codeHash: string, now: Date): Confirmation {
    const confirmation = this.confirmation(confirmationId)!;
    changeConfirmation(this, confirmationId, {
      contactValue,
      issue: confirmation.issue + 1,
      resends: confirmation.resends + 1,
      codeHash,
      expiresAt: new Date(now.getTime() + CONFIRMATION_MINUTES * 60_000).toISOString(),
    });
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return this.confirmation(confirmationId)!;
  }
}

/** Replaces the confirmation with a changed copy: the list is stored whole, and a new value is what is saved. */
function changeConfirmation(transaction: Transaction, id: string, change: Partial<Confirmation>): void {
  transaction.confirmations = transaction.confirmations.map((confirmation) =>
    confirmation.id === id ? { ...confirmation, ...change } : confirmation,
  );
}
