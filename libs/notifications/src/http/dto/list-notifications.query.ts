import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { ListQueryParam, MayBeOmitted, PageQuery } from '@app/shared';
import {
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationStatus,
  type NotificationType,
} from '../../domain/notification.js';

export class ListNotificationsQuery extends PageQuery {
  @ApiProperty({ required: false, example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' })
  @MayBeOmitted()
  @IsUUID('all', { message: 'bookingId must be a booking id' })
  bookingId?: string;

  @ApiProperty({ required: false, example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80' })
  @MayBeOmitted()
  @IsUUID('all', { message: 'clientId must be a client id' })
  clientId?: string;

  @ListQueryParam(NOTIFICATION_TYPES, 'Only notifications of these types.', [
    'booking_confirmation',
    'booking_reminder',
  ])
  type?: NotificationType[];

  @ListQueryParam(NOTIFICATION_STATUSES, 'Only notifications with these statuses.', ['failed'])
  status?: NotificationStatus[];
}
