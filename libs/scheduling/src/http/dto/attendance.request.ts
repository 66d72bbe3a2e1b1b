import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { ATTENDANCES, type Attendance } from '../../domain/booking.js';

export class AttendanceRequest {
  @ApiProperty({
    enum: ATTENDANCES,
    example: 'no_show',
    description:
      "`arrived`: the client is here (from the start of the service day in the location's time zone). `no_show`: the client did not come (once the booking has started). `pending`: undo a mark.",
  })
  @IsIn(ATTENDANCES, { message: `must be one of: ${ATTENDANCES.join(', ')}` })
  attendance: Attendance;

  @ApiProperty({
    required: false,
    example: true,
    description:
      "Only with `no_show`: charge the cancellation policy's fee (when the policy is enabled) to the booking's payment method, as a cancellation fee is charged. At most once a booking, whatever the number of requests; never on top of money the booking holds (409 `booking_already_paid`).",
  })
  @MayBeOmitted()
  @IsBoolean({ message: 'must be true or false' })
  chargeNoShowFee?: boolean;
}
