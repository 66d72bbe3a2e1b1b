import { Injectable } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { OrganisationQueries } from '@app/organisations';
import { AppConfig } from '@app/shared';
import { Clock, DomainEvents, newUuid, notFound } from '@app/shared/domain';
import { nothingToPayOut } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { nextWeekdayAfter, Payout } from '../../ledger/domain/payout.js';

export const TRANSFER_QUEUE = 'payouts.transfer';

/**
 * Pays a business out: every payment transaction of it in no payout yet, in one payout whose
 * amount is their amounts less fees plus adjustments. Runs of one business queue on its payout lock
 * (any number of instances, a retried job), so each payment transaction is paid out once. The
 * transfer to the bank is a job queued in the same transaction: it exists exactly when the payout does.
 */
@Injectable()
export class RunPayout {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly organisations: OrganisationQueries,
    private readonly jobs: Jobs,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(businessId: string): Promise<Payout> {
    const organisationId = await this.organisations.organisationIdOfBusiness(businessId);
    if (!organisationId) throw notFound('Business', businessId);
    return this.events.transaction(async () => {
      await this.payments.lockPayoutsOf(businessId);
      // Set-based: ten thousand payment transactions cost one statement, not one each (bench scenario K).
      const id = newUuid();
      const now = this.clock.now();
      const totals = await this.payments.assignWaitingToPayout(businessId, id, now);
      // Zero or less (refunds above new money) is carried forward: throwing leaves the rows for the next run.
      if (totals.transactionCount === 0 || totals.amount <= 0) throw nothingToPayOut(businessId);
      const arrivalDate = nextWeekdayAfter(now, this.config.payoutTimeZone);
      const payout = Payout.of({ id, organisationId, businessId }, totals, { arrivalDate }, now);
      await this.payments.save(payout);
      await this.events.record('payout.created', organisationId, payout);
      await this.jobs.send(TRANSFER_QUEUE, { payoutId: payout.id }, { id: payout.id });
      return payout;
    });
  }
}
