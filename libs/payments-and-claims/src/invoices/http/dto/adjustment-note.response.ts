import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { AdjustmentNote } from '../../../ledger/domain/adjustment-note.js';

export class AdjustmentNoteResponse {
  @ApiProperty({ example: '0193a700-1b8c-765d-885f-b3c4d5e6f708' }) id: string;
  @ApiProperty({ example: 'AN-000001', description: 'Counts per business from AN-000001, without gaps.' })
  number: string;
  @ApiProperty({ example: '0193a700-0a7b-754c-874e-a2b3c4d5e6f7', description: 'The invoice it adjusts.' })
  invoiceId: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-22T01:00:00.000Z' }) issuedAt: string;
  @ApiProperty({
    enum: ['refund', 'refund_failed', 'invoice_cancelled'],
    example: 'refund',
    description:
      '`refund`: part of the price given back; `refund_failed`: that refund was never made, and this note reverses its note; `invoice_cancelled`: the invoice was replaced by one of other items.',
  })
  reason: string;
  @ApiCents({
    signed: true,
    example: 2200,
    description: "Integer cents, GST included, taken off the invoice's price; negative on a note that reverses one.",
  })
  amount: number;
  @ApiCents({
    signed: true,
    example: 200,
    description:
      "Integer cents: the GST within `amount`. A refund's is the invoice's GST in proportion, `amount × taxAmount ÷ total`, to the cent.",
  })
  taxAmount: number;

  static from(note: AdjustmentNote): AdjustmentNoteResponse {
    return {
      id: note.id,
      number: note.number,
      invoiceId: note.invoiceId,
      issuedAt: note.issuedAt.toISOString(),
      reason: note.reason,
      amount: note.amount,
      taxAmount: note.taxAmount,
    };
  }
}
