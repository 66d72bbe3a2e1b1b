import { Injectable, Logger } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { moveOn, type Payout } from '../../ledger/domain/payout.js';
import type { StripeEventOutcome } from '../../ledger/domain/stripe-event-outcome.js';

/**
 * What the bank said became of a payout: `paid` (`payout.paid`), or `failed` (`payout.failed`, and
 * what it counted waits for the next run again). The payout job asks the bank and records its
 * answer here; Stripe's `payout.paid` and `payout.failed` events do too. Inside the caller's
 * transaction, on a payout whose row lock it holds: told twice, the payout moves once.
 */
@Injectable()
export class PayoutOutcome {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly clock: Clock,
  ) {}

  /** Whether the payout moved on (a payout already paid, failed, or not yet sent stays). */
  async record(payout: Payout, outcome: 'paid' | 'failed'): Promise<boolean> {
    const now = this.clock.now();
    if (!moveOn(payout, outcome, now)) return false;
    await this.payments.save(payout);
    if (outcome === 'failed') await this.payments.releaseTransactionsOf(payout.id, now);
    await this.events.record(outcome === 'paid' ? 'payout.paid' : 'payout.failed', payout.organisationId, payout);
    return true;
  }

  /**
   * Stripe's `payout.paid`, `payout.failed` or `payout.canceled`, about its payout `po_…` on the
   * connected account `accountId`: only the account the payout was sent from speaks for it.
   */
  async ofBankPayout(
    bankPayoutId: string | null,
    accountId: string | null,
    outcome: 'paid' | 'failed',
  ): Promise<StripeEventOutcome> {
    const payout = bankPayoutId ? await this.payments.lockPayoutByBankPayoutId(bankPayoutId) : null;
    if (!payout) {
      this.logger.warn(`Stripe says payout ${bankPayoutId} is ${outcome}, and no payout here was sent as it`);
      return 'unknown';
    }
    if (payout.accountId && accountId !== payout.accountId) {
      this.logger.warn(
        `Stripe says payout ${bankPayoutId} is ${outcome} on account ${accountId}, and it was sent from ${payout.accountId}`,
      );
      return 'unknown';
    }
    return (await this.record(payout, outcome)) ? 'applied' : 'unchanged';
  }
}
