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

/**
 * The card payment processor, as a port. Attaching a payment method to a customer either answers
 * the card's details or fails with `card_declined`.
 */
export abstract class PaymentProcessor {
  abstract attachPaymentMethod(request: AttachPaymentMethod): Promise<ProcessorPaymentMethod>;
}
