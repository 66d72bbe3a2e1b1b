import { type Cents, CURRENCY, newUuid, nextUpdatedAt, sumCents } from '@app/shared/domain';
import { addBusinessDays, businessDayOf } from './claim.js';
import { alreadyPaidOut } from './payments.errors.js';
import { type PaymentTransaction, waitingNetOf } from './payment-transaction.js';

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed';

/** What a payout is made of: how many payment transactions, and Σ amount − platform fee + adjustments of what it counted. */
export interface PayoutTotals {
  transactionCount: number;
  amount: Cents;
}

/**
 * Card money sent to a business's bank account. It lists every payment transaction it took, claims
 * included, but pays only what the platform holds (`settledByOf`): its amount is, to the cent, the
 * amounts it counted of its card payment transactions, minus their platform fees, plus their
 * adjustments it counted: a payment transaction's amount in the payout that took it, each
 * adjustment in exactly one payout. A claim's benefit is paid by its payer.
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
  /**
   * The bank's own id of the transfer (Stripe: its payout `po_…` on the business's connected
   * account), once sent; `null` before, and with a bank that gives none. Not in answers.
   */
  bankPayoutId: string | null;
  /**
   * The processor account it was sent from (Stripe: the business's connected account `acct_…` at
   * the time), once sent: it is asked about, and its webhooks matched, under that account, whatever
   * the business's `merchantId` says since. Not in answers.
   */
  accountId: string | null;
  /**
   * Made before payouts paid card money only: its amount counted the claims' benefits it listed too.
   * Kept so that its reconciliation still adds up to what it paid; never true of a payout made now.
   * Not in answers.
   */
  countedClaims: boolean;
  createdAt: Date;
  /** When its status last moved on; equal to `createdAt` until then. */
  updatedAt: Date;

  /** Gathers the transactions into a new payout, and marks each as paid out by it. */
  static assemble(
    owner: { organisationId: string; businessId: string },
    transactions: PaymentTransaction[],
    props: { arrivalDate: string; status?: PayoutStatus },
    now: Date,
  ): Payout {
    const taken = transactions.filter((transaction) => transaction.payoutId !== null);
    if (taken.length) throw alreadyPaidOut(taken.map((transaction) => transaction.id));
    const payout = Payout.of(
      { ...owner, id: newUuid() },
      { amount: payoutAmountOf(transactions), transactionCount: transactions.length },
      props,
      now,
    );
    for (const transaction of transactions) transaction.paidOutBy(payout.id, now);
    return payout;
  }

  /**
   * A payout of totals the database added up while it gave the payment transactions to `owner.id`
   * (a payout run: set-based, for any number of them).
   */
  static of(
    owner: { id: string; organisationId: string; businessId: string },
    totals: PayoutTotals,
    props: { arrivalDate: string; status?: PayoutStatus },
    now: Date,
  ): Payout {
    const payout = new Payout();
    payout.id = owner.id;
    payout.organisationId = owner.organisationId;
    payout.businessId = owner.businessId;
    payout.amount = totals.amount;
    payout.currency = CURRENCY;
    payout.status = props.status ?? 'pending';
    payout.arrivalDate = props.arrivalDate;
    payout.transactionCount = totals.transactionCount;
    payout.bankPayoutId = null;
    payout.accountId = null;
    payout.countedClaims = false;
    payout.createdAt = now;
    payout.updatedAt = now;
    return payout;
  }
}

/** The bank took the transfer under its own id: the payout is on its way. */
export function sent(payout: Payout, bankPayoutId: string | null, accountId: string | null, now: Date): boolean {
  payout.bankPayoutId = bankPayoutId;
  payout.accountId = accountId;
  return moveOn(payout, 'in_transit', now);
}

/**
 * The bank's answers move a payout on: `pending` → `in_transit` → `paid` or `failed`, and `paid` →
 * `failed` when the bank returns the money days later (Stripe reports such a payout failed after it
 * said paid). Its amount never changes.
 */
export function moveOn(payout: Payout, status: 'in_transit' | 'paid' | 'failed', now: Date): boolean {
  const allowed: Record<PayoutStatus, PayoutStatus[]> = {
    pending: ['in_transit', 'failed'],
    in_transit: ['paid', 'failed'],
    paid: ['failed'],
    failed: [],
  };
  if (!allowed[payout.status].includes(status)) return false;
  payout.status = status;
  payout.updatedAt = nextUpdatedAt(payout.updatedAt, now);
  return true;
}

/** `YYYY-MM-DD` of the first weekday after `now`'s day in the time zone: when the bank credits a payout made now. */
export function nextWeekdayAfter(now: Date, timeZone: string): string {
  return addBusinessDays(businessDayOf(now, timeZone), 1);
}

/** What a payout made now would count of `transactions`. */
export function payoutAmountOf(
  transactions: readonly Pick<
    PaymentTransaction,
    'source' | 'payoutId' | 'amount' | 'platformFeeAmount' | 'adjustments'
  >[],
): Cents {
  return sumCents(transactions.map(waitingNetOf));
}
