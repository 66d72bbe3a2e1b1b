import type { Cents } from '@app/shared/domain';

/** How an organisation takes bookings; the cancellation policy is computed from these. */
export interface BookingSettings {
  notesEnabled: boolean;
  cancellationFeeEnabled: boolean;
  cancellationFeeAutoChargeEnabled: boolean;
  paymentDetailsRequired: boolean;
  bookingNotificationsEnabled: boolean;
  providerBookingNotificationsEnabled: boolean;
  healthFundCardCollectionEnabled: boolean;
  /** A fixed fee; when `null`, the fee is `cancellationFeePercent` of the service price. */
  cancellationFeeAmount: Cents | null;
  cancellationFeePercent: number | null;
  cancellationNoFeeBeforeHours: number;
  googleTagManagerContainerId: string | null;
}

export const DEFAULT_BOOKING_SETTINGS: Readonly<BookingSettings> = {
  notesEnabled: true,
  cancellationFeeEnabled: false,
  cancellationFeeAutoChargeEnabled: false,
  paymentDetailsRequired: false,
  bookingNotificationsEnabled: true,
  providerBookingNotificationsEnabled: true,
  healthFundCardCollectionEnabled: false,
  cancellationFeeAmount: null,
  cancellationFeePercent: null,
  cancellationNoFeeBeforeHours: 24,
  googleTagManagerContainerId: null,
};
