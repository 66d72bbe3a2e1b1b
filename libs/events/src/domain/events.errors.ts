import { conflict, DomainError, invalidField, notFound } from '@app/shared/domain';

export const eventNotFound = (id: string): DomainError => notFound('Event', id);
export const endpointNotFound = (id: string): DomainError => notFound('Webhook endpoint', id);
export const deliveryNotFound = (id: string): DomainError => notFound('Webhook delivery', id);
export const urlRefused = (reason: string): DomainError => invalidField('url', 'url_not_allowed', reason);
export const endpointLimitReached = (limit: number): DomainError =>
  conflict(
    'webhook_endpoint_limit',
    `An organisation has at most ${limit} webhook endpoints; delete one to add another.`,
    { limit },
  );
