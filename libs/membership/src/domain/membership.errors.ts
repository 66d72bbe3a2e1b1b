import { conflict, DomainError, notFound } from '@app/shared/domain';

export const memberNotFound = (id: string): DomainError => notFound('Member', id);

export const clientNotFound = (id: string): DomainError => notFound('Client', id);

/** An archived client keeps what it has (bookings, cards) but takes nothing new. */
export const clientDeleted = (): DomainError =>
  conflict('client_deleted', 'The client is archived: it cannot take a new booking or card.');

/** The address is not echoed back: whether an email has an account is itself personal information. */
export const memberExists = (): DomainError =>
  conflict('member_exists', 'A member with this email address already exists.');
