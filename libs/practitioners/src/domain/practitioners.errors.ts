import { conflict, type DomainError, notFound } from '@app/shared/domain';

export const providerNotFound = (id: string): DomainError => notFound('Provider', id);

export const providerDeleted = (id: string): DomainError => conflict('provider_deleted', `Provider ${id} is deleted.`);

export const locationLinkExists = (providerId: string, locationId: string): DomainError =>
  conflict('location_link_exists', `Provider ${providerId} is already linked to location ${locationId}.`);

export const locationLinkNotFound = (id: string): DomainError => notFound('Location link', id);
