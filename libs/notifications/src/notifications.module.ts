import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AppConfig, configuredAdapter, eventData } from '@app/shared';
import { OrganisationsModule } from '@app/organisations';
import { PaymentsAndClaimsModule } from '@app/payments-and-claims';
import { SchedulingModule } from '@app/scheduling';
import { BookingMessages } from './application/booking-messages.js';
import { NotificationDispatch } from './application/notification-dispatch.js';
import { NotificationJobs } from './application/notification-jobs.js';
import { NotificationQueries } from './application/notification.queries.js';
import { PlanNotifications } from './application/plan-notifications.js';
import { SendNotification } from './application/send-notification.js';
import { Mailer, MessageAttachments } from './domain/mailer.js';
import { NotificationRepository } from './domain/notification.repository.js';
import { renderNotificationEvents } from './http/event-renderers.js';
import { NotificationsController } from './http/notifications.controller.js';
import { InvoiceAttachments } from './infrastructure/mail/invoice-attachments.js';
import { NoMailServer, SmtpMailer } from './infrastructure/mail/smtp-mailer.js';
import { NoSmsProvider, TwilioSmsSender } from './infrastructure/sms/twilio-sms-sender.js';
import { SmsSender } from './domain/sms-sender.js';
import { MikroOrmNotificationRepository } from './infrastructure/persistence/mikro-orm-notification.repository.js';
import { notificationsSchemas } from './infrastructure/persistence/notification.schema.js';
import { SqlNotificationQueries } from './infrastructure/persistence/sql-notification.queries.js';

/**
 * The emails (and reminders by text message) clients and providers get about bookings: written and sent by the job engine after a
 * booking event commits, reminders queued for their time, and the list of what went out.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(notificationsSchemas),
    OrganisationsModule,
    SchedulingModule,
    PaymentsAndClaimsModule,
  ],
  controllers: [NotificationsController],
  providers: [
    eventData(renderNotificationEvents),
    { provide: NotificationRepository, useClass: MikroOrmNotificationRepository },
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.emailFrom) : new NoMailServer(),
    },
    {
      provide: SmsSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter<SmsSender>('SMS_PROVIDER', config.smsProvider, {
          log: () => new NoSmsProvider(),
          twilio: () =>
            new TwilioSmsSender(
              { accountSid: config.twilioAccountSid!, authToken: config.twilioAuthToken!, from: config.smsFrom! },
              config.twilioApiBase,
            ),
        }),
    },
    { provide: MessageAttachments, useClass: InvoiceAttachments },
    BookingMessages,
    NotificationDispatch,
    NotificationJobs,
    { provide: NotificationQueries, useClass: SqlNotificationQueries },
    PlanNotifications,
    SendNotification,
  ],
})
export class NotificationsModule {}
