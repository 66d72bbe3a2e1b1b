import { conflict, DomainError, notFound } from '@app/shared/domain';

export const claimTotalsMismatch = (message: string): DomainError => new DomainError('validation', 'claim_totals_mismatch', message);

export const transactionNotFound = (id: string): DomainError => notFound('Transaction', id);

export const paymentTransactionNotFound = (id: string): DomainError => notFound('Payment transaction', id);

export const payoutNotFound = (id: string): DomainError => notFound('Payout', id);

export const alreadyPaidOut = (ids: string[]): DomainError => conflict('already_paid_out', `Payment transactions already in a payout: ${ids.join(', ')}.`);

export const notOfBusiness = (ids: string[]): DomainError => notFound('Payment transactions of this business', ids.join(', '));
