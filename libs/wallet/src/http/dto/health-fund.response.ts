import { ApiProperty } from '@nestjs/swagger';
import type { HealthFund } from '../../domain/health-fund.js';

export class HealthFundResponse {
  @ApiProperty({ example: '0193a6f2-0001-7000-8000-000000000002' })
  id: string;

  @ApiProperty({ example: 'Bupa HI' })
  name: string;

  @ApiProperty({
    type: Object,
    additionalProperties: { type: 'boolean' },
    example: { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
  })
  capabilities: Record<string, boolean>;

  static from(fund: HealthFund): HealthFundResponse {
    return { id: fund.id, name: fund.name, capabilities: fund.capabilities };
  }
}
