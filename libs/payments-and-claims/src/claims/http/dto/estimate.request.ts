import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { CENTS_SCHEMA, IsCents, MayBeOmitted } from '@app/shared';
import { PatientReferenceNumber } from './patient-reference-number.js';

export class EstimateItemRequest {
  @ApiProperty({ example: '500', maxLength: 20, description: "The fund's item code." })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  itemCode: string;

  @ApiProperty({ example: 9500, ...CENTS_SCHEMA, description: 'Integer cents.' })
  @IsCents()
  chargeAmount: number;

  @ApiProperty({ required: false, example: 'Initial physiotherapy consultation', maxLength: 200 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class EstimateRequest {
  @ApiProperty({
    example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d',
    description: 'A health fund card of this organisation.',
  })
  @IsUUID('all', { message: 'must be a wallet card id' })
  healthFundCardId: string;

  @PatientReferenceNumber('patientReferenceNumber') patientReferenceNumber?: string;

  @ApiProperty({ type: [EstimateItemRequest] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => EstimateItemRequest)
  items: EstimateItemRequest[];
}
