import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

const SCOPES = ['this', 'following'] as const;

export class CancelBookingRequest {
  /** A cancel with no body at all is the plain cancel it always was. */
  static readonly bodyMayBeOmitted = true;

  @ApiProperty({
    required: false,
    example: true,
    description:
      "Charge the cancellation fee when the organisation's policy makes one billable now; never on top of money the booking already holds for its service (409 `booking_already_paid`). With `scope: following`, for this booking only.",
  })
  @MayBeOmitted()
  @IsBoolean({ message: 'must be true or false' })
  chargeCancellationFee?: boolean;

  @ApiProperty({
    required: false,
    enum: SCOPES,
    default: 'this',
    example: 'this',
    description:
      '`this`: only this booking. `following`: this booking and every later occurrence of its repeat series that has not started (a booking of no series: only itself).',
  })
  @MayBeOmitted()
  @IsIn(SCOPES, { message: `must be one of: ${SCOPES.join(', ')}` })
  scope?: (typeof SCOPES)[number];
}
