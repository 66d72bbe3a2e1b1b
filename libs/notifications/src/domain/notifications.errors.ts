import { type DomainError, notFound } from '@app/shared/domain';

export const notificationNotFound = (id: string): DomainError => notFound('Notification', id);
