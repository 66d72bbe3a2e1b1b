import type { Notification } from './notification.js';

export abstract class NotificationRepository {
  /** Adds it unless the booking already has a message of its type and occurrence; whether it was added. */
  abstract addIfNew(notification: Notification): Promise<boolean>;
  /** The notification, locked until the running transaction ends; `null` when there is none. */
  abstract lock(organisationId: string, id: string): Promise<Notification | null>;
  abstract save(notification: Notification): Promise<void>;
}
