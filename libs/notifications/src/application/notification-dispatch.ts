import { Injectable } from '@nestjs/common';
import { jobIdOf, Jobs } from '@app/jobs';
import type { JobRequest } from '@app/shared/domain';

export const PLAN_QUEUE = 'notifications.plan';
export const REMIND_QUEUE = 'notifications.remind';
export const SEND_QUEUE = 'notifications.send';
export const CONFIRMATION_QUEUE = 'notifications.claim-confirmation';

export const BOOKING_EVENTS = ['booking.created', 'booking.rescheduled', 'booking.cancelled'] as const;
export type BookingEventType = (typeof BOOKING_EVENTS)[number];

/** A booking event, or its invoice paid (`invoiceId`: the receipt), whose messages are still to be written. */
export interface PlanJob {
  organisationId: string;
  bookingId: string;
  eventId: string;
  eventType: BookingEventType | 'invoice.paid';
  invoiceId?: string;
}

/** The reminder of a booking at one service date: due when a reschedule has not moved the booking since. */
export interface ReminderJob {
  organisationId: string;
  bookingId: string;
  serviceDate: string;
}

/** A patient's code for a claim, to be written as a message: everything but the code, which the send makes. */
export interface ConfirmationMessageJob {
  organisationId: string;
  transactionId: string;
  confirmationId: string;
  issue: number;
  bookingId: string;
  clientId: string;
  channel: 'sms' | 'email';
  to: string;
  businessName: string;
  payer: string;
  benefit: number;
  gap: number;
  bulkBill: boolean;
}

export interface SendJob {
  organisationId: string;
  notificationId: string;
}

/**
 * Queues notifications' jobs on the job engine, in the running transaction when there is one. Each
 * job's id is made from what it is for, so a step that runs twice queues it once.
 */
@Injectable()
export class NotificationDispatch {
  constructor(private readonly jobs: Jobs) {}

  /** The job that writes a booking event's messages, for the outbox to queue with the event. */
  planJob(job: PlanJob): JobRequest {
    return { queue: PLAN_QUEUE, data: job, options: { id: jobIdOf(PLAN_QUEUE, job.eventId, job.bookingId) } };
  }

  /** The job that writes a patient's code message, for the outbox to queue with `confirmation.sent`. */
  confirmationJob(eventId: string, job: ConfirmationMessageJob): JobRequest {
    return { queue: CONFIRMATION_QUEUE, data: job, options: { id: jobIdOf(CONFIRMATION_QUEUE, eventId) } };
  }

  async remind(job: ReminderJob, dueInSeconds: number): Promise<void> {
    await this.jobs.send(REMIND_QUEUE, job, {
      id: jobIdOf(REMIND_QUEUE, job.bookingId, job.serviceDate),
      startAfterSeconds: dueInSeconds,
    });
  }

  async send(job: SendJob): Promise<void> {
    await this.jobs.send(SEND_QUEUE, job, { id: jobIdOf(SEND_QUEUE, job.notificationId) });
  }
}
