import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { CENTS_SCHEMA, IsCents, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';

const REFUND_CENTS = { message: `must be an integer number of cents from 1 to ${REQUEST_LIMITS.cents}` };

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
  @ApiProperty({ example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d', description: 'A health fund card of this organisation.' })
  @IsUUID('all', { message: 'must be a wallet card id' })
  healthFundCardId: string;

  @ApiProperty({ type: [EstimateItemRequest] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => EstimateItemRequest)
  items: EstimateItemRequest[];
}

export class RefundRequest {
  @ApiProperty({ example: 1500, ...CENTS_SCHEMA, minimum: 1, description: 'Integer cents to give back, at most what is left of the payment.' })
  @IsInt(REFUND_CENTS)
  @Min(1, REFUND_CENTS)
  @Max(REQUEST_LIMITS.cents, REFUND_CENTS)
  amount: number;

  @ApiProperty({ required: false, example: 'Session cut short', maxLength: 500 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
