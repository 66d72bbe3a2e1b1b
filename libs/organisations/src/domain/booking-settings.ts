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
  /** Online bookings start at least this long after now. */
  minimumNoticeMinutes: number;
  /** Online bookings start at most this many days after now. */
  maximumAdvanceDays: number;
  /** Online booking times start on this grid from the start of working hours. */
  slotIntervalMinutes: number;
  /** Whether a patient may cancel online, through the booking's manage token. */
  clientCancelEnabled: boolean;
  /** Whether a patient may move a booking online, while cancelling it is still free. */
  clientRescheduleEnabled: boolean;
  /** With `bookingNotificationsEnabled`, the client's reminder goes this many hours before the booking. */
  reminderHoursBefore: number;
  /** With `bookingNotificationsEnabled`, the reminder also goes by text message to a client with a mobile number. */
  smsRemindersEnabled: boolean;
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
  minimumNoticeMinutes: 120,
  maximumAdvanceDays: 90,
  slotIntervalMinutes: 15,
  clientCancelEnabled: true,
  clientRescheduleEnabled: true,
  reminderHoursBefore: 24,
  smsRemindersEnabled: false,
};
