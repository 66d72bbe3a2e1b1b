import { hash } from 'node:crypto';
import type { Cents } from '@app/shared/domain';
import { addBusinessDays, businessDayOf } from '../../../ledger/domain/claim.js';
import type { PaymentReport, PaymentReportQuery } from '../../domain/payment-report.js';

/** The payers' calendar: Services Australia and the funds pay on business days in Canberra's zone. */
export const PAYERS_TIME_ZONE = 'Australia/Sydney';

/** How much less than its benefit a test gateway pays a claim it marked to be paid short. */
export const PAID_SHORT_BY: Cents = 500;

/**
 * The test gateways' payment runs: a claim lodged on a day is paid `delayBusinessDays` business days
 * later (Monday to Friday in `PAYERS_TIME_ZONE`; public holidays are not known; 0 pays it the same
 * day), once that day has come. One report per payment date of the claims asked about, its
 * reference named by the payee, the day and those claims (the same each time it is asked for), so
 * claims lodged after a day's report was taken are paid by a report of their own. A claim
 * `paidShort` names is paid $5.00 less than its benefit (never below nothing): a discrepancy.
 */
export function testPaymentReports(
  query: PaymentReportQuery,
  delayBusinessDays: number,
  options: { referencePrefix: string; paidShort: (reference: string) => boolean },
): PaymentReport[] {
  const today = businessDayOf(query.asOf, PAYERS_TIME_ZONE);
  const runs = new Map<string, { reference: string; paidAmount: Cents }[]>();
  for (const claim of query.claims) {
    const paymentDate = addBusinessDays(businessDayOf(claim.lodgedAt, PAYERS_TIME_ZONE), delayBusinessDays);
    if (paymentDate > today) continue;
    const paidAmount = options.paidShort(claim.reference) ? Math.max(claim.benefit - PAID_SHORT_BY, 0) : claim.benefit;
    runs.set(paymentDate, [...(runs.get(paymentDate) ?? []), { reference: claim.reference, paidAmount }]);
  }
  const account = hash('sha256', query.payeeProviderNumber, 'hex');
  return [...runs].map(([paymentDate, claims]) => ({
    paymentReference: `${options.referencePrefix}-${paymentDate.replaceAll('-', '')}-${runOf(query.payeeProviderNumber, claims)}`,
    paymentDate,
    bankAccountBsb: '062-000',
    bankAccountNumberLast4: String(parseInt(account.slice(6, 14), 16) % 10_000).padStart(4, '0'),
    amount: claims.reduce((sum, claim) => sum + claim.paidAmount, 0),
    claims,
  }));
}

/** A run's id: its payee and the claims it pays, whatever order they were asked in. */
function runOf(payee: string, claims: { reference: string }[]): string {
  const references = claims.map((claim) => claim.reference).sort();
  return hash('sha256', [payee, ...references].join('\n'), 'hex')
    .slice(0, 8)
    .toUpperCase();
}
