import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { WalletCardQueries } from '@app/wallet';
import { ClaimFiling, type ClaimableItem } from './claim-filing.js';
import type { FiledClaim } from '../../ledger/application/claim-views.js';

/** What the fund would pay, asked in quote mode: nothing is stored and no money moves. */
@Injectable()
export class EstimateRebate {
  constructor(
    private readonly claims: ClaimFiling,
    private readonly wallet: WalletCardQueries,
    private readonly clock: Clock,
  ) {}

  async execute(
    organisationId: string,
    healthFundCardId: string,
    items: Omit<ClaimableItem, 'serviceDate'>[],
  ): Promise<FiledClaim> {
    const cards = await this.wallet.assertCards(organisationId, [
      { field: 'healthFundCardId', id: healthFundCardId, type: 'health_fund_card' },
    ]);
    const now = this.clock.now();
    const claim = await this.claims.healthFund(
      organisationId,
      { healthFundCardId },
      cards,
      '',
      items.map((item) => ({ ...item, serviceDate: now })),
      now,
      'quote',
    );
    // The claim is made with the card's fund.
    return { claim, healthFund: cards.get(healthFundCardId)?.healthFund ?? null };
  }
}
