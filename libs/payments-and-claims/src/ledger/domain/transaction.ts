import { assertCents, type Cents, CURRENCY, newUuid, sumCents } from '@app/shared/domain';

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
}

export interface Confirmation {
  id: string;
  contactValue: string;
  verificationCode: string;
  createdAt: string;
  expiresAt: string;
  verifiedAt: string | null;
  verified: boolean;
}

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
  confirmations?: Omit<Confirmation, 'id'>[];
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
  confirmations: Confirmation[];
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
    transaction.confirmations = (props.confirmations ?? []).map((confirmation) => ({ ...confirmation, id: newUuid() }));
    transaction.createdAt = now;
    transaction.updatedAt = now;
    return transaction;
  }
}
