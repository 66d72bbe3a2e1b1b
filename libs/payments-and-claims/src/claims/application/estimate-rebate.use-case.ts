import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { WalletCardQueries } from '@app/wallet';
import { ClaimFiling, type ClaimableItem, type FundClaimCommand, patientOf } from './claim-filing.js';
import type { FiledClaim } from '../../ledger/application/claim-views.js';

/**
 * What the fund would pay, asked in quote mode: nothing is stored and no money moves. A fund quotes
 * for a person on the card, as it claims: the patient sent, else the card's default (400 with neither).
 */
@Injectable()
export class EstimateRebate {
  constructor(
    private readonly claims: ClaimFiling,
    private readonly wallet: WalletCardQueries,
    private readonly clock: Clock,
  ) {}

  async execute(
    organisationId: string,
    command: Pick<FundClaimCommand, 'healthFundCardId' | 'patientReferenceNumber'>,
    items: Omit<ClaimableItem, 'serviceDate'>[],
  ): Promise<FiledClaim> {
    const { healthFundCardId } = command;
    const cards = await this.wallet.assertCards(organisationId, [
      { field: 'healthFundCardId', id: healthFundCardId, type: 'health_fund_card' },
    ]);
    const now = this.clock.now();
    const claim = await this.claims.healthFund(
      organisationId,
      patientOf(command, cards, 'patientReferenceNumber'),
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
