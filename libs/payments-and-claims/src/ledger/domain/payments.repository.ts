import type { Cents } from '@app/shared/domain';
import type { Claim } from './claim.js';
import type { Invoice } from './invoice.js';
import type { MedicareClaim } from './medicare-claim.js';
import type { PaymentTransaction } from './payment-transaction.js';
import type { Payout, PayoutTotals } from './payout.js';
import type { Transaction } from './transaction.js';

/** Writes of payments and claims. Each call commits everything it is given in one transaction. */
export abstract class PaymentsRepository {
  abstract findTransaction(organisationId: string, id: string): Promise<Transaction | null>;
  /** Inside the caller's transaction: the transaction, its row locked until it ends. */
  abstract lockTransaction(organisationId: string, id: string): Promise<Transaction | null>;
  /** Inside the caller's transaction: the booking's check-out awaiting the patient's agreement, locked; `null` when none waits. */
  abstract lockAwaitingOf(organisationId: string, bookingId: string): Promise<Transaction | null>;
  abstract save(...entities: (Transaction | PaymentTransaction | Claim | MedicareClaim | Payout)[]): Promise<void>;
  /**
   * Inside the caller's transaction, in one statement: what a check-out made (its transaction, its
   * claims, its payment transactions) and the invoice it issued, if any, numbered from its
   * business's counter (the number is set on `invoice`). The counter's row stays locked until the transaction ends:
   * concurrent check-outs of one business queue there, and a rollback gives the number back, so
   * numbers have no gaps. A transaction that awaited the patient's agreement is written over.
   */
  abstract addCheckOut(checkOut: NewCheckOut): Promise<void>;
  /**
   * Inside the caller's transaction: a part of the transaction (a payment transaction, a claim, a
   * Medicare claim) was added or changed, so the transaction's answer changed: its `updatedAt` moves
   * on to `now`, or just past its last change (as `nextUpdatedAt`), in one statement that is safe to
   * race. Every change of a part calls it, or a sync client would not see the transaction again.
   */
  abstract transactionChanged(organisationId: string, transactionId: string, now: Date): Promise<void>;
  /**
   * Loads the payment transaction with its row locked, applies `change` and saves it, in one
   * transaction: concurrent changes of one payment transaction run one after the other, each on what
   * the one before committed. `null` when there is no such payment transaction.
   */
  abstract changePaymentTransaction(
    organisationId: string,
    id: string,
    change: (paymentTransaction: PaymentTransaction) => void,
  ): Promise<PaymentTransaction | null>;
  /**
   * Loads the business's payment transactions among `ids` with their rows locked, and saves the
   * payout `assemble` makes of them together with the transactions it marked, in one transaction.
   * A concurrent payout of any of them waits, then sees what this one committed.
   */
  /**
   * Inside the caller's transaction: the payment transaction locked until it ends, so refunds and
   * voids of one payment queue, and a payout run waits for them (or they for it). `null` when the
   * organisation has none with this id.
   */
  /** Read without a lock, for answers. */
  abstract findPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null>;
  abstract lockPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null>;
  /**
   * The card payment the processor knows by `paymentId` (Stripe: its PaymentIntent `pi_…`), whatever
   * its organisation; `null` when no payment transaction has it. One index lookup, and no lock: a
   * change of it takes its booking's lock first, then `lockPaymentTransaction`.
   */
  abstract findByProcessorPaymentId(paymentId: string): Promise<PaymentTransaction | null>;
  /** Inside the caller's transaction: the claim of the transaction, with its payment transaction locked. */
  abstract lockClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: Claim; paymentTransaction: PaymentTransaction } | null>;
  /**
   * Inside the caller's transaction: the Medicare claim of the transaction, locked, with its payment
   * transaction locked too when it has one (a bulk bill; a patient claim's benefit went to the patient).
   */
  abstract lockMedicareClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: MedicareClaim; paymentTransaction: PaymentTransaction | null } | null>;
  /**
   * Inside the caller's transaction: holds the business's payout lock until it ends, so payout runs
   * of one business (on any instance) go one after another.
   */
  abstract lockPayoutsOf(businessId: string): Promise<void>;
  /**
   * Inside the caller's transaction, which holds the business's payout lock: gives to `payoutId`
   * what waits of every settled payment transaction of the business (a link not yet paid waits
   * outside): the amount less the fee of those in no payout yet, and every adjustment no payout
   * counted, of card money only (`waitingNetOf`: a claim is listed and adds nothing). Locks, marks
   * and adds them up set-based (each changed at `now`), and answers their totals. The caller saves the payout before the transaction commits, or throws to leave every row
   * as it was.
   */
  abstract assignWaitingToPayout(businessId: string, payoutId: string, now: Date): Promise<PayoutTotals>;
  /** Businesses with settled card money no payout counted yet (claims alone make no payout). */
  abstract businessesWithUnpaid(): Promise<string[]>;
  /** Holds the payout's row lock until the caller's transaction ends: a payout job run twice at once moves it once. */
  abstract lockPayout(id: string): Promise<Payout | null>;
  /** As `lockPayout`, by the id the bank gave the transfer (Stripe: its payout `po_…`). */
  abstract lockPayoutByBankPayoutId(bankPayoutId: string): Promise<Payout | null>;
  /** What a failed payout counted (amounts and adjustments) goes back to wait for the next run; each changed at `now`. */
  abstract releaseTransactionsOf(payoutId: string, now: Date): Promise<void>;
  /**
   * Inside the caller's transaction: the booking's payment transactions that wait for a payer, locked:
   * a link still to be paid, or a card payment waiting for the payer's bank (`requires_action`).
   * Not a cancellation or no-show fee's: that is owed whatever becomes of the booking.
   */
  abstract lockWaitingPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]>;
  /**
   * Inside the caller's transaction: the booking's card payments that succeeded, newest first,
   * locked (refunds of one payment queue on its row): what a claim made after a prepayment refunds.
   */
  abstract lockCardPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]>;
  /** Keeps a payment link's token by its hash (the token itself is never stored). */
  abstract addLinkToken(token: LinkToken): Promise<void>;
  abstract findLinkToken(tokenHash: string): Promise<LinkToken | null>;
  /** What the booking's earlier check-outs left at `now`: an unpaid link still open, claims standing, money held. */
  abstract earlierCheckOutsOf(organisationId: string, bookingId: string, now: Date): Promise<EarlierCheckOuts>;
  abstract payOut(
    organisationId: string,
    businessId: string,
    ids: readonly string[],
    assemble: (transactions: PaymentTransaction[]) => Payout,
  ): Promise<Payout>;
}

/** What a check-out writes. */
export interface NewCheckOut {
  transaction: Transaction;
  claims: readonly Claim[];
  medicareClaims: readonly MedicareClaim[];
  paymentTransactions: readonly PaymentTransaction[];
  /** `null` when the check-out pays the booking's invoice rather than issuing one. */
  invoice: Invoice | null;
}

export interface EarlierCheckOuts {
  /**
   * Whether the booking had a check-out before (awaiting, cancelled or done): its invoice may exist.
   * The rest leaves out a cancellation or no-show fee's transaction: a supply of its own.
   */
  any: boolean;
  /** When the latest-expiring payment link still unpaid and open expires; `null` when there is none. */
  openLinkUntil: Date | null;
  /** Whether a health fund claim, or a Medicare claim, was made and not voided. */
  healthFundClaimed: boolean;
  medicareClaimed: boolean;
  /** Whether a card payment of theirs waits for its cardholder to answer their bank (3-D Secure). */
  awaitingCardholder: boolean;
  /** The transaction of a check-out awaiting the patient's agreement; `null` when none waits. */
  awaitingConfirmation: string | null;
  /**
   * What they still hold for the booking, in cents: every settled payment transaction's amount plus
   * its adjustments (refunds and voids take money back), before platform fees.
   */
  held: Cents;
}

export interface LinkToken {
  tokenHash: string;
  linkId: string;
  organisationId: string;
  paymentTransactionId: string;
  expiresAt: Date;
}
