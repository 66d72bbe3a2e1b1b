import { nextUpdatedAt, sumCents } from '@app/shared/domain';
import { Claim } from '../../domain/claim.js';
import { type Invoice, invoiceNumber } from '../../domain/invoice.js';
import { MedicareClaim } from '../../domain/medicare-claim.js';
import {
  AWAITING_PAYMENT,
  PaymentTransaction,
  REQUIRES_ACTION,
  settledByOf,
  waitsForPayout,
} from '../../domain/payment-transaction.js';
import {
  type EarlierCheckOuts,
  type LinkToken,
  type NewCheckOut,
  PaymentsRepository,
} from '../../domain/payments.repository.js';
import { Payout, payoutAmountOf, type PayoutTotals } from '../../domain/payout.js';
import { Transaction, type TransactionItem } from '../../domain/transaction.js';

type Saved = Transaction | PaymentTransaction | Claim | MedicareClaim | Payout;

/** Keeps payments in memory; each call stores all it is given or, when a rule throws, nothing. */
export class InMemoryPayments extends PaymentsRepository {
  /** What each `save` call was given: one entry per database transaction. */
  readonly saves: Saved[][] = [];
  readonly transactions: Transaction[] = [];
  readonly paymentTransactions: PaymentTransaction[] = [];
  readonly payouts: Payout[] = [];
  readonly claims: Claim[] = [];
  readonly medicareClaims: MedicareClaim[] = [];
  readonly linkTokens: LinkToken[] = [];
  readonly invoices: Invoice[] = [];

  async findTransaction(organisationId: string, id: string): Promise<Transaction | null> {
    return (
      this.transactions.find((transaction) => transaction.organisationId === organisationId && transaction.id === id) ??
      null
    );
  }

  async lockTransaction(organisationId: string, id: string): Promise<Transaction | null> {
    return this.findTransaction(organisationId, id);
  }

  async lockAwaitingOf(organisationId: string, bookingId: string): Promise<Transaction | null> {
    return (
      this.transactions.find(
        (stored) =>
          stored.organisationId === organisationId &&
          stored.bookingId === bookingId &&
          stored.status === 'awaiting_confirmation',
      ) ?? null
    );
  }

  async save(...entities: Saved[]): Promise<void> {
    this.saves.push(entities);
    for (const entity of entities) {
      if (entity instanceof Transaction && !this.transactions.includes(entity)) this.transactions.push(entity);
      if (entity instanceof PaymentTransaction) this.paymentTransactions.push(copyOf(entity));
      if (entity instanceof Claim) this.claims.push(entity);
      if (entity instanceof MedicareClaim) this.medicareClaims.push(entity);
      if (entity instanceof Payout) this.payouts.push(entity);
    }
  }

  async addCheckOut({ transaction, claims, medicareClaims, paymentTransactions, invoice }: NewCheckOut): Promise<void> {
    await this.save(transaction, ...claims, ...medicareClaims, ...paymentTransactions);
    if (!invoice) return;
    invoice.number = invoiceNumber(
      this.invoices.filter((issued) => issued.businessId === invoice.businessId).length + 1,
    );
    this.invoices.push(invoice);
  }

  async transactionChanged(organisationId: string, transactionId: string, now: Date): Promise<void> {
    const transaction = await this.findTransaction(organisationId, transactionId);
    if (transaction) transaction.updatedAt = nextUpdatedAt(transaction.updatedAt, now);
  }

  async changePaymentTransaction(
    organisationId: string,
    id: string,
    change: (paymentTransaction: PaymentTransaction) => void,
  ): Promise<PaymentTransaction | null> {
    const index = this.paymentTransactions.findIndex(
      (stored) => stored.organisationId === organisationId && stored.id === id,
    );
    if (index === -1) return null;
    const paymentTransaction = copyOf(this.paymentTransactions[index]);
    change(paymentTransaction);
    this.paymentTransactions[index] = copyOf(paymentTransaction);
    return paymentTransaction;
  }

  async findPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null> {
    const found = this.paymentTransactions.find(
      (stored) => stored.organisationId === organisationId && stored.id === id,
    );
    return found ? copyOf(found) : null;
  }

  /** One caller at a time in memory, so a lock is a read. */
  lockPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null> {
    return this.findPaymentTransaction(organisationId, id);
  }

  async lockClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: Claim; paymentTransaction: PaymentTransaction } | null> {
    const claim = this.claims.find((stored) => stored.organisationId === organisationId && stored.id === claimId);
    const paymentTransaction = this.paymentTransactions.find(
      (stored) => stored.transactionId === transactionId && stored.claimId === claimId,
    );
    return claim && paymentTransaction ? { claim, paymentTransaction: copyOf(paymentTransaction) } : null;
  }

  async lockMedicareClaimOf(
    organisationId: string,
    transactionId: string,
    claimId: string,
  ): Promise<{ claim: MedicareClaim; paymentTransaction: PaymentTransaction | null } | null> {
    const claim = this.medicareClaims.find(
      (stored) =>
        stored.organisationId === organisationId && stored.transactionId === transactionId && stored.id === claimId,
    );
    const paymentTransaction = this.paymentTransactions.find(
      (stored) => stored.transactionId === transactionId && stored.medicareClaimId === claimId,
    );
    return claim ? { claim, paymentTransaction: paymentTransaction ? copyOf(paymentTransaction) : null } : null;
  }

  async lockPayoutsOf(): Promise<void> {}

  async assignWaitingToPayout(businessId: string, payoutId: string, now: Date): Promise<PayoutTotals> {
    const waiting = this.paymentTransactions.filter(
      (stored) => stored.businessId === businessId && waitsForPayout(stored) && stored.isSettled(),
    );
    const amount = payoutAmountOf(waiting);
    for (const stored of waiting) stored.paidOutBy(payoutId, now);
    return { transactionCount: waiting.length, amount };
  }

  async businessesWithUnpaid(): Promise<string[]> {
    return [
      ...new Set(
        this.paymentTransactions
          .filter((stored) => waitsForPayout(stored) && stored.isSettled() && settledByOf(stored.source) === 'platform')
          .map((stored) => stored.businessId),
      ),
    ];
  }

  async findByProcessorPaymentId(paymentId: string): Promise<PaymentTransaction | null> {
    const found = this.paymentTransactions.find(
      (stored) => stored.source === 'payment' && stored.payment?.id === paymentId,
    );
    return found ? copyOf(found) : null;
  }

  async lockPayoutByBankPayoutId(bankPayoutId: string): Promise<Payout | null> {
    return this.payouts.find((stored) => stored.bankPayoutId === bankPayoutId) ?? null;
  }

  /** One caller at a time in memory, so a lock is a read. */
  async lockPayout(id: string): Promise<Payout | null> {
    return this.payouts.find((payout) => payout.id === id) ?? null;
  }

  async releaseTransactionsOf(payoutId: string, now: Date): Promise<void> {
    for (const stored of this.paymentTransactions) {
      if (stored.payoutId !== payoutId && !stored.adjustments.some((adjustment) => adjustment.payoutId === payoutId))
        continue;
      if (stored.payoutId === payoutId) stored.payoutId = null;
      stored.adjustments = stored.adjustments.map((adjustment) =>
        adjustment.payoutId === payoutId ? { ...adjustment, payoutId: null } : adjustment,
      );
      stored.updatedAt = nextUpdatedAt(stored.updatedAt, now);
    }
  }

  async lockWaitingPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]> {
    const ofBooking = new Set(
      this.transactions
        .filter((stored) => stored.organisationId === organisationId && stored.bookingId === bookingId)
        .map((stored) => stored.id),
    );
    return this.paymentTransactions
      .filter(
        (stored) =>
          ofBooking.has(stored.transactionId!) &&
          [AWAITING_PAYMENT, REQUIRES_ACTION].includes(stored.payment?.status ?? ''),
      )
      .map(copyOf);
  }

  async lockCardPaymentsOf(organisationId: string, bookingId: string): Promise<PaymentTransaction[]> {
    const ofBooking = new Set(
      this.transactions
        .filter((stored) => stored.organisationId === organisationId && stored.bookingId === bookingId)
        .map((stored) => stored.id),
    );
    return this.paymentTransactions
      .filter((part) => ofBooking.has(part.transactionId!) && part.source === 'payment' && part.isSettled())
      .reverse();
  }

  async addLinkToken(token: LinkToken): Promise<void> {
    this.linkTokens.push(token);
  }

  async findLinkToken(tokenHash: string): Promise<LinkToken | null> {
    return this.linkTokens.find((token) => token.tokenHash === tokenHash) ?? null;
  }

  async earlierCheckOutsOf(organisationId: string, bookingId: string, now: Date): Promise<EarlierCheckOuts> {
    const ofBooking = this.transactions.filter(
      (stored) => stored.organisationId === organisationId && stored.bookingId === bookingId,
    );
    const fees = new Set(this.invoices.filter((invoice) => invoice.fee).flatMap((invoice) => invoice.transactionIds));
    const earlier = new Set(ofBooking.filter((stored) => !fees.has(stored.id)).map((stored) => stored.id));
    const parts = this.paymentTransactions.filter((stored) => earlier.has(stored.transactionId!));
    const open = this.linkTokens.filter(
      (token) =>
        parts.some((part) => part.id === token.paymentTransactionId && !part.isSettled()) && token.expiresAt >= now,
    );
    return {
      any: ofBooking.length > 0,
      openLinkUntil: open.length > 0 ? new Date(Math.max(...open.map((token) => token.expiresAt.getTime()))) : null,
      healthFundClaimed: this.claims.some(
        (claim) => parts.some((part) => part.claimId === claim.id) && claim.voidedAt === null,
      ),
      medicareClaimed: this.medicareClaims.some((claim) => earlier.has(claim.transactionId!) && !claim.isVoided()),
      awaitingCardholder: parts.some((part) => part.awaitsCardholder()),
      awaitingConfirmation:
        this.transactions.find((stored) => earlier.has(stored.id) && stored.status === 'awaiting_confirmation')?.id ??
        null,
      held: parts
        .filter((part) => part.isSettled())
        .reduce(
          (sum, part) => sum + part.amount + sumCents(part.adjustments.map((adjustment) => adjustment.amount)),
          0,
        ),
    };
  }

  async payOut(
    organisationId: string,
    businessId: string,
    ids: readonly string[],
    assemble: (transactions: PaymentTransaction[]) => Payout,
  ): Promise<Payout> {
    const locked = this.paymentTransactions
      .filter(
        (stored) =>
          stored.organisationId === organisationId && stored.businessId === businessId && ids.includes(stored.id),
      )
      .map(copyOf);
    const payout = assemble(locked);
    this.payouts.push(payout);
    for (const changed of locked)
      this.paymentTransactions[this.paymentTransactions.findIndex((stored) => stored.id === changed.id)] =
        copyOf(changed);
    return payout;
  }
}

const copyOf = (paymentTransaction: PaymentTransaction): PaymentTransaction =>
  Object.assign(new PaymentTransaction(), structuredClone({ ...paymentTransaction }));

/** A sale's line with only a description and its charge. */
export const saleItem = (chargeAmount: number): Omit<TransactionItem, 'id'> => ({
  chargeAmount,
  description: 'Consult',
  clinicalCode: null,
  itemCode: null,
  billableItemId: null,
  appointmentTypeId: null,
  billableItem: null,
});
