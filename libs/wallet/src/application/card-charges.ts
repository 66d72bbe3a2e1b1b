import { Injectable } from '@nestjs/common';
import { referenceNotFound, type Undo } from '@app/shared/domain';
import {
  type ChargedCard,
  type ChargeRequest,
  PaymentProcessor,
  type ProcessorCharge,
  type RefundRequest,
} from '../domain/payment-processor.js';
import type { PaymentMethodDetails } from '../domain/wallet-card.js';
import { PaymentProcessorUnavailable } from '../domain/wallet.errors.js';
import { WalletCardQueries } from './wallet-card.queries.js';

/** What a charge is for, besides the card: see `ChargeRequest`. */
export type Charge = Omit<ChargeRequest, 'card' | 'offSession'>;

/**
 * Charges and refunds on a client's stored payment method, for payments: the processor's own ids
 * stay inside the wallet. Each charge puts on `undo` what takes it back, for the caller to run when
 * its operation does not commit: the charge made, or one whose answer was lost on the way (the
 * processor is asked what became of it first).
 */
@Injectable()
export class CardCharges {
  constructor(
    private readonly wallet: WalletCardQueries,
    private readonly processor: PaymentProcessor,
  ) {}

  /** 409 `business_not_connected` when the processor cannot pay the business: called before anything else is done. */
  assertCanPay(destination: { accountId: string | null; businessId: string }): void {
    this.processor.assertCanPay(destination);
  }

  /**
   * Charges a card of the client's wallet, the cardholder not present: the whole amount captured,
   * or waiting for the cardholder's bank (`requires_action`), or `card_declined` and nothing moved.
   */
  async charge(
    organisationId: string,
    paymentMethodId: string,
    charge: Charge,
    undo: Undo,
    field = 'payment.paymentMethodId',
  ): Promise<ProcessorCharge> {
    const card = (await this.wallet.cardsByIds(organisationId, [paymentMethodId])).get(paymentMethodId)?.card;
    if (!card || card.type !== 'payment_method') throw referenceNotFound(field, 'Payment method', paymentMethodId);
    const details = card.details as PaymentMethodDetails;
    return this.charged(
      {
        ...charge,
        card: { customerId: details.customerId, paymentMethodId: details.processorPaymentMethodId },
        offSession: true,
      },
      undo,
    );
  }

  /**
   * A one-off charge of a card the payer names to the processor on the pay page, the payer present
   * (their bank may still ask them to confirm it: `requires_action`); `card_declined` moves nothing.
   */
  chargeOnce(card: Exclude<ChargedCard, { customerId: string }>, charge: Charge, undo: Undo): Promise<ProcessorCharge> {
    return this.charged({ ...charge, card, offSession: false }, undo);
  }

  refund(request: RefundRequest): Promise<void> {
    return this.processor.refund(request);
  }

  /** Cancels a charge still waiting for its cardholder; one they confirmed meanwhile is refunded whole. */
  cancelWaiting(paymentId: string, idempotencyKey: string): Promise<void> {
    return this.processor.cancelWaiting(paymentId, idempotencyKey);
  }

  private async charged(request: ChargeRequest, undo: Undo): Promise<ProcessorCharge> {
    try {
      const charged = await this.processor.charge(request);
      undo.add(() => this.processor.undoCharge(request, charged));
      return charged;
    } catch (error) {
      // The answer was lost: the processor may have charged all the same, and is asked on the way back.
      if (error instanceof PaymentProcessorUnavailable && error.answerLost)
        undo.add(() => this.processor.undoCharge(request, null));
      throw error;
    }
  }
}
