import { EntitySchema } from '@mikro-orm/core';
import { TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Notification } from '../../domain/notification.js';

export const NotificationSchema = new EntitySchema<Notification>({
  class: Notification,
  tableName: 'notifications',
  uniques: [
    {
      name: 'notifications_booking_id_type_channel_occurrence_key',
      properties: ['bookingId', 'type', 'channel', 'occurrence'],
    },
  ],
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    type: TEXT,
    channel: TEXT,
    to: { ...TEXT, fieldName: 'recipient' },
    subject: TEXT,
    text: { ...TEXT, fieldName: 'text_body' },
    html: { ...TEXT, fieldName: 'html_body' },
    status: TEXT,
    bookingId: UUID,
    clientId: { ...UUID, nullable: true },
    occurrence: TEXT,
    error: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    sentAt: { ...TIMESTAMP, nullable: true },
  },
});

export const notificationsSchemas = [NotificationSchema];
