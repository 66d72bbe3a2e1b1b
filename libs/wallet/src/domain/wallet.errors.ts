import { conflict, DomainError, invalidField, notFound } from '@app/shared/domain';

export const clientNotFound = (id: string): DomainError => notFound('Client', id);

export const cardExists = (existingCardId: string): DomainError =>
  conflict('card_exists', `This card is already in the client's wallet as ${existingCardId}.`, { existingCardId });

export const cardDeclined = (): DomainError => new DomainError('payment_required', 'card_declined', 'The payment processor declined the card.');

export const unknownPaymentMethod = (field: string): DomainError =>
  invalidField(field, 'unknown_payment_method', 'names no payment method the processor knows');
