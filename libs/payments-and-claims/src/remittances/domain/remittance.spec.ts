import { describe, expect, it } from '@jest/globals';
import { Remittance } from './remittance.js';

const NOW = new Date('2026-11-30T20:00:00.000Z');
const received = (amount: number, claims: { expected: number; paid: number }[]) =>
  Remittance.received(
    { organisationId: 'org_1', businessId: 'b1' },
    { type: 'medicare', healthFundId: null, name: 'Medicare' },
    {
      payeeProviderNumber: '2429591L',
      paymentReference: 'MCOL-RUN-1',
      paymentDate: '2026-12-01',
      bankAccountBsb: '062-000',
      bankAccountNumberLast4: '4821',
      amount,
    },
    claims,
    NOW,
  );

describe('a remittance', () => {
  it('waits to be reconciled when every claim was paid its benefit', () => {
    const remittance = received(9000, [
      { expected: 5000, paid: 5000 },
      { expected: 4000, paid: 4000 },
    ]);
    expect(remittance).toMatchObject({ status: 'unreconciled', expectedAmount: 9000, claimCount: 2 });
  });

  it('is a discrepancy when the deposit differs, or one claim is short and another over though the sums agree', () => {
    expect(received(8500, [{ expected: 9000, paid: 8500 }]).status).toBe('discrepancy');
    const netted = received(9000, [
      { expected: 5000, paid: 4500 },
      { expected: 4000, paid: 4500 },
    ]);
    expect(netted).toMatchObject({ status: 'discrepancy', amount: 9000, expectedAmount: 9000 });
  });

  it('is reconciled once, and the second time refused', () => {
    const remittance = received(8500, [{ expected: 9000, paid: 8500 }]);
    remittance.reconcile(new Date(NOW.getTime() + 1000));
    expect(remittance.status).toBe('reconciled');
    expect(remittance.updatedAt.getTime()).toBeGreaterThan(remittance.createdAt.getTime());
    expect(() => remittance.reconcile(NOW)).toThrow(expect.objectContaining({ code: 'remittance_reconciled' }));
  });
});
