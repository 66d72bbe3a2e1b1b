import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { CENTS_SCHEMA, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';

const REFUND_CENTS = { message: `must be an integer number of cents from 1 to ${REQUEST_LIMITS.cents}` };

export class RefundRequest {
  @ApiProperty({
    example: 1500,
    ...CENTS_SCHEMA,
    minimum: 1,
    description: 'Integer cents to give back, at most what is left of the payment.',
  })
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
