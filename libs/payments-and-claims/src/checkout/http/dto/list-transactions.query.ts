import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsDateTimeWithOffset, ListQueryParam, MayBeOmitted, PageQuery } from '@app/shared';

export const TRANSACTION_EXPANSIONS = ['transactionItems.billableItem'] as const;
export type TransactionExpansion = (typeof TRANSACTION_EXPANSIONS)[number];

export class TransactionExpandQuery {
  @ListQueryParam(
    TRANSACTION_EXPANSIONS,
    "Optional parts to include, as in a booking's `latestTransaction`: `transactionItems.billableItem`.",
    ['transactionItems.billableItem'],
  )
  expand?: TransactionExpansion[];
}

class TransactionFiltersQuery extends PageQuery {
  @ApiProperty({
    required: false,
    example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2',
    description: "Only this booking's transactions.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a booking id' })
  bookingId?: string;

  @ApiProperty({
    required: false,
    example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
    description: "Only this client's transactions.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a client id' })
  clientId?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-11-01T00:00:00.000Z',
    description: 'Created from (inclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset()
  createdAtMin?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-12-01T00:00:00.000Z',
    description: 'Created before (exclusive).',
  })
  @MayBeOmitted()
  @IsDateTimeWithOffset()
  createdAtMax?: string;
}

export class ListTransactionsQuery extends IntersectionType(TransactionFiltersQuery, TransactionExpandQuery) {}
