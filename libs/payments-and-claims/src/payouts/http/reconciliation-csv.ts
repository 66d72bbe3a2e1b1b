import type { Response } from 'express';
import type { ReconciliationRow } from '../application/payout.queries.js';

/** The header row of a payout's reconciliation CSV, in column order. */
export const RECONCILIATION_HEADER = [
  'id',
  'createdAt',
  'source',
  'settledBy',
  'bookingId',
  'clientName',
  'amount',
  'platformFeeAmount',
  'adjustments',
  'net',
] as const;

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell a spreadsheet will not run: one that begins as a formula would (`=`, `+`, `-`, `@`, or
 * a tab or carriage return a spreadsheet trims before one) is written after a `'`, which shows the
 * text as typed. Numbers are never passed here: they stay numbers, negative ones included.
 */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line: every text cell spreadsheet-safe, every number as it is. */
const lineOf = (fields: readonly (string | number | null)[]) =>
  `${fields.map((field) => csvField(typeof field === 'string' ? spreadsheetText(field) : field)).join(',')}\r\n`;

/**
 * Writes the reconciliation as `text/csv` (RFC 4180: CRLF line ends, a header row), batch by batch,
 * waiting for the socket to drain when it is full, so a large payout is never held in memory whole.
 */
export async function writeReconciliationCsv(
  response: Response,
  filename: string,
  batches: AsyncIterable<ReconciliationRow[]>,
): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  response.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  response.write(lineOf(RECONCILIATION_HEADER));
  for await (const rows of batches) {
    const chunk = rows
      .map((row) =>
        lineOf([
          row.id,
          row.createdAt.toISOString(),
          row.source,
          row.settledBy,
          row.bookingId,
          row.clientName,
          row.amount,
          row.platformFeeAmount,
          row.adjustments,
          row.net,
        ]),
      )
      .join('');
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}
