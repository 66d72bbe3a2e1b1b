import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

export class PayLinkRequest {
  @ApiProperty({
    required: false,
    example: 'pm_card_visa',
    maxLength: 100,
    description: "The processor's payment method id. One of this or confirmationTokenId.",
  })
  @ValidateIf((body: PayLinkRequest) => body.confirmationTokenId === undefined)
  @IsString({ message: 'paymentMethodId or confirmationTokenId is required' })
  @MaxLength(100)
  paymentMethodId?: string;

  @ApiProperty({
    required: false,
    example: 'ctoken_card_visa',
    maxLength: 100,
    description: "The processor's confirmation token, from its card form.",
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  confirmationTokenId?: string;
}
