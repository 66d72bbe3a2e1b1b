import { ApiCents } from '@app/shared';
import { ApiProperty } from '@nestjs/swagger';
import type { BookingSettings } from '../../domain/booking-settings.js';
import type { Organisation } from '../../domain/organisation.js';

/** The spec's `bookingSettings` object, as booking data shows it. */
export class BookingSettingsFields {
  @ApiProperty({ example: true }) notesEnabled: boolean;
  @ApiProperty({ example: true }) cancellationFeeEnabled: boolean;
  @ApiProperty({ example: false }) cancellationFeeAutoChargeEnabled: boolean;
  @ApiProperty({ example: true }) paymentDetailsRequired: boolean;
  @ApiProperty({
    example: true,
    description:
      'The client gets an email when a booking is made, moved or cancelled, a reminder `reminderHoursBefore` it, and a receipt after check-out.',
  })
  bookingNotificationsEnabled: boolean;
  @ApiProperty({
    example: true,
    description: "The booking's provider gets an email when a booking is made, moved or cancelled.",
  })
  providerBookingNotificationsEnabled: boolean;
  @ApiProperty({ example: false }) healthFundCardCollectionEnabled: boolean;
  @ApiCents({ nullable: true, example: 5000, description: 'Integer cents.' }) cancellationFeeAmount: number | null;
  @ApiProperty({ type: Number, nullable: true, example: null }) cancellationFeePercent: number | null;
  @ApiProperty({ example: 24 }) cancellationNoFeeBeforeHours: number;
  @ApiProperty({ type: String, nullable: true, example: 'GTM-5XK2P7Q' }) googleTagManagerContainerId: string | null;
  @ApiProperty({ example: 120, description: 'Online bookings start at least this many minutes from now.' })
  minimumNoticeMinutes: number;
  @ApiProperty({ example: 90, description: 'Online bookings start at most this many days from now.' })
  maximumAdvanceDays: number;
  @ApiProperty({
    example: 15,
    description: 'Online booking times start every this many minutes from the start of working hours.',
  })
  slotIntervalMinutes: number;
  @ApiProperty({
    example: true,
    description: "Whether patients may cancel online: the cancellation policy's `rules.clientCancel.enabled`.",
  })
  clientCancelEnabled: boolean;
  @ApiProperty({
    example: true,
    description:
      "Whether patients may move a booking online: the cancellation policy's `rules.clientReschedule.enabled`.",
  })
  clientRescheduleEnabled: boolean;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 168,
    example: 24,
    description: "Hours before a booking that the client's reminder email goes.",
  })
  reminderHoursBefore: number;
  @ApiProperty({
    example: false,
    description:
      'Whether the reminder also goes by text message to a client with a mobile number (through the SMS provider the service is set up with).',
  })
  smsRemindersEnabled: boolean;

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
      clientCancelEnabled: settings.clientCancelEnabled,
      clientRescheduleEnabled: settings.clientRescheduleEnabled,
      reminderHoursBefore: settings.reminderHoursBefore,
      smsRemindersEnabled: settings.smsRemindersEnabled,
    };
  }
}

/** The settings with `bookingsEnabled`, as the booking-settings PATCH answers. */
export class BookingSettingsResponse extends BookingSettingsFields {
  @ApiProperty({ example: true }) bookingsEnabled: boolean;
  @ApiProperty({
    example: '2026-11-23T01:02:03.000Z',
    format: 'date-time',
    description:
      "The organisation's `updatedAt`: the settings are part of the organisation, and share its version and ETag.",
  })
  updatedAt: string;

  static fromOrganisation(organisation: Organisation): BookingSettingsResponse {
    return {
      bookingsEnabled: organisation.bookingsEnabled,
      ...BookingSettingsFields.from(organisation.bookingSettings),
      updatedAt: organisation.updatedAt.toISOString(),
    };
  }
}
