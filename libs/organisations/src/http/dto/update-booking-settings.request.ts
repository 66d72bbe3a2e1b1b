import { applyDecorators } from '@nestjs/common';
import { CENTS_SCHEMA, IsCents, IsPercent, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';

const OptionalBoolean = (example: boolean, description?: string) =>
  applyDecorators(ApiProperty({ required: false, example, description }), MayBeOmitted(), IsBoolean());

const OptionalInteger = (minimum: number, maximum: number, example: number, description: string) =>
  applyDecorators(
    ApiProperty({ required: false, type: 'integer', minimum, maximum, example, description }),
    ValidateIf((_, value) => value !== undefined),
    IsInt(),
    Min(minimum),
    Max(maximum),
  );

/** Every field is optional; only the fields sent change. */
export class UpdateBookingSettingsRequest {
  @OptionalBoolean(true, 'Whether patients can book online at all.') bookingsEnabled?: boolean;
  @OptionalBoolean(true) notesEnabled?: boolean;
  @OptionalBoolean(true) cancellationFeeEnabled?: boolean;
  @OptionalBoolean(false) cancellationFeeAutoChargeEnabled?: boolean;
  @OptionalBoolean(true) paymentDetailsRequired?: boolean;
  @OptionalBoolean(true) bookingNotificationsEnabled?: boolean;
  @OptionalBoolean(true) providerBookingNotificationsEnabled?: boolean;
  @OptionalBoolean(false) healthFundCardCollectionEnabled?: boolean;
  @OptionalBoolean(true, 'Whether patients may cancel online, through the link their booking came with.')
  clientCancelEnabled?: boolean;
  @OptionalBoolean(
    true,
    'Whether patients may move a booking online while cancelling it is still free (or no fee is charged).',
  )
  clientRescheduleEnabled?: boolean;
  @OptionalBoolean(
    false,
    "Whether the client's reminder also goes by text message, to a client with a mobile number (with `bookingNotificationsEnabled`).",
  )
  smsRemindersEnabled?: boolean;

  @ApiProperty({
    required: false,
    ...CENTS_SCHEMA,
    nullable: true,
    example: 5000,
    description: 'Fixed fee in integer cents; null to charge a percentage instead.',
  })
  @IsOptional()
  @IsCents()
  cancellationFeeAmount?: number | null;

  @ApiProperty({
    required: false,
    type: Number,
    nullable: true,
    example: 50,
    minimum: 0,
    maximum: REQUEST_LIMITS.percent,
    description: 'Percent of the service price, used when no fixed amount is set.',
  })
  @IsOptional()
  @IsPercent()
  cancellationFeePercent?: number | null;

  @ApiProperty({
    required: false,
    example: 24,
    type: 'integer',
    minimum: 0,
    maximum: REQUEST_LIMITS.hours,
    description: 'Cancelling at least this many hours before the appointment is free.',
  })
  @ValidateIf((_, value) => value !== undefined)
  @IsInt()
  @Min(0)
  @Max(REQUEST_LIMITS.hours)
  cancellationNoFeeBeforeHours?: number;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'GTM-5XK2P7Q' })
  @IsOptional()
  @IsString()
  @Matches(/^GTM-[A-Z0-9]{4,12}$/, { message: 'must be a Google Tag Manager container id like GTM-5XK2P7Q' })
  googleTagManagerContainerId?: string | null;

  @OptionalInteger(0, 43_200, 120, 'Online bookings start at least this many minutes from now (up to 30 days).')
  minimumNoticeMinutes?: number;
  @OptionalInteger(1, 730, 90, 'Online bookings start at most this many days from now.') maximumAdvanceDays?: number;
  @OptionalInteger(5, 240, 15, 'Online booking times start every this many minutes from the start of working hours.')
  slotIntervalMinutes?: number;
  @OptionalInteger(
    1,
    168,
    24,
    "Hours before a booking that the client's reminder email goes (with `bookingNotificationsEnabled`), up to a week.",
  )
  reminderHoursBefore?: number;
}
