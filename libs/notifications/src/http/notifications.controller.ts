import { Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, ETagged, OrganisationIdParam, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { NotificationQueries } from '../application/notification.queries.js';
import { ListNotificationsQuery } from './dto/list-notifications.query.js';
import { NotificationResponse, NotificationWithBodyResponse } from './dto/notification.response.js';

@ApiTags('notifications')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationQueries) {}

  @Get()
  @ApiOperation({
    summary: 'List notifications',
    description:
      'The emails sent about bookings, to clients and to providers, newest first; filters combine. Which are sent follows the booking settings ' +
      '`bookingNotificationsEnabled` and `providerBookingNotificationsEnabled`. Without a mail server (`SMTP_URL`), or in a sandbox organisation, each is `logged`, not sent.',
  })
  @ApiPagedResponse(NotificationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListNotificationsQuery,
  ): Promise<Page<NotificationResponse>> {
    const filters = { bookingId: query.bookingId, clientId: query.clientId, types: query.type, statuses: query.status };
    const page = await this.notifications.list(organisationId, filters, query);
    return { ...page, items: page.items.map((notification) => NotificationResponse.from(notification)) };
  }

  @Get(':notificationId')
  @ApiOperation({
    summary: 'Get a notification',
    description:
      'With its text and HTML: what the email said, or, `logged`, what it would have said. The `ETag` names this version of it.',
  })
  @ApiOk(NotificationWithBodyResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('notificationId', 'Notification') notificationId: string,
  ): Promise<NotificationWithBodyResponse> {
    return NotificationWithBodyResponse.withBody(await this.notifications.get(organisationId, notificationId));
  }
}
