import { type Cents, percentOf } from '@app/shared/domain';
import { cancelNotAllowed, noPaymentMethod, rescheduleNotAllowed } from './scheduling.errors.js';

/** The organisation's booking settings that the policy reads. */
export interface CancellationSettings {
  cancellationFeeEnabled: boolean;
  cancellationFeeAmount: Cents | null;
  cancellationFeePercent: number | null;
  cancellationNoFeeBeforeHours: number;
  /** Whether a patient may cancel through the manage token. */
  clientCancelEnabled: boolean;
  /** Whether a patient may move the booking through the manage token (while cancelling is free). */
  clientRescheduleEnabled: boolean;
}

export interface CancellationPolicy {
  enabled: boolean;
  rules: { clientCancel: { enabled: boolean }; clientReschedule: { enabled: boolean } };
  fee: {
    amount: Cents;
    freeCancellationHours: number;
    latestNoFeeAt: Date;
    /** Whether cancelling now would incur the fee. */
    billable: boolean;
    percent: number | null;
  };
}

const HOUR_MS = 3_600_000;

/**
 * What cancelling a booking costs, as of `now`. Cancelling exactly at
 * `latestNoFeeAt` is still free; a moment later it is billable. `billable` is
 * "now is after `latestNoFeeAt`" alone: whether a fee is charged at all is `enabled`.
 */
export function cancellationPolicyOf(
  settings: CancellationSettings,
  booking: { serviceDate: Date; servicePrice: Cents },
  now: Date,
): CancellationPolicy {
  const latestNoFeeAt = new Date(booking.serviceDate.getTime() - settings.cancellationNoFeeBeforeHours * HOUR_MS);
  const amount =
    settings.cancellationFeeAmount ?? percentOf(booking.servicePrice, settings.cancellationFeePercent ?? 0);
  return {
    enabled: settings.cancellationFeeEnabled,
    rules: {
      clientCancel: { enabled: settings.clientCancelEnabled },
      clientReschedule: { enabled: settings.clientRescheduleEnabled },
    },
    fee: {
      amount,
      freeCancellationHours: settings.cancellationNoFeeBeforeHours,
      latestNoFeeAt,
      billable: now.getTime() > latestNoFeeAt.getTime(),
      percent: settings.cancellationFeePercent,
    },
  };
}

/** A patient cancels through the manage token only where the policy lets them: 409 `cancel_not_allowed` otherwise. */
export function assertClientMayCancel(policy: CancellationPolicy): void {
  if (!policy.rules.clientCancel.enabled) throw cancelNotAllowed();
}

/**
 * A patient moves a booking through the manage token only where the policy lets them, and while
 * cancelling it would be free (or no fee is charged at all): 409 `reschedule_not_allowed` otherwise.
 */
export function assertClientMayReschedule(policy: CancellationPolicy): void {
  if (!policy.rules.clientReschedule.enabled || (policy.enabled && policy.fee.billable)) throw rescheduleNotAllowed();
}

/**
 * The fee the policy makes billable and the card it is charged to: a cancellation's fee, and a
 * no-show's (the policy's fee, billable once the booking has started). `null` when none is due;
 * a fee due with no card is 409 `no_payment_method`.
 */
export function feeToCharge(
  policy: CancellationPolicy,
  booking: { id: string; paymentMethodId: string | null },
): { amount: Cents; paymentMethodId: string } | null {
  if (!policy.enabled || !policy.fee.billable || policy.fee.amount <= 0) return null;
  if (!booking.paymentMethodId) throw noPaymentMethod(booking.id);
  return { amount: policy.fee.amount, paymentMethodId: booking.paymentMethodId };
}
