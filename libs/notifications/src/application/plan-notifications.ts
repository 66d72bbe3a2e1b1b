import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import type { BookingView } from '@app/scheduling';
import { OrganisationModes } from '@app/organisations';
import { ConfirmCheckOut } from '@app/payments-and-claims';
import {
  claimConfirmationMessage,
  clientMessage,
  CODE_PLACEHOLDER,
  type MessageContent,
  providerMessage,
  receiptMessage,
  smsReminder,
} from '../domain/messages.js';
import { type Draft, Notification, type NotificationType } from '../domain/notification.js';
import { NotificationRepository } from '../domain/notification.repository.js';
import { BookingMessages } from './booking-messages.js';
import {
  type ConfirmationMessageJob,
  NotificationDispatch,
  type PlanJob,
  type ReminderJob,
} from './notification-dispatch.js';

const HOUR_MS = 3_600_000;

/**
 * Writes the messages a booking's change calls for, by the organisation's settings when its job
 * runs, and queues each one's sending; a new or moved booking also gets its reminder queued for
 * `reminderHoursBefore` ahead, by email and, with `smsRemindersEnabled`, by text message. A client
 * or provider without an email address (or, for a text, a mobile number) gets nothing that way, and
 * nothing is recorded for them.
 */
@Injectable()
export class PlanNotifications {
  constructor(
    private readonly messages: BookingMessages,
    private readonly notifications: NotificationRepository,
    private readonly dispatch: NotificationDispatch,
    private readonly events: DomainEvents,
    private readonly modes: OrganisationModes,
    private readonly confirmations: ConfirmCheckOut,
    private readonly clock: Clock,
  ) {}

  async afterEvent(job: PlanJob): Promise<void> {
    const now = this.clock.now();
    const { organisation, view, facts } = await this.messages.read(job.organisationId, job.bookingId, now);
    const settings = organisation.bookingSettings;
    const toClient = settings.bookingNotificationsEnabled;
    const toProvider = settings.providerBookingNotificationsEnabled;
    const drafts: Draft[] = [];
    const client = (type: NotificationType, write: () => MessageContent) => {
      if (toClient) drafts.push(...this.toClient(view, type, write, job.eventId));
    };
    const provider = (type: NotificationType, write: () => MessageContent) => {
      if (toProvider) drafts.push(...this.toProvider(view, type, write, job.eventId));
    };

    switch (job.eventType) {
      case 'booking.created':
        client('booking_confirmation', () => clientMessage('booking_confirmation', facts));
        provider('provider_booking_created', () => providerMessage('provider_booking_created', facts));
        break;
      case 'booking.rescheduled':
        client('booking_rescheduled', () => clientMessage('booking_rescheduled', facts));
        provider('provider_booking_rescheduled', () => providerMessage('provider_booking_rescheduled', facts));
        break;
      case 'booking.cancelled':
        client('booking_cancelled', () => clientMessage('booking_cancelled', facts));
        provider('provider_booking_cancelled', () => providerMessage('provider_booking_cancelled', facts));
        break;
      case 'invoice.paid': {
        // One receipt an invoice, however often it becomes paid (again after a claim's void).
        const invoiceId = job.invoiceId!;
        const receipt = toClient ? await this.messages.receipt(job.organisationId, invoiceId) : null;
        if (receipt) drafts.push(...this.toClient(view, 'receipt', () => receiptMessage(facts, receipt), invoiceId));
        break;
      }
    }
    const reminds =
      toClient &&
      (job.eventType === 'booking.created' || job.eventType === 'booking.rescheduled') &&
      view.booking.cancelledAt === null;
    const dueAt = view.booking.serviceDate.getTime() - settings.reminderHoursBefore * HOUR_MS;

    await this.events.transaction(async () => {
      await this.add(job.organisationId, drafts, now);
      // A reminder whose time has passed already is not sent at all.
      if (reminds && dueAt > now.getTime()) {
        const reminder = {
          organisationId: job.organisationId,
          bookingId: job.bookingId,
          serviceDate: view.booking.serviceDate.toISOString(),
        };
        await this.dispatch.remind(reminder, Math.ceil((dueAt - now.getTime()) / 1000));
      }
    });
  }

  /** The reminder comes due: sent only while the booking is confirmed at the same time, still ahead, and reminders are on. */
  async remind(job: ReminderJob): Promise<void> {
    const now = this.clock.now();
    const { organisation, view, facts } = await this.messages.read(job.organisationId, job.bookingId, now);
    const { booking } = view;
    if (!organisation.bookingSettings.bookingNotificationsEnabled || booking.cancelledAt !== null) return;
    if (booking.serviceDate.toISOString() !== job.serviceDate || booking.serviceDate.getTime() <= now.getTime()) return;
    const drafts = this.toClient(
      view,
      'booking_reminder',
      () => clientMessage('booking_reminder', facts),
      job.serviceDate,
    );
    if (organisation.bookingSettings.smsRemindersEnabled && view.client?.mobileNumber) {
      drafts.push({
        type: 'booking_reminder',
        channel: 'sms',
        to: view.client.mobileNumber,
        ...smsReminder(facts),
        bookingId: booking.id,
        clientId: view.client.id,
        occurrence: job.serviceDate,
      });
    }
    await this.events.transaction(() => this.add(job.organisationId, drafts, now));
  }

  /**
   * The patient's code for a claim, by the channel the check-out chose, whatever the booking
   * settings say (the patient asked for it at the desk). Kept with `••••` in place of the code, which
   * the send puts in; one message per code sent. A sandbox organisation's message is only logged,
   * and kept whole: there, the code is what a partner's test reads back.
   */
  async claimConfirmation(job: ConfirmationMessageJob): Promise<void> {
    const live = await this.modes.isLive(job.organisationId);
    const code = live
      ? CODE_PLACEHOLDER
      : ((await this.confirmations.currentCode(job.organisationId, job.transactionId, job.confirmationId, job.issue)) ??
        CODE_PLACEHOLDER);
    const draft: Draft = {
      type: 'claim_confirmation',
      channel: job.channel,
      to: job.to,
      ...claimConfirmationMessage({ ...job, code }, job.channel),
      bookingId: job.bookingId,
      clientId: job.clientId,
      occurrence: confirmationOccurrence(job),
    };
    await this.events.transaction(() => this.add(job.organisationId, [draft], this.clock.now()));
  }

  /** Each draft the booking does not have yet, recorded as `pending`, with its sending queued in the same transaction. */
  private async add(organisationId: string, drafts: Draft[], now: Date): Promise<void> {
    for (const draft of drafts) {
      const notification = Notification.create(organisationId, draft, now);
      if (await this.notifications.addIfNew(notification))
        await this.dispatch.send({ organisationId, notificationId: notification.id });
    }
  }

  private toClient(
    view: BookingView,
    type: NotificationType,
    write: () => MessageContent,
    occurrence: string,
  ): Draft[] {
    if (!view.client?.email) return [];
    return [
      { type, to: view.client.email, ...write(), bookingId: view.booking.id, clientId: view.client.id, occurrence },
    ];
  }

  private toProvider(
    view: BookingView,
    type: NotificationType,
    write: () => MessageContent,
    occurrence: string,
  ): Draft[] {
    if (!view.provider?.email) return [];
    return [{ type, to: view.provider.email, ...write(), bookingId: view.booking.id, clientId: null, occurrence }];
  }
}

/** Which code a claim confirmation message carries: its transaction, its confirmation, and the count of codes sent. */
export const confirmationOccurrence = (code: { transactionId: string; confirmationId: string; issue: number }) =>
  `${code.transactionId}:${code.confirmationId}:${code.issue}`;

export function codeOfOccurrence(occurrence: string): { transactionId: string; confirmationId: string; issue: number } {
  const [transactionId, confirmationId, issue] = occurrence.split(':');
  return { transactionId, confirmationId, issue: Number(issue) };
}
