import { applyDecorators } from '@nestjs/common';
import { ApiCents, CENTS_SCHEMA, IsCents, IsPercent, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import type { BookingSettings } from '../../domain/booking-settings.js';
import type { Organisation } from '../../domain/organisation.js';

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

  @OptionalInteger(0, 43_200, 120, 'Online bookings start at least this many minutes from now (up to 30 days).') minimumNoticeMinutes?: number;
  @OptionalInteger(1, 730, 90, 'Online bookings start at most this many days from now.') maximumAdvanceDays?: number;
  @OptionalInteger(5, 240, 15, 'Online booking times start every this many minutes from the start of working hours.') slotIntervalMinutes?: number;
}

/** The spec's `bookingSettings` object, as booking data shows it. */
export class BookingSettingsFields {
  @ApiProperty({ example: true }) notesEnabled: boolean;
  @ApiProperty({ example: true }) cancellationFeeEnabled: boolean;
  @ApiProperty({ example: false }) cancellationFeeAutoChargeEnabled: boolean;
  @ApiProperty({ example: true }) paymentDetailsRequired: boolean;
  @ApiProperty({ example: true }) bookingNotificationsEnabled: boolean;
  @ApiProperty({ example: true }) providerBookingNotificationsEnabled: boolean;
  @ApiProperty({ example: false }) healthFundCardCollectionEnabled: boolean;
  @ApiCents({ nullable: true, example: 5000, description: 'Integer cents.' }) cancellationFeeAmount: number | null;
  @ApiProperty({ type: Number, nullable: true, example: null }) cancellationFeePercent: number | null;
  @ApiProperty({ example: 24 }) cancellationNoFeeBeforeHours: number;
  @ApiProperty({ type: String, nullable: true, example: 'GTM-5XK2P7Q' }) googleTagManagerContainerId: string | null;
  @ApiProperty({ example: 120, description: 'Online bookings start at least this many minutes from now.' }) minimumNoticeMinutes: number;
  @ApiProperty({ example: 90, description: 'Online bookings start at most this many days from now.' }) maximumAdvanceDays: number;
  @ApiProperty({ example: 15, description: 'Online booking times start every this many minutes from the start of working hours.' }) slotIntervalMinutes: number;

  static from(settings: BookingSettings): BookingSettingsFields {
    return {
      notesEnabled: settings.notesEnabled,
      cancellationFeeEnabled: settings.cancellationFeeEnabled,
      cancellationFeeAutoChargeEnabled: settings.cancellationFeeAutoChargeEnabled,
      paymentDetailsRequired: settings.paymentDetailsRequired,
      bookingNotificationsEnabled: settings.bookingNotificationsEnabled,
      providerBookingNotificationsEnabled: settings.providerBookingNotificationsEnabled,
      healthFundCardCollectionEnabled: settings.healthFundCardCollectionEnabled,
      cancellationFeeAmount: settings.cancellationFeeAmount,
      cancellationFeePercent: settings.cancellationFeePercent,
      cancellationNoFeeBeforeHours: settings.cancellationNoFeeBeforeHours,
      googleTagManagerContainerId: settings.googleTagManagerContainerId,
      minimumNoticeMinutes: settings.minimumNoticeMinutes,
      maximumAdvanceDays: settings.maximumAdvanceDays,
      slotIntervalMinutes: settings.slotIntervalMinutes,
    };
  }
}

/** The settings with `bookingsEnabled`, as the booking-settings PATCH answers. */
export class BookingSettingsResponse extends BookingSettingsFields {
  @ApiProperty({ example: true }) bookingsEnabled: boolean;

  static fromOrganisation(organisation: Organisation): BookingSettingsResponse {
    return { bookingsEnabled: organisation.bookingsEnabled, ...BookingSettingsFields.from(organisation.bookingSettings) };
  }
}
