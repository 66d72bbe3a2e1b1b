import { conflict, DomainError, notFound } from '@app/shared/domain';

export const organisationNotFound = (id: string): DomainError => notFound('Organisation', id);

export const slugTaken = (slug: string): DomainError => conflict('slug_taken', `The slug "${slug}" is already used by another organisation.`);
