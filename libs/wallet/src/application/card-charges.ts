import { Injectable } from '@nestjs/common';
import { referenceNotFound } from '@app/shared/domain';
import { PaymentProcessor, type ProcessorCharge } from '../domain/payment-processor.js';
import type { PaymentMethodDetails } from '../domain/wallet-card.js';
import { WalletCardQueries } from './wallet-card.queries.js';

/**
 * Charges and refunds on a client's stored payment method, for payments: the processor's own ids
 * stay inside the wallet.
 */
@Injectable()
export class CardCharges {
  constructor(
    private readonly wallet: WalletCardQueries,
    private readonly processor: PaymentProcessor,
  ) {}

  /** The whole amount captured, or `card_declined` and nothing moved. */
  async charge(
    organisationId: string,
    paymentMethodId: string,
    amount: number,
    description: string,
    field = 'payment.paymentMethodId',
  ): Promise<ProcessorCharge> {
    const card = (await this.wallet.cardsByIds(organisationId, [paymentMethodId])).get(paymentMethodId)?.card;
    if (!card || card.type !== 'payment_method') throw referenceNotFound(field, 'Payment method', paymentMethodId);
    const details = card.details as PaymentMethodDetails;
    return this.processor.charge({ customerId: details.customerId, paymentMethodId: details.processorPaymentMethodId, amount, description });
  }

  /**
   * A one-off charge of a card the payer names to the processor (a payment link's page): checked by
   * attaching it, then charged; `card_declined` moves nothing.
   */
  async chargeOnce(card: { paymentMethodId?: string; confirmationTokenId?: string }, amount: number, description: string): Promise<ProcessorCharge> {
    const method = await this.processor.attachPaymentMethod(card);
    return this.processor.charge({ customerId: method.customerId, paymentMethodId: method.paymentMethodId, amount, description });
  }

  refund(paymentId: string, amount: number): Promise<void> {
    return this.processor.refund(paymentId, amount);
  }
}
