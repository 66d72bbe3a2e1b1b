import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class VerifyConfirmationRequest {
  @ApiProperty({ example: '4821', pattern: '^[0-9]{4}$', description: 'The 4-digit code the patient was sent.' })
  @IsString({ message: 'must be the 4 digits the patient was sent' })
  @Matches(/^[0-9]{4}$/, { message: 'must be the 4 digits the patient was sent' })
  code: string;
}
