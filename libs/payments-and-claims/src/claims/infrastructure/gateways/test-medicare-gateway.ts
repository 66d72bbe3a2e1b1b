import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type MedicareClaimAnswer, type MedicareClaimRequest, MedicareGateway } from '../../domain/medicare-gateway.js';
import { medicareClaimRejected } from '../../../ledger/domain/payments.errors.js';
import { REFERRED_ITEM_CODES } from '../../domain/referred-items.js';

/**
 * Benefits of a few real MBS items, in cents (GP attendances 23, 36 and 44; the allied health
 * services 10950 to 10970, paid only on a referral, physiotherapy 10960 among them; clinical
 * psychology 80010; pathology 66512): fixed test values near the schedule, not the current MBS.
 */
export const TEST_MBS_BENEFITS: Record<string, number> = {
  '23': 4285,
  '36': 8290,
  '44': 12215,
  ...Object.fromEntries(REFERRED_ITEM_CODES.map((itemCode) => [itemCode, 5830])),
  '80010': 14185,
  '66512': 1785,
};

/**
 * The built-in Medicare gateway (`MEDICARE_GATEWAY=test`, the default): no network. Benefits come
 * from `TEST_MBS_BENEFITS`; a claim with an item not in it is rejected with Medicare Online's error
 * 9202 (item not payable), as Medicare rejects a whole claim for one bad item.
 */
@Injectable()
export class TestMedicareGateway extends MedicareGateway {
  async claim(request: MedicareClaimRequest): Promise<MedicareClaimAnswer> {
    const unknown = request.items.find((item) => !Object.hasOwn(TEST_MBS_BENEFITS, item.itemCode));
    if (unknown) throw medicareClaimRejected('9202', `MBS item ${unknown.itemCode} is not payable`);
    return {
      mcolTransactionId: `MCOL-TX-${randomBytes(5).toString('hex').toUpperCase()}`,
      mcolClaimId: `MCOL-CL-${randomBytes(5).toString('hex').toUpperCase()}`,
      items: request.items.map((item) => ({
        benefitAmount: Math.min(TEST_MBS_BENEFITS[item.itemCode], item.chargeAmount),
        mcolAssessmentCode: 'A',
      })),
    };
  }

  /** Medicare Online ids of the claims reversed, as Medicare's own records would show them. */
  readonly reversed = new Set<string>();

  async reverse(mcolClaimId: string): Promise<void> {
    this.reversed.add(mcolClaimId);
  }
}
