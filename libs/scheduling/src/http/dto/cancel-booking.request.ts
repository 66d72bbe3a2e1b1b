import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

export class CancelBookingRequest {
  /** A cancel with no body at all is the plain cancel it always was. */
  static readonly bodyMayBeOmitted = true;

  @ApiProperty({
    required: false,
    example: true,
    description:
      "Charge the cancellation fee when the organisation's policy makes one billable now; never on top of money the booking already holds for its service (409 `booking_already_paid`).",
  })
  @MayBeOmitted()
  @IsBoolean({ message: 'must be true or false' })
  chargeCancellationFee?: boolean;
}
