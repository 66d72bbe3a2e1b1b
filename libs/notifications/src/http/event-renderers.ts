import type { EventRenderers } from '@app/shared/domain';
import type { Notification } from '../domain/notification.js';
import { NotificationResponse } from './dto/notification.response.js';

/** The `data` of `notification.failed`: the notification as the list shows it. */
export function renderNotificationEvents(renderers: EventRenderers): void {
  renderers.register(['notification.failed'], (notification: Notification) => NotificationResponse.from(notification));
}
