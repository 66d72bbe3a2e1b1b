import { Injectable } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { OrganisationQueries } from '@app/organisations';
import { AppConfig } from '@app/shared';
import { Clock, DomainEvents, notFound } from '@app/shared/domain';
import { netOf } from '../domain/payment-transaction.js';
import { nothingToPayOut } from '../domain/payments.errors.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { nextWeekdayAfter, type Payout } from '../domain/payout.js';
import { AssemblePayout } from './assemble-payout.use-case.js';

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
    private readonly assemble: AssemblePayout,
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
      const ids = await this.payments.unpaidOf(businessId);
      const arrivalDate = nextWeekdayAfter(this.clock.now(), this.config.payoutTimeZone);
      const payout = await this.assemble.execute(organisationId, businessId, ids, { arrivalDate }, (transactions) => {
        // Zero or less (refunds above new money) is carried forward: the rows stay for the next run.
        if (transactions.length === 0 || transactions.reduce((sum, transaction) => sum + netOf(transaction), 0) <= 0) throw nothingToPayOut(businessId);
      });
      await this.events.record('payout.created', organisationId, payout);
      await this.jobs.send(TRANSFER_QUEUE, { payoutId: payout.id }, { id: payout.id });
      return payout;
    });
  }
}
