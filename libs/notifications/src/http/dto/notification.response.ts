import { ApiProperty } from '@nestjs/swagger';
import type { ListedNotification } from '../../application/notification.queries.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  type Notification,
} from '../../domain/notification.js';

/** A notification as lists and `notification.failed` show it: what went to whom, and what became of it. */
export class NotificationResponse {
  @ApiProperty({ example: '0193a702-5c1d-7e2f-9a3b-4c5d6e7f8091' }) id: string;
  @ApiProperty({
    enum: NOTIFICATION_TYPES,
    example: 'booking_confirmation',
    description:
      'To the client: `booking_confirmation`, `booking_rescheduled`, `booking_cancelled`, `booking_reminder`, `receipt`; to the provider: `provider_booking_…`.',
  })
  type: string;
  @ApiProperty({
    enum: NOTIFICATION_CHANNELS,
    example: 'email',
    description: '`sms`: a text message (a reminder, with `smsRemindersEnabled`).',
  })
  channel: string;
  @ApiProperty({
    example: 'alex.chen@example.com',
    description: 'The email address, or for `sms` the mobile number, it went (or, `logged`, would go) to.',
  })
  to: string;
  @ApiProperty({
    example: 'Booking confirmed: Initial consultation, Tuesday 7 April 2026 at 9:00 am AEST',
    description: "The email's subject; for `sms`, what the message is about (a text message has no subject line).",
  })
  subject: string;
  @ApiProperty({
    enum: NOTIFICATION_STATUSES,
    example: 'sent',
    description:
      '`pending`: waiting to go, or to be retried (see `error`); `sent`: the mail server (or SMS provider) took it; `failed`: refused for good, or still not taken after every retry; ' +
      '`logged`: recorded with its text but not sent, because the service has no mail server (`SMTP_URL`), or for `sms` no SMS provider (`SMS_PROVIDER`), ' +
      'or because the organisation is a sandbox (`livemode` false).',
  })
  status: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) bookingId: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
    description: 'The client it went to; null for a message to a provider.',
  })
  clientId: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:29:01.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it does.',
  })
  updatedAt: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-22T05:29:01.000Z',
    format: 'date-time',
    description: 'When the mail server (or SMS provider) took it; null until then.',
  })
  sentAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: "Why the last attempt failed (the mail server's answer, or the network error); null once sent.",
  })
  error: string | null;

  static from(notification: ListedNotification): NotificationResponse {
    return {
      id: notification.id,
      type: notification.type,
      channel: notification.channel,
      to: notification.to,
      subject: notification.subject,
      status: notification.status,
      bookingId: notification.bookingId,
      clientId: notification.clientId,
      createdAt: notification.createdAt.toISOString(),
      updatedAt: notification.updatedAt.toISOString(),
      sentAt: notification.sentAt?.toISOString() ?? null,
      error: notification.error,
    };
  }
}

/** One notification with what it said. */
export class NotificationWithBodyResponse extends NotificationResponse {
  @ApiProperty({
    example: 'Hi Alex,\n\nYour booking at Harbour Physio is confirmed.\n…',
    description:
      "The plain-text body. A manage link shows `{manageToken}` in place of the patient's token, and a claim confirmation `••••` in place of the patient's code: only the message itself carries them.",
  })
  text: string;
  @ApiProperty({
    example: '<!doctype html>\n<html><body …>…</body></html>',
    description: 'The HTML body, with the same placeholder.',
  })
  html: string;

  static withBody(notification: Notification): NotificationWithBodyResponse {
    return { ...NotificationResponse.from(notification), text: notification.text, html: notification.html };
  }
}
