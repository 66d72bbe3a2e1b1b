import { type Cents, CURRENCY, newUuid, sumCents } from '@app/shared/domain';
import { alreadyPaidOut } from './payments.errors.js';
import { netOf, type PaymentTransaction } from './payment-transaction.js';

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed';

/**
 * Money sent to a business's bank account. Its amount is, to the cent, the sum of its payment
 * transactions' amounts, minus their platform fees, plus their adjustments.
 */
export class Payout {
  id: string;
  organisationId: string;
  businessId: string;
  amount: Cents;
  currency: string;
  status: PayoutStatus;
  /** `YYYY-MM-DD`: when the bank is expected to credit it. */
  arrivalDate: string;
  transactionCount: number;
  createdAt: Date;

  /** Gathers the transactions into a new payout, and marks each as paid out by it. */
  static assemble(
    owner: { organisationId: string; businessId: string },
    transactions: PaymentTransaction[],
    props: { arrivalDate: string; status?: PayoutStatus },
    now: Date,
  ): Payout {
    const taken = transactions.filter((transaction) => transaction.payoutId !== null);
    if (taken.length) throw alreadyPaidOut(taken.map((transaction) => transaction.id));
    const payout = new Payout();
    payout.id = newUuid();
    payout.organisationId = owner.organisationId;
    payout.businessId = owner.businessId;
    payout.amount = payoutAmountOf(transactions);
    payout.currency = CURRENCY;
    payout.status = props.status ?? 'pending';
    payout.arrivalDate = props.arrivalDate;
    payout.transactionCount = transactions.length;
    payout.createdAt = now;
    for (const transaction of transactions) transaction.payoutId = payout.id;
    return payout;
  }
}

/** The bank's answers move a payout on: `pending` → `in_transit` → `paid` or `failed`. Its amount never changes. */
export function moveOn(payout: Payout, status: 'in_transit' | 'paid' | 'failed'): boolean {
  const allowed: Record<PayoutStatus, PayoutStatus[]> = { pending: ['in_transit', 'failed'], in_transit: ['paid', 'failed'], paid: [], failed: [] };
  if (!allowed[payout.status].includes(status)) return false;
  payout.status = status;
  return true;
}

/** `YYYY-MM-DD` of the first weekday after `now`'s day in the time zone: when the bank credits a payout made now. */
export function nextWeekdayAfter(now: Date, timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const day = new Date(`${today}T00:00:00.000Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

export function payoutAmountOf(transactions: readonly Pick<PaymentTransaction, 'amount' | 'platformFeeAmount' | 'adjustments'>[]): Cents {
  return sumCents(transactions.map(netOf));
}
