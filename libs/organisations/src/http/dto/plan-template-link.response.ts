import { ApiProperty } from '@nestjs/swagger';
import type { PlanTemplateLink } from '../../domain/plan-template-link.js';

export class PlanTemplateLinkResponse {
  @ApiProperty({
    example: 'https://api.example.com/plans/templates/ptpl_knee_rehab_6wk/links/0193a6f4-2b3c-7d4e-8f50-6a7b8c9d0e1f',
  })
  url: string;
  @ApiProperty({ example: '0193a6f4-2b3c-7d4e-8f50-6a7b8c9d0e1f' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description: 'Always equal to `createdAt`: a link never changes once made.',
  })
  updatedAt: string;
  @ApiProperty({ example: 'ptpl_knee_rehab_6wk' }) planTemplateId: string;
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) businessId: string;

  static from(link: PlanTemplateLink): PlanTemplateLinkResponse {
    return {
      url: link.url,
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      updatedAt: link.createdAt.toISOString(),
      planTemplateId: link.planTemplateId,
      businessId: link.businessId,
    };
  }
}
