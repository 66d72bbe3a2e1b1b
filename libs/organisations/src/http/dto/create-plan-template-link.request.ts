import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';

export class CreatePlanTemplateLinkRequest {
  @ApiProperty({ example: 'ptpl_knee_rehab_6wk', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  planTemplateId: string;

  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a', description: 'A business of this organisation.' })
  @IsUUID('all', { message: 'must be a business id' })
  businessId: string;
}
