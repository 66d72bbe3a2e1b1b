import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { Payout } from '../../../ledger/domain/payout.js';

export class PayoutResponse {
  @ApiProperty({ example: '0193a700-0a7b-754c-874e-a2b3c4d5e6f7' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-23T05:30:00.000Z',
    format: 'date-time',
    description: 'When its status last moved on; equal to `createdAt` until it does. Its amount never changes.',
  })
  updatedAt: string;
  @ApiCents({
    signed: true,
    example: 18629,
    description: "Integer cents: the transactions' amounts, less platform fees, plus adjustments.",
  })
  amount: number;
  @ApiProperty({ example: 'AUD' }) currency: string;
  @ApiProperty({ enum: ['pending', 'in_transit', 'paid', 'failed'], example: 'paid' }) status: string;
  @ApiProperty({ example: '2026-11-24', format: 'date' }) arrivalDate: string;
  @ApiProperty({ example: 3 }) transactionCount: number;

  static from(payout: Payout): PayoutResponse {
    return {
      id: payout.id,
      createdAt: payout.createdAt.toISOString(),
      updatedAt: payout.updatedAt.toISOString(),
      amount: payout.amount,
      currency: payout.currency,
      status: payout.status,
      arrivalDate: payout.arrivalDate,
      transactionCount: payout.transactionCount,
    };
  }
}
