import { Injectable, Logger } from '@nestjs/common';
import type { JobAttempt } from '@app/jobs';
import { Clock, DomainEvents } from '@app/shared/domain';
import { OrganisationModes } from '@app/organisations';
import { ManageTokens } from '@app/scheduling';
import { ConfirmCheckOut } from '@app/payments-and-claims';
import { DeliveryFailure, Mailer, MessageAttachments } from '../domain/mailer.js';
import { SmsSender } from '../domain/sms-sender.js';
import { CODE_PLACEHOLDER, MANAGE_TOKEN_PLACEHOLDER, withManageToken } from '../domain/messages.js';
import type { Notification } from '../domain/notification.js';
import { NotificationRepository } from '../domain/notification.repository.js';
import type { SendJob } from './notification-dispatch.js';
import { codeOfOccurrence } from './plan-notifications.js';

/**
 * Sends one recorded message, once, by its channel: its row stays locked while the mail server (or
 * the SMS provider) takes it, so a job run twice (or on two instances at once) finds it no longer
 * `pending` and sends nothing. A message not taken is retried by the job engine with growing delays;
 * a refusal for good (an SMTP 5xx, an SMS provider's 4xx) or the last attempt makes it `failed`, with
 * `notification.failed`. Without a mail server (or SMS provider), or from a sandbox organisation, it
 * is `logged`.
 */
@Injectable()
export class SendNotification {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly attachments: MessageAttachments,
    private readonly manageTokens: ManageTokens,
    private readonly organisationModes: OrganisationModes,
    private readonly confirmations: ConfirmCheckOut,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  async execute(job: SendJob, attempt: JobAttempt): Promise<void> {
    const retry = await this.events.transaction(async () => {
      const notification = await this.notifications.lock(job.organisationId, job.notificationId);
      if (!notification || notification.status !== 'pending') return null;
      const delivers = await this.delivers(notification);
      const failure = delivers ? await this.deliver(notification, attempt) : null;
      const now = this.clock.now();
      if (!failure) {
        if (delivers) notification.sent(now);
        else notification.logged(now);
        await this.notifications.save(notification);
        return null;
      }
      if (failure.permanent || attempt.last) {
        notification.failed(failure.message, now);
        await this.notifications.save(notification);
        await this.events.record('notification.failed', job.organisationId, notification);
        return null;
      }
      notification.attemptFailed(failure.message, now);
      await this.notifications.save(notification);
      return failure;
    });
    // Thrown once the attempt is on record: the job engine runs the job again after its delay.
    if (retry) throw retry;
  }

  private async delivers(notification: Notification): Promise<boolean> {
    const configured = notification.channel === 'sms' ? this.sms.delivers : this.mailer.delivers;
    return configured && (await this.organisationModes.isLive(notification.organisationId));
  }

  private async deliver(notification: Notification, attempt: JobAttempt): Promise<DeliveryFailure | null> {
    const token = notification.text.includes(MANAGE_TOKEN_PLACEHOLDER)
      ? this.manageTokens.forBooking(notification.bookingId).token
      : null;
    const words = token ? withManageToken(notification, token) : { text: notification.text, html: notification.html };
    try {
      if (notification.type === 'claim_confirmation') {
        // The patient's code is made again as it is sent, and only while it is the one that works.
        const { transactionId, confirmationId, issue } = codeOfOccurrence(notification.occurrence);
        const code = await this.confirmations.currentCode(
          notification.organisationId,
          transactionId,
          confirmationId,
          issue,
        );
        if (!code)
          throw new DeliveryFailure('The code was replaced by a new one, expired, or is no longer needed.', true);
        words.text = words.text.replaceAll(CODE_PLACEHOLDER, code);
        words.html = words.html.replaceAll(CODE_PLACEHOLDER, code);
      }
      if (notification.channel === 'sms') await this.sms.send({ to: notification.to, body: words.text });
      else
        await this.mailer.send({
          to: notification.to,
          subject: notification.subject,
          ...words,
          attachments: await this.attachments.of(notification),
        });
      return null;
    } catch (error) {
      if (!(error instanceof DeliveryFailure)) throw error;
      this.logger.warn(
        {
          organisationId: notification.organisationId,
          notificationId: notification.id,
          retryCount: attempt.retryCount,
          error: error.message,
        },
        'Email not sent',
      );
      return error;
    }
  }
}
