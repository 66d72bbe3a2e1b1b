import { DomainError, invalidField, notFound } from '@app/shared/domain';

export const eventNotFound = (id: string): DomainError => notFound('Event', id);
export const endpointNotFound = (id: string): DomainError => notFound('Webhook endpoint', id);
export const deliveryNotFound = (id: string): DomainError => notFound('Webhook delivery', id);
export const urlRefused = (reason: string): DomainError => invalidField('url', 'url_not_allowed', reason);
