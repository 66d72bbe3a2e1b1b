import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type MedicareClaimAnswer, type MedicareClaimRequest, MedicareGateway } from '../../domain/medicare-gateway.js';
import { claimGatewayTimeout, medicareClaimRejected } from '../../../ledger/domain/payments.errors.js';
import { REFERRED_ITEM_CODES } from '../../domain/referred-items.js';
import type { PaymentReport, PaymentReportQuery } from '../../domain/payment-report.js';
import { keep } from './kept-records.js';
import { testPaymentReports } from './test-payment-runs.js';

/** The mark in the Medicare Online claim id of a claim its payment run pays short (hex never holds it). */
const PAID_SHORT_MARK = 'MCOL-CL-S';

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
 * Medicare card numbers (valid, beginning `6`) the test gateway answers specially, as a partner's
 * integration would meet each answer; every other card is approved in full. Listed in the docs'
 * table of test values (docs/money.md).
 */
export const MEDICARE_TEST_CARD_NUMBERS = {
  /** Every item approved, each paid its benefit from `TEST_MBS_BENEFITS`. */
  approved: '6000000151',
  /** The first item approved; every other assessed at no benefit (reason 160, the most services for the item already paid). */
  partlyApproved: '6000000241',
  /** The whole claim rejected: 402 `medicare_claim_rejected` with Medicare Online's error 9650 (details do not match Medicare's). */
  rejected: '6000000331',
  /** Medicare does not answer: 503 `claim_gateway_timeout`, nothing claimed. */
  noAnswer: '6000000421',
  /** Assessed in full, then rejected when lodged (error 9650), as after the patient confirmed. */
  rejectedAtLodging: '6000000511',
  /** Assessed in full; Medicare does not answer when the claim is lodged. */
  noAnswerAtLodging: '6000000601',
  /** Assessed in full, then lodged at $10.00 less on its first item: a bigger gap than the patient approved. */
  lessAtLodging: '6000000791',
  /** Approved in full; the bulk bill payment run that pays it pays $5.00 less: a remittance with a discrepancy. */
  paidShort: '6000000881',
} as const;

/**
 * The built-in Medicare gateway (`MEDICARE_GATEWAY=test`, the default): no network. Benefits come
 * from `TEST_MBS_BENEFITS`; a claim with an item not in it is rejected with Medicare Online's error
 * 9202 (item not payable), as Medicare rejects a whole claim for one bad item. The card numbers of
 * `MEDICARE_TEST_CARD_NUMBERS` give the other answers Medicare can give. Bulk bills are paid in
 * payment runs `remittanceDelayBusinessDays` business days after they were lodged (`testPaymentReports`).
 */
@Injectable()
export class TestMedicareGateway extends MedicareGateway {
  constructor(private readonly remittanceDelayBusinessDays = 1) {
    super();
  }

  /** The claims it was sent (the latest 10,000), as Medicare would have received them. */
  readonly received: MedicareClaimRequest[] = [];

  async claim(request: MedicareClaimRequest): Promise<MedicareClaimAnswer> {
    keep(this.received, request);
    const card = request.patient.medicareNumber;
    if (card === MEDICARE_TEST_CARD_NUMBERS.noAnswerAtLodging) throw claimGatewayTimeout('Medicare');
    if (card === MEDICARE_TEST_CARD_NUMBERS.rejectedAtLodging)
      throw medicareClaimRejected('9650', "the card number or the patient's details do not match Medicare's");
    const answer = this.assessed(request);
    if (card === MEDICARE_TEST_CARD_NUMBERS.paidShort)
      answer.mcolClaimId = answer.mcolClaimId.replace('MCOL-CL-', PAID_SHORT_MARK);
    if (card !== MEDICARE_TEST_CARD_NUMBERS.lessAtLodging) return answer;
    const [first, ...rest] = answer.items;
    return { ...answer, items: [{ ...first, benefitAmount: Math.max(first.benefitAmount - 1000, 0) }, ...rest] };
  }

  async assess(request: MedicareClaimRequest): Promise<MedicareClaimAnswer> {
    keep(this.assessments, request);
    return this.assessed(request);
  }

  /** The claims it was asked to assess (the latest 10,000), nothing lodged. */
  readonly assessments: MedicareClaimRequest[] = [];

  private assessed(request: MedicareClaimRequest): MedicareClaimAnswer {
    const card = request.patient.medicareNumber;
    if (card === MEDICARE_TEST_CARD_NUMBERS.noAnswer) throw claimGatewayTimeout('Medicare');
    if (card === MEDICARE_TEST_CARD_NUMBERS.rejected)
      throw medicareClaimRejected('9650', "the card number or the patient's details do not match Medicare's");
    const unknown = request.items.find((item) => !Object.hasOwn(TEST_MBS_BENEFITS, item.itemCode));
    if (unknown) throw medicareClaimRejected('9202', `MBS item ${unknown.itemCode} is not payable`);
    const partly = card === MEDICARE_TEST_CARD_NUMBERS.partlyApproved;
    return {
      mcolTransactionId: `MCOL-TX-${randomBytes(5).toString('hex').toUpperCase()}`,
      mcolClaimId: `MCOL-CL-${randomBytes(5).toString('hex').toUpperCase()}`,
      items: request.items.map((item, index) =>
        partly && index > 0
          ? { benefitAmount: 0, mcolAssessmentCode: '160' }
          : { benefitAmount: Math.min(TEST_MBS_BENEFITS[item.itemCode], item.chargeAmount), mcolAssessmentCode: 'A' },
      ),
    };
  }

  async paymentReports(query: PaymentReportQuery): Promise<PaymentReport[]> {
    return testPaymentReports(query, this.remittanceDelayBusinessDays, {
      referencePrefix: 'MCOL-RUN',
      paidShort: (reference) => reference.startsWith(PAID_SHORT_MARK),
    });
  }

  /** Medicare Online ids of the claims reversed, as Medicare's own records would show them. */
  readonly reversed = new Set<string>();

  async reverse(mcolClaimId: string): Promise<void> {
    this.reversed.add(mcolClaimId);
  }
}
