import { Injectable } from '@nestjs/common';
import { jobIdOf, Jobs } from '@app/jobs';
import type { Cents } from '@app/shared/domain';
import type { TransactionView } from '../../ledger/application/transaction.queries.js';
import type { PendingCheckOut } from '../../ledger/domain/transaction.js';
import { CONFIRMATION_MINUTES, type Confirmation, type ConfirmationChannel } from '../../ledger/domain/confirmation.js';

export const EXPIRE_QUEUE = 'claims.confirmation-expiry';

/** An expiry job: the confirmation's `issue`th code runs out; a later code has its own job. */
export interface ExpiryJob {
  organisationId: string;
  transactionId: string;
  confirmationId: string;
  issue: number;
}

/**
 * A code sent to the patient, as `confirmation.sent` carries it: what the message says, and where it
 * goes. `to` is the whole mobile number or address, for the message only; the event's `data` is the
 * transaction, as its GET shows it (the confirmation's contact masked).
 */
export interface ConfirmationSent {
  view: TransactionView;
  confirmation: Confirmation;
  channel: ConfirmationChannel;
  to: string;
  businessName: string;
  /** Who pays the benefit: the fund's name, or Medicare. */
  payer: string;
  benefit: Cents;
  gap: Cents;
  /** A bulk bill's assignment of benefit (the patient assigns their Medicare benefit to the practice), not a fund claim. */
  bulkBill: boolean;
}

/** `confirmation.sent` of the code `confirmation` now holds, to `to`, for the check-out `pending` keeps. */
export function confirmationSent(
  view: TransactionView,
  confirmation: Confirmation,
  to: string,
  businessName: string,
  pending: PendingCheckOut,
): ConfirmationSent {
  const command = pending.command as { medicareClaim?: { type: string } };
  return {
    view,
    confirmation,
    channel: confirmation.channel,
    to,
    businessName,
    payer: pending.payer,
    benefit: pending.assessedBenefit,
    gap: pending.gap,
    bulkBill: command.medicareClaim?.type === 'bulk_bill',
  };
}

/** Queues a confirmation's expiry on the job engine, in the running transaction: it exists exactly when the code does. */
@Injectable()
export class ConfirmationDispatch {
  constructor(private readonly jobs: Jobs) {}

  async expireLater(organisationId: string, transactionId: string, confirmation: Confirmation): Promise<void> {
    const job: ExpiryJob = {
      organisationId,
      transactionId,
      confirmationId: confirmation.id,
      issue: confirmation.issue,
    };
    await this.jobs.send(EXPIRE_QUEUE, job, {
      id: jobIdOf(EXPIRE_QUEUE, confirmation.id, String(confirmation.issue)),
      // A second late, so the job finds the code expired (`expiresAt` is when it stops working).
      startAfterSeconds: CONFIRMATION_MINUTES * 60 + 1,
    });
  }
}
