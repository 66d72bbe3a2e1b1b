import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { IsDateTimeWithOffset, MayBeOmitted, PageQuery } from '@app/shared';
import type { InvoiceStatus } from '../../../ledger/domain/invoice.js';

export class ListInvoicesQuery extends PageQuery {
  @ApiProperty({
    required: false,
    example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
    description: "Only this client's invoices.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a client id' })
  clientId?: string;

  @ApiProperty({
    required: false,
    example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2',
    description: "Only this booking's invoices.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a booking id' })
  bookingId?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-11-01T00:00:00.000Z',
    description: 'Issued from (inclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset()
  issuedAtMin?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-12-01T00:00:00.000Z',
    description: 'Issued before (exclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset()
  issuedAtMax?: string;

  @ApiProperty({ required: false, enum: ['open', 'paid', 'cancelled'], example: 'open' })
  @MayBeOmitted()
  @IsIn(['open', 'paid', 'cancelled'])
  status?: InvoiceStatus;
}
