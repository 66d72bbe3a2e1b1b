import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import {
  type ListedNotification,
  type NotificationFilters,
  NotificationQueries,
} from '../../application/notification.queries.js';
import { Notification } from '../../domain/notification.js';
import { notificationNotFound } from '../../domain/notifications.errors.js';

/** A list leaves the bodies out; the GET of one notification reads them. */
const LISTED = ReadModel.of(Notification, 'n', { omit: ['text', 'html'] });
const WHOLE = ReadModel.of(Notification, 'n');

/** `NotificationQueries` on PostgreSQL: a page is two statements (its rows and the count). */
@Injectable()
export class SqlNotificationQueries extends NotificationQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {
    super();
  }

  async list(
    organisationId: string,
    filters: NotificationFilters,
    page: PageRequest,
  ): Promise<Page<ListedNotification>> {
    await this.organisations.assertExists(organisationId);
    const params = new SqlParams(organisationId);
    const conditions = ['n.organisation_id = $1'];
    const where = (condition: string, value: unknown) => conditions.push(condition.replace('?', params.add(value)));
    if (filters.bookingId) where('n.booking_id = ?', filters.bookingId);
    if (filters.clientId) where('n.client_id = ?', filters.clientId);
    if (filters.types) where('n.type = any(?::text[])', filters.types);
    if (filters.statuses) where('n.status = any(?::text[])', filters.statuses);
    const window = listWindow('n', page, 'n.created_at desc, n.id desc', params);
    return this.sql.page(LISTED, `where ${conditions.join(' and ')}${window.condition}`, window.orderBy, params, page);
  }

  async get(organisationId: string, id: string): Promise<Notification> {
    const notification = await this.sql.first(WHOLE, 'where n.organisation_id = $1 and n.id = $2', [
      organisationId,
      id,
    ]);
    if (!notification) throw notificationNotFound(id);
    return notification;
  }
}
