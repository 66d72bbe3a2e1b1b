import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type FundClaimAnswer, type FundClaimRequest, HealthFundGateway } from '../../domain/health-fund-gateway.js';
import { claimGatewayTimeout, claimRejected } from '../../../ledger/domain/payments.errors.js';
import type { PaymentReport, PaymentReportQuery } from '../../domain/payment-report.js';
import { keep, keepEntry } from './kept-records.js';
import { testPaymentReports } from './test-payment-runs.js';

/** The mark in the reference of a claim the fund's settlement pays short (hex never holds it). */
const PAID_SHORT_MARK = 'HC-S';

const ANY_FUND = '*';
const MEDIBANK = '0193a6f2-0001-7000-8000-000000000001';
const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const HCF = '0193a6f2-0001-7000-8000-000000000003';

/**
 * The benefit a fund pays per item code, in cents (physiotherapy 500/505/560, chiropractic 1000,
 * psychology 300): a test table, not any fund's real schedule. A code not in it is not covered (0).
 */
export const TEST_FUND_REBATES: Record<string, Record<string, number>> = {
  '500': { [ANY_FUND]: 4500, [MEDIBANK]: 5000, [BUPA]: 4800, [HCF]: 5200 },
  '505': { [ANY_FUND]: 3500, [MEDIBANK]: 3800, [BUPA]: 3600, [HCF]: 4000 },
  '560': { [ANY_FUND]: 2000, [MEDIBANK]: 2200 },
  '1000': { [ANY_FUND]: 3000, [HCF]: 3400 },
  '300': { [ANY_FUND]: 5500 },
};

/**
 * Member numbers the test fund answers specially, as a claiming provider's test cards do (each
 * begins `9999`); every other member number is approved in full. Listed in the docs' table of test
 * values (docs/money.md).
 */
export const FUND_TEST_MEMBER_NUMBERS = {
  /** Every item approved, each paid its benefit from `TEST_FUND_REBATES`. */
  approved: '99990001',
  /** The first item approved; every other declined (item response code `NC`, not covered), paying nothing. */
  partlyApproved: '99990002',
  /** The whole claim rejected: 402 `claim_rejected`, the fund's response code `08` (member not covered). */
  rejected: '99999999',
  /** The fund does not answer: 503 `claim_gateway_timeout`, nothing claimed. */
  noAnswer: '99990004',
  /** Quoted in full, then rejected when claimed (`08`), as after the patient confirmed. */
  rejectedAtLodging: '99990005',
  /** Quoted in full; the fund does not answer when the claim is made. */
  noAnswerAtLodging: '99990006',
  /** Quoted in full, then paid $10.00 less on its first item: a bigger gap than the patient approved. */
  lessAtLodging: '99990007',
  /** Approved in full; the settlement that pays it pays $5.00 less: a remittance with a discrepancy. */
  paidShort: '99990008',
} as const;

/**
 * The built-in health fund gateway (`HEALTH_FUND_GATEWAY=test`, the default): no network. Rebates
 * come from `TEST_FUND_REBATES`; the member numbers of `FUND_TEST_MEMBER_NUMBERS` give the other
 * outcomes a fund can answer. Approved claims are settled `remittanceDelayBusinessDays` business days
 * after they were made (`testPaymentReports`).
 */
@Injectable()
export class TestHealthFundGateway extends HealthFundGateway {
  constructor(private readonly remittanceDelayBusinessDays = 1) {
    super();
  }

  /** Every approved claim by its reference, as the fund's own ledger would show it. */
  private readonly ledger = new Map<string, { memberNumber: string; reversed: boolean }>();

  /** The claims and quotes it was sent (the latest 10,000), as the fund would have received them. */
  readonly received: FundClaimRequest[] = [];

  async claim(request: FundClaimRequest): Promise<FundClaimAnswer> {
    keep(this.received, request);
    const member = request.memberNumber;
    if (member === FUND_TEST_MEMBER_NUMBERS.noAnswerAtLodging) throw claimGatewayTimeout('The health fund');
    if (member === FUND_TEST_MEMBER_NUMBERS.rejectedAtLodging)
      throw claimRejected('08', 'member not covered for this service');
    const answer = this.assess(request);
    if (member === FUND_TEST_MEMBER_NUMBERS.lessAtLodging) {
      const [first, ...rest] = answer.items;
      answer.items = [{ ...first, rebateAmount: Math.max(first.rebateAmount - 1000, 0) }, ...rest];
    }
    if (member === FUND_TEST_MEMBER_NUMBERS.paidShort)
      answer.referenceNumber = answer.referenceNumber.replace('HC-', PAID_SHORT_MARK);
    keepEntry(this.ledger, answer.referenceNumber, { memberNumber: request.memberNumber, reversed: false });
    return answer;
  }

  async quote(request: FundClaimRequest): Promise<FundClaimAnswer> {
    keep(this.received, request);
    return this.assess(request);
  }

  async paymentReports(query: PaymentReportQuery): Promise<PaymentReport[]> {
    return testPaymentReports(query, this.remittanceDelayBusinessDays, {
      referencePrefix: 'HC-SETTLE',
      paidShort: (reference) => reference.startsWith(PAID_SHORT_MARK),
    });
  }

  async reverse(referenceNumber: string): Promise<void> {
    const claim = this.ledger.get(referenceNumber);
    if (claim) claim.reversed = true;
  }

  /** The member's approved claims, and whether each was reversed since. */
  claimsOf(memberNumber: string): { referenceNumber: string; reversed: boolean }[] {
    return [...this.ledger]
      .filter(([, claim]) => claim.memberNumber === memberNumber)
      .map(([referenceNumber, claim]) => ({ referenceNumber, reversed: claim.reversed }));
  }

  private assess(request: FundClaimRequest): FundClaimAnswer {
    if (request.memberNumber === FUND_TEST_MEMBER_NUMBERS.noAnswer) throw claimGatewayTimeout('The health fund');
    if (request.memberNumber === FUND_TEST_MEMBER_NUMBERS.rejected)
      throw claimRejected('08', 'member not covered for this service');
    const partly = request.memberNumber === FUND_TEST_MEMBER_NUMBERS.partlyApproved;
    return {
      referenceNumber: `HC-${randomBytes(6).toString('hex').toUpperCase()}`,
      items: request.items.map((item, index) => {
        const byFund = Object.hasOwn(TEST_FUND_REBATES, item.itemCode) ? TEST_FUND_REBATES[item.itemCode] : undefined;
        const benefit = byFund && !(partly && index > 0) ? (byFund[request.healthFundId] ?? byFund[ANY_FUND]) : 0;
        return { rebateAmount: Math.min(benefit, item.chargeAmount), responseCode: benefit > 0 ? '00' : 'NC' };
      }),
      response: { statusCode: '0', responseCode: '00', freeText: 'Approved' },
    };
  }
}
