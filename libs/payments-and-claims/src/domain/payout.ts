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

export function payoutAmountOf(transactions: readonly Pick<PaymentTransaction, 'amount' | 'platformFeeAmount' | 'adjustments'>[]): Cents {
  return sumCents(transactions.map(netOf));
}
