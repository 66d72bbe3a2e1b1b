import type { Page, PageRequest } from '@app/shared/domain';
import type { Notification, NotificationStatus, NotificationType } from '../domain/notification.js';

export type ListedNotification = Omit<Notification, 'text' | 'html'>;

export interface NotificationFilters {
  bookingId?: string;
  clientId?: string;
  types?: NotificationType[];
  statuses?: NotificationStatus[];
}

/** The read side of notifications: an organisation's list, and one notification with its bodies. */
export abstract class NotificationQueries {
  /** Newest first (`createdAt desc, id desc`); filters combine with AND. 404 for an unknown organisation. */
  abstract list(
    organisationId: string,
    filters: NotificationFilters,
    page: PageRequest,
  ): Promise<Page<ListedNotification>>;
  /** With its text and HTML, as it went out (or, `logged`, as it would have). */
  abstract get(organisationId: string, id: string): Promise<Notification>;
}
