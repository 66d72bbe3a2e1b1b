import { type Cents, percentOf } from '@app/shared/domain';

/** The organisation's booking settings that the policy reads. */
export interface CancellationSettings {
  cancellationFeeEnabled: boolean;
  cancellationFeeAmount: Cents | null;
  cancellationFeePercent: number | null;
  cancellationNoFeeBeforeHours: number;
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
export function cancellationPolicyOf(settings: CancellationSettings, booking: { serviceDate: Date; servicePrice: Cents }, now: Date): CancellationPolicy {
  const latestNoFeeAt = new Date(booking.serviceDate.getTime() - settings.cancellationNoFeeBeforeHours * HOUR_MS);
  const amount = settings.cancellationFeeAmount ?? percentOf(booking.servicePrice, settings.cancellationFeePercent ?? 0);
  return {
    enabled: settings.cancellationFeeEnabled,
    rules: { clientCancel: { enabled: true }, clientReschedule: { enabled: true } },
    fee: {
      amount,
      freeCancellationHours: settings.cancellationNoFeeBeforeHours,
      latestNoFeeAt,
      billable: now.getTime() > latestNoFeeAt.getTime(),
      percent: settings.cancellationFeePercent,
    },
  };
}
