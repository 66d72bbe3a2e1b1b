import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MayBeOmitted, PageQuery } from '@app/shared';
import type { RemittanceStatus } from '../../domain/remittance.js';

export class ListRemittancesQuery extends PageQuery {
  @ApiProperty({ required: false, enum: ['unreconciled', 'reconciled', 'discrepancy'], example: 'discrepancy' })
  @MayBeOmitted()
  @IsIn(['unreconciled', 'reconciled', 'discrepancy'])
  status?: RemittanceStatus;
}
