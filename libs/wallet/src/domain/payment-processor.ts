export interface AttachPaymentMethod {
  customerId?: string;
  paymentMethodId?: string;
  confirmationTokenId?: string;
}

/** What the processor tells of a card it holds; the full number never leaves the processor. */
export interface ProcessorPaymentMethod {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
  /** The processor's own stable identifier of the card number. */
  cardFingerprint: string;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** Integer cents of AUD, more than zero. */
  amount: number;
  description: string;
}

/** A charge the processor made: its own payment id, and the money is captured. */
export interface ProcessorCharge {
  paymentId: string;
  status: 'succeeded';
}

/**
 * The card payment processor, as a port. Attaching a payment method to a customer either answers
 * the card's details or fails with `card_declined`. A charge either captures the whole amount or
 * fails with `card_declined` and moves nothing; a refund gives back part or all of a charge.
 */
export abstract class PaymentProcessor {
  abstract attachPaymentMethod(request: AttachPaymentMethod): Promise<ProcessorPaymentMethod>;
  abstract charge(request: ChargeRequest): Promise<ProcessorCharge>;
  abstract refund(paymentId: string, amount: number): Promise<void>;
}
