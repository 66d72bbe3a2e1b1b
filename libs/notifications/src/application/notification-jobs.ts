import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { AppConfig } from '@app/shared';
import { EventReactions } from '@app/shared/domain';
import type { BookingView } from '@app/scheduling';
import type { ConfirmationSent, InvoiceView } from '@app/payments-and-claims';
import {
  BOOKING_EVENTS,
  type BookingEventType,
  CONFIRMATION_QUEUE,
  type ConfirmationMessageJob,
  NotificationDispatch,
  PLAN_QUEUE,
  type PlanJob,
  REMIND_QUEUE,
  type ReminderJob,
  SEND_QUEUE,
  type SendJob,
} from './notification-dispatch.js';
import { PlanNotifications } from './plan-notifications.js';
import { SendNotification } from './send-notification.js';

/**
 * Hooks notifications onto booking events (a receipt onto `invoice.paid`, a patient's code onto `confirmation.sent`) and registers their jobs. A booking event queues its
 * messages' job with the event, in its statement and its transaction, so the messages follow
 * exactly the changes that commit, and are written and sent after the commit, never inside the
 * request.
 */
@Injectable()
export class NotificationJobs implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly reactions: EventReactions,
    private readonly dispatch: NotificationDispatch,
    private readonly plan: PlanNotifications,
    private readonly send: SendNotification,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.reactions.register<BookingView>(BOOKING_EVENTS, (event) => {
      if (event.organisationId === null) return [];
      const eventType = event.type as BookingEventType;
      return [
        this.dispatch.planJob({
          organisationId: event.organisationId,
          bookingId: event.resource.booking.id,
          eventId: event.id,
          eventType,
        }),
      ];
    });
    // The receipt: once per invoice, when it is paid, whatever paid it (a check-out, a link, a later check-out).
    this.reactions.register<InvoiceView>(['invoice.paid'], (event) => {
      if (event.organisationId === null) return [];
      return [
        this.dispatch.planJob({
          organisationId: event.organisationId,
          bookingId: event.resource.invoice.bookingId,
          eventId: event.id,
          eventType: 'invoice.paid',
          invoiceId: event.resource.invoice.id,
        }),
      ];
    });
    this.reactions.register<ConfirmationSent>(['confirmation.sent'], (event) => {
      const sent = event.resource;
      const transaction = sent.view.transaction;
      if (event.organisationId === null || !transaction.bookingId || !transaction.clientId) return [];
      return [
        this.dispatch.confirmationJob(event.id, {
          organisationId: event.organisationId,
          transactionId: transaction.id,
          confirmationId: sent.confirmation.id,
          issue: sent.confirmation.issue,
          bookingId: transaction.bookingId,
          clientId: transaction.clientId,
          channel: sent.channel,
          to: sent.to,
          businessName: sent.businessName,
          payer: sent.payer,
          benefit: sent.benefit,
          gap: sent.gap,
          bulkBill: sent.bulkBill,
        }),
      ];
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<PlanJob>(
      PLAN_QUEUE,
      { expireInSeconds: 60, retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, concurrency: 2 },
      (job) => this.plan.afterEvent(job),
    );
    await this.jobs.work<ConfirmationMessageJob>(
      CONFIRMATION_QUEUE,
      { expireInSeconds: 60, retryLimit: 5, retryDelaySeconds: 2, retryBackoff: true },
      (job) => this.plan.claimConfirmation(job),
    );
    await this.jobs.work<ReminderJob>(
      REMIND_QUEUE,
      { expireInSeconds: 60, retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true },
      (job) => this.plan.remind(job),
    );
    // A send holds its row while the mail server answers, which nodemailer gives at most a minute and a half.
    const retries = {
      retryLimit: this.config.emailRetryLimit,
      retryDelaySeconds: this.config.emailRetryDelaySeconds,
      retryBackoff: true,
    };
    await this.jobs.work<SendJob>(SEND_QUEUE, { expireInSeconds: 120, ...retries, concurrency: 4 }, (job, attempt) =>
      this.send.execute(job, attempt),
    );
  }
}
