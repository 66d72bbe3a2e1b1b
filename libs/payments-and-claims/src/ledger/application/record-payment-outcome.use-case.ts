import { Injectable } from '@nestjs/common';
import { WalletCardQueries } from '@app/wallet';
import { type Cents, Clock, DomainEvents, newUuid } from '@app/shared/domain';
import { Claim, type NewClaim } from '../domain/claim.js';
import { MedicareClaim, type NewMedicareClaim } from '../domain/medicare-claim.js';
import {
  type CardPayment,
  type PaymentEvent,
  type PaymentLink,
  PaymentTransaction,
} from '../domain/payment-transaction.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { paymentTransactionNotFound, transactionNotFound } from '../domain/payments.errors.js';
import type { Transaction } from '../domain/transaction.js';

interface Extras {
  platformFeeAmount: Cents;
  events?: PaymentEvent[];
  paymentLinks?: Omit<PaymentLink, 'id'>[];
}

/**
 * Records what happened to a transaction's money as payment transactions: a card payment, a
 * health fund claim, or a Medicare claim. Each is saved with its claim, and the transaction's
 * `updatedAt` moved on, in one database transaction.
 */
@Injectable()
export class RecordPaymentOutcome {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly wallet: WalletCardQueries,
    private readonly clock: Clock,
  ) {}

  async cardPayment(
    organisationId: string,
    transactionId: string,
    payment: Omit<CardPayment, 'id' | 'currency'> & { id?: string },
    extras: Extras,
  ): Promise<PaymentTransaction> {
    return this.events.transaction(async () => {
      const transaction = await this.transaction(organisationId, transactionId);
      const now = this.clock.now();
      const paymentTransaction = PaymentTransaction.forCardPayment(
        ownerOf(transaction),
        payment,
        extras.platformFeeAmount,
        now,
      );
      withExtras(paymentTransaction, extras);
      await this.payments.save(paymentTransaction);
      await this.payments.transactionChanged(organisationId, transaction.id, now);
      return paymentTransaction;
    });
  }

  async healthFundClaim(
    organisationId: string,
    transactionId: string,
    claimProps: NewClaim,
    extras: Extras,
  ): Promise<{ claim: Claim; paymentTransaction: PaymentTransaction }> {
    return this.events.transaction(async () => {
      const transaction = await this.transaction(organisationId, transactionId);
      const now = this.clock.now();
      const claim = Claim.create(organisationId, claimProps, now);
      const paymentTransaction = PaymentTransaction.forHealthFundClaim(
        ownerOf(transaction),
        claim,
        extras.platformFeeAmount,
        now,
      );
      withExtras(paymentTransaction, extras);
      await this.payments.save(claim, paymentTransaction);
      await this.payments.transactionChanged(organisationId, transaction.id, now);
      return { claim, paymentTransaction };
    });
  }

  async medicareClaim(
    organisationId: string,
    transactionId: string,
    claimProps: NewMedicareClaim,
    extras: Extras,
  ): Promise<{ claim: MedicareClaim; paymentTransaction: PaymentTransaction }> {
    const transaction = await this.transaction(organisationId, transactionId);
    await this.wallet.assertCards(organisationId, [
      { field: 'patientMedicareCardId', id: claimProps.patientMedicareCardId, type: 'medicare_card' },
      { field: 'claimantMedicareCardId', id: claimProps.claimantMedicareCardId, type: 'medicare_card' },
    ]);
    return this.events.transaction(async () => {
      const now = this.clock.now();
      const claim = MedicareClaim.create(organisationId, transaction.id, claimProps, now);
      const paymentTransaction = PaymentTransaction.forMedicareClaim(
        ownerOf(transaction),
        claim,
        extras.platformFeeAmount,
        now,
      );
      withExtras(paymentTransaction, extras);
      await this.payments.save(claim, paymentTransaction);
      await this.payments.transactionChanged(organisationId, transaction.id, now);
      return { claim, paymentTransaction };
    });
  }

  /** A refund, dispute or correction on a payment transaction, counted by the next payout. */
  async adjustment(
    organisationId: string,
    paymentTransactionId: string,
    adjustment: { source: string; amount: Cents },
  ): Promise<PaymentTransaction> {
    return this.events.transaction(async () => {
      const now = this.clock.now();
      // Adjusted under the row's lock: concurrent adjustments each add to what the one before stored.
      const paymentTransaction = await this.payments.changePaymentTransaction(
        organisationId,
        paymentTransactionId,
        (found) => found.adjust({ ...adjustment, createdAt: now.toISOString() }),
      );
      if (!paymentTransaction) throw paymentTransactionNotFound(paymentTransactionId);
      if (paymentTransaction.transactionId)
        await this.payments.transactionChanged(organisationId, paymentTransaction.transactionId, now);
      return paymentTransaction;
    });
  }

  private async transaction(organisationId: string, transactionId: string): Promise<Transaction> {
    const transaction = await this.payments.findTransaction(organisationId, transactionId);
    if (!transaction) throw transactionNotFound(transactionId);
    return transaction;
  }
}

const ownerOf = (transaction: Transaction) => ({
  organisationId: transaction.organisationId,
  businessId: transaction.businessId,
  transactionId: transaction.id,
});

function withExtras(paymentTransaction: PaymentTransaction, extras: Extras): void {
  paymentTransaction.events = extras.events ?? [];
  paymentTransaction.paymentLinks = (extras.paymentLinks ?? []).map((link) => ({ ...link, id: newUuid() }));
}
