import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { Notification, type NotificationStatus, type NotificationType } from '../domain/notification.js';
import { notificationNotFound } from '../domain/notifications.errors.js';

/** A list leaves the bodies out; the GET of one notification reads them. */
const LISTED = ReadModel.of(Notification, 'n', { omit: ['text', 'html'] });
const WHOLE = ReadModel.of(Notification, 'n');

export type ListedNotification = Omit<Notification, 'text' | 'html'>;

export interface NotificationFilters {
  bookingId?: string;
  clientId?: string;
  types?: NotificationType[];
  statuses?: NotificationStatus[];
}

/** The read side of notifications: a page is two statements (its rows and the count). */
@Injectable()
export class NotificationQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {}

  /** Newest first (`createdAt desc, id desc`); filters combine with AND. 404 for an unknown organisation. */
  async list(
    organisationId: string,
    filters: NotificationFilters,
    page: PageRequest,
  ): Promise<Page<ListedNotification>> {
    await this.organisations.assertExists(organisationId);
    const conditions = ['n.organisation_id = $1'];
    const values: unknown[] = [organisationId];
    const where = (condition: string, value: unknown) => {
      values.push(value);
      conditions.push(condition.replace('?', `$${values.length}`));
    };
    if (filters.bookingId) where('n.booking_id = ?', filters.bookingId);
    if (filters.clientId) where('n.client_id = ?', filters.clientId);
    if (filters.types) where('n.type = any(?::text[])', filters.types);
    if (filters.statuses) where('n.status = any(?::text[])', filters.statuses);
    const window = listWindow('n', page, 'n.created_at desc, n.id desc', values.length + 1);
    const filter = `where ${conditions.join(' and ')}${window.condition}`;
    const filterValues = [...values, ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(
        LISTED,
        `${filter} order by ${window.orderBy} limit $${filterValues.length + 1} offset $${filterValues.length + 2}`,
        [...filterValues, page.limit, offsetOf(page)],
      ),
      this.sql.count(LISTED, filter, filterValues),
    ]);
    return pageOf(items, total, page);
  }

  /** With its text and HTML, as it went out (or, `logged`, as it would have). */
  async get(organisationId: string, id: string): Promise<Notification> {
    const notification = await this.sql.first(WHOLE, 'where n.organisation_id = $1 and n.id = $2', [
      organisationId,
      id,
    ]);
    if (!notification) throw notificationNotFound(id);
    return notification;
  }
}
