import { newUuid, nextUpdatedAt } from '@app/shared/domain';

export const NOTIFICATION_TYPES = [
  'booking_confirmation',
  'booking_rescheduled',
  'booking_cancelled',
  'booking_reminder',
  'receipt',
  'provider_booking_created',
  'provider_booking_rescheduled',
  'provider_booking_cancelled',
  'claim_confirmation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * `logged`: recorded with its text but not sent, because no mail server (or SMS provider) is
 * configured or the organisation is a sandbox.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** A message written and ready to record: to whom, about which booking, and its words. */
export interface Draft {
  type: NotificationType;
  /** `email` unless said: an `sms` goes `to` a mobile number, its words in `text` (its `subject` says what it is, for lists). */
  channel?: NotificationChannel;
  to: string;
  subject: string;
  text: string;
  html: string;
  bookingId: string;
  /** The client it goes to; `null` for a message to a provider. */
  clientId: string | null;
  /**
   * Which of the booking's messages of this type it is: the event it follows, or the service date a
   * reminder is for. A booking has one message per type and occurrence, however often its job runs.
   */
  occurrence: string;
}

/** One email or text message about a booking, to its client or its provider, and what became of it. */
export class Notification {
  id: string;
  organisationId: string;
  type: NotificationType;
  channel: NotificationChannel;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: NotificationStatus;
  bookingId: string;
  clientId: string | null;
  occurrence: string;
  /** Why the last attempt failed; kept while a retry is due, cleared once it is sent. */
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;

  static create(organisationId: string, draft: Draft, now: Date): Notification {
    const notification = new Notification();
    notification.id = newUuid();
    notification.organisationId = organisationId;
    notification.type = draft.type;
    notification.channel = draft.channel ?? 'email';
    notification.to = draft.to;
    notification.subject = draft.subject;
    notification.text = draft.text;
    notification.html = draft.html;
    notification.status = 'pending';
    notification.bookingId = draft.bookingId;
    notification.clientId = draft.clientId;
    notification.occurrence = draft.occurrence;
    notification.error = null;
    notification.createdAt = now;
    notification.updatedAt = now;
    notification.sentAt = null;
    return notification;
  }

  sent(now: Date): void {
    this.status = 'sent';
    this.sentAt = now;
    this.error = null;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** Nothing sends it (no mail server, or a sandbox organisation): it stays on record with its text, unsent. */
  logged(now: Date): void {
    this.status = 'logged';
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** An attempt failed and another follows: still `pending`, with the reason. */
  attemptFailed(error: string, now: Date): void {
    this.error = error;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  failed(error: string, now: Date): void {
    this.status = 'failed';
    this.error = error;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }
}
