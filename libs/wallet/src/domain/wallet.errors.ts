import { conflict, DomainError, invalidField, notFound } from '@app/shared/domain';

export const clientNotFound = (id: string): DomainError => notFound('Client', id);

export const cardExists = (existingCardId: string): DomainError =>
  conflict('card_exists', `This card is already in the client's wallet as ${existingCardId}.`, { existingCardId });

export const cardDeclined = (): DomainError =>
  new DomainError('payment_required', 'card_declined', 'The payment processor declined the card.');

export const unknownPaymentMethod = (field: string): DomainError =>
  invalidField(field, 'unknown_payment_method', 'names no payment method the processor knows');

/**
 * The processor could not be reached, or asked to be called later (429, 5xx): 503, and the request
 * may be sent again. `answerLost`: the call may have been done all the same (the connection failed
 * or timed out after it was sent), so what it did is looked up before it is undone.
 */
export class PaymentProcessorUnavailable extends DomainError {
  constructor(readonly answerLost: boolean) {
    super(
      'unavailable',
      'payment_processor_unavailable',
      'The payment processor could not be reached; nothing was charged. Retry after the time in Retry-After.',
    );
  }
}

export const paymentProcessorUnavailable = (answerLost = false): DomainError =>
  new PaymentProcessorUnavailable(answerLost);

/** A card payment for a business that has no account at the processor to receive it. */
export const businessNotConnected = (businessId: string): DomainError =>
  conflict(
    'business_not_connected',
    `Business ${businessId} has no account at the payment processor to receive card payments: set its merchantId to its connected account (acct_…).`,
    { businessId },
  );
