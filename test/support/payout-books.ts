/** A payment transaction's row as a payout counts it. */
export interface PayoutRow {
  source: string;
  payout_id: string | null;
  amount: number;
  platform_fee_amount: number;
  adjustments: { amount: number; payoutId: string | null }[];
}

/**
 * What the payout (`null`: none yet) paid of a row: a card payment's amount less the fee if it paid
 * the row out, and the adjustments it took; nothing of a claim's, which it only lists (its payer
 * pays the business).
 */
export const partOf = (payoutId: string | null, row: PayoutRow): number =>
  row.source !== 'payment'
    ? 0
    : (row.payout_id === payoutId ? row.amount - row.platform_fee_amount : 0) +
      row.adjustments
        .filter((adjustment) => adjustment.payoutId === payoutId)
        .reduce((sum, adjustment) => sum + adjustment.amount, 0);

/** Whether the payout lists the row: it took the row, or an adjustment of it. */
export const touches = (payoutId: string, row: PayoutRow): boolean =>
  row.payout_id === payoutId || row.adjustments.some((adjustment) => adjustment.payoutId === payoutId);
