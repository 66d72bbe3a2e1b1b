import { describe, expect, it } from '@jest/globals';
import { addBusinessDays } from '../../../ledger/domain/claim.js';
import { testPaymentReports } from './test-payment-runs.js';

// Instants in Sydney (UTC+11 in summer): 2026-11-27 is a Friday.
const sydney = (day: string, time = '10:00') => new Date(`${day}T${time}:00+11:00`);
const claim = (reference: string, day: string, benefit = 5000) => ({ reference, lodgedAt: sydney(day), benefit });
const reports = (query: { claims: ReturnType<typeof claim>[]; asOf: Date }, delay = 1) =>
  testPaymentReports({ payeeProviderNumber: '2429591L', ...query }, delay, {
    referencePrefix: 'RUN',
    paidShort: (reference) => reference.startsWith('S'),
  });

describe('the test payers’ payment runs', () => {
  it('counts business days Monday to Friday', () => {
    expect(addBusinessDays('2026-11-26', 1)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02');
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('pays a claim the business day after it was lodged, not before', () => {
    const friday = claim('A', '2026-11-27');
    expect(reports({ claims: [friday], asOf: sydney('2026-11-29', '23:59') })).toEqual([]);
    expect(reports({ claims: [friday], asOf: sydney('2026-11-30', '00:01') })).toEqual([
      expect.objectContaining({
        paymentDate: '2026-11-30',
        amount: 5000,
        claims: [{ reference: 'A', paidAmount: 5000 }],
      }),
    ]);
  });

  it('pays on the day with no delay, a weekend too, a later claim of the day under a reference of its own', () => {
    const [first] = reports({ claims: [claim('A', '2026-11-29')], asOf: sydney('2026-11-29', '18:00') }, 0);
    expect(first).toMatchObject({ paymentDate: '2026-11-29', claims: [{ reference: 'A', paidAmount: 5000 }] });
    const [later] = reports({ claims: [claim('B', '2026-11-29')], asOf: sydney('2026-11-29', '19:00') }, 0);
    expect(later).toMatchObject({ paymentDate: '2026-11-29', claims: [{ reference: 'B', paidAmount: 5000 }] });
    expect(later.paymentReference).not.toBe(first.paymentReference);
  });

  it('makes one report per payment day, the same each time it is asked, and pays a marked claim short', () => {
    const asked = () =>
      reports({
        claims: [claim('A', '2026-11-25'), claim('S1', '2026-11-25', 300), claim('B', '2026-11-26', 4000)],
        asOf: sydney('2026-11-30'),
      });
    const [wednesday, thursday] = asked();
    expect(wednesday).toMatchObject({
      paymentDate: '2026-11-26',
      amount: 5000,
      claims: [
        { reference: 'A', paidAmount: 5000 },
        { reference: 'S1', paidAmount: 0 },
      ],
    });
    expect(thursday).toMatchObject({ paymentDate: '2026-11-27', amount: 4000 });
    expect(wednesday.paymentReference).toMatch(/^RUN-20261126-[0-9A-F]{8}$/);
    expect(wednesday.bankAccountNumberLast4).toMatch(/^\d{4}$/);
    expect(asked()).toEqual([wednesday, thursday]);
  });
});
