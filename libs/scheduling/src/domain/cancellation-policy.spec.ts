import { describe, expect, it } from '@jest/globals';
import {
  assertClientMayCancel,
  assertClientMayReschedule,
  type CancellationSettings,
  cancellationPolicyOf,
} from './cancellation-policy.js';

const HOUR = 3_600_000;
const SERVICE_DATE = new Date('2027-03-01T09:30:00.000Z');
const BOOKING = { serviceDate: SERVICE_DATE, servicePrice: 9500 };
const FIXED_FEE: CancellationSettings = {
  cancellationFeeEnabled: true,
  cancellationFeeAmount: 5000,
  cancellationFeePercent: null,
  cancellationNoFeeBeforeHours: 24,
  clientCancelEnabled: true,
  clientRescheduleEnabled: true,
};
const LATEST_NO_FEE_AT = new Date('2027-02-28T09:30:00.000Z');
const at = (offsetMs: number) => new Date(LATEST_NO_FEE_AT.getTime() + offsetMs);

describe('cancellationPolicyOf', () => {
  it('computes the whole policy from the settings and the booking', () => {
    expect(cancellationPolicyOf(FIXED_FEE, BOOKING, new Date('2027-01-15T00:00:00.000Z'))).toEqual({
      enabled: true,
      rules: { clientCancel: { enabled: true }, clientReschedule: { enabled: true } },
      fee: {
        amount: 5000,
        freeCancellationHours: 24,
        latestNoFeeAt: LATEST_NO_FEE_AT,
        billable: false,
        percent: null,
      },
    });
  });

  describe('billable, at the latestNoFeeAt boundary', () => {
    it('is not billable 1 ms before latestNoFeeAt', () => {
      expect(cancellationPolicyOf(FIXED_FEE, BOOKING, at(-1)).fee.billable).toBe(false);
    });

    it('is not billable exactly at latestNoFeeAt: cancelling at the deadline is still free', () => {
      expect(cancellationPolicyOf(FIXED_FEE, BOOKING, at(0)).fee.billable).toBe(false);
    });

    it('is billable 1 ms after latestNoFeeAt', () => {
      expect(cancellationPolicyOf(FIXED_FEE, BOOKING, at(1)).fee.billable).toBe(true);
    });

    it('stays billable once the appointment has started', () => {
      expect(cancellationPolicyOf(FIXED_FEE, BOOKING, new Date(SERVICE_DATE.getTime() + HOUR)).fee.billable).toBe(true);
    });
  });

  describe('when the cancellation fee is disabled', () => {
    const disabled: CancellationSettings = { ...FIXED_FEE, cancellationFeeEnabled: false };

    it('says the policy is off, while billable still tells whether the deadline has passed', () => {
      expect(cancellationPolicyOf(disabled, BOOKING, at(0))).toMatchObject({
        enabled: false,
        fee: { billable: false },
      });
      for (const now of [at(1), at(12 * HOUR), new Date(SERVICE_DATE.getTime() + 1)]) {
        expect(cancellationPolicyOf(disabled, BOOKING, now)).toMatchObject({ enabled: false, fee: { billable: true } });
      }
    });

    it('still reports the fee and deadline the organisation has configured', () => {
      expect(cancellationPolicyOf(disabled, BOOKING, at(1)).fee).toMatchObject({
        amount: 5000,
        freeCancellationHours: 24,
        latestNoFeeAt: LATEST_NO_FEE_AT,
      });
    });
  });

  describe('fee amount', () => {
    it('is the fixed amount when one is set, whatever the percent', () => {
      const policy = cancellationPolicyOf(
        { ...FIXED_FEE, cancellationFeeAmount: 2500, cancellationFeePercent: 50 },
        BOOKING,
        at(0),
      );
      expect(policy.fee.amount).toBe(2500);
      expect(policy.fee.percent).toBe(50);
    });

    it('is a fixed amount of 0 when 0 is set, rather than falling back to the percent', () => {
      expect(
        cancellationPolicyOf({ ...FIXED_FEE, cancellationFeeAmount: 0, cancellationFeePercent: 50 }, BOOKING, at(0)).fee
          .amount,
      ).toBe(0);
    });

    it.each([
      // [servicePrice, percent, expected cents]
      [9500, 50, 4750],
      [9500, 12.5, 1188], // 1187.5 → 1188
      [9999, 50, 5000], // 4999.5 → 5000
      [10000, 33.33, 3333],
      [12345, 10, 1235], // 1234.5 → 1235
      [8001, 25, 2000], // 2000.25 → 2000
      [0, 50, 0],
      [9500, 100, 9500],
      [9500, 0, 0],
    ])('is %d cents × %d%%, rounded to the cent (%d), when no amount is set', (servicePrice, percent, expected) => {
      const policy = cancellationPolicyOf(
        { ...FIXED_FEE, cancellationFeeAmount: null, cancellationFeePercent: percent },
        { serviceDate: SERVICE_DATE, servicePrice },
        at(0),
      );
      expect(policy.fee.amount).toBe(expected);
      expect(Number.isInteger(policy.fee.amount)).toBe(true);
      expect(policy.fee.percent).toBe(percent);
    });

    it("follows the booking's servicePrice, not a price from elsewhere", () => {
      const settings = { ...FIXED_FEE, cancellationFeeAmount: null, cancellationFeePercent: 40 };
      expect(cancellationPolicyOf(settings, { serviceDate: SERVICE_DATE, servicePrice: 10000 }, at(0)).fee.amount).toBe(
        4000,
      );
      expect(cancellationPolicyOf(settings, { serviceDate: SERVICE_DATE, servicePrice: 15000 }, at(0)).fee.amount).toBe(
        6000,
      );
    });
  });

  describe('freeCancellationHours and latestNoFeeAt', () => {
    it.each([
      [0, '2027-03-01T09:30:00.000Z'],
      [1, '2027-03-01T08:30:00.000Z'],
      [24, '2027-02-28T09:30:00.000Z'],
      [48, '2027-02-27T09:30:00.000Z'],
      [720, '2027-01-30T09:30:00.000Z'],
    ])('with %d hours, latestNoFeeAt is %s (serviceDate minus those hours)', (hours, expected) => {
      const policy = cancellationPolicyOf(
        { ...FIXED_FEE, cancellationNoFeeBeforeHours: hours },
        BOOKING,
        new Date('2026-12-01T00:00:00.000Z'),
      );
      expect(policy.fee.freeCancellationHours).toBe(hours);
      expect(policy.fee.latestNoFeeAt.toISOString()).toBe(expected);
    });

    it('counts elapsed hours, not wall-clock hours, across a daylight-saving change', () => {
      // Sydney leaves daylight saving at 2027-04-04T03:00+11:00 (16:00Z on the 3rd).
      const booking = { serviceDate: new Date('2027-04-04T00:00:00.000Z'), servicePrice: 9500 };
      expect(
        cancellationPolicyOf(
          { ...FIXED_FEE, cancellationNoFeeBeforeHours: 24 },
          booking,
          at(0),
        ).fee.latestNoFeeAt.toISOString(),
      ).toBe('2027-04-03T00:00:00.000Z');
    });

    it('with 0 hours, cancelling up to the start is free and a moment later is billable', () => {
      const settings = { ...FIXED_FEE, cancellationNoFeeBeforeHours: 0 };
      expect(cancellationPolicyOf(settings, BOOKING, SERVICE_DATE).fee.billable).toBe(false);
      expect(cancellationPolicyOf(settings, BOOKING, new Date(SERVICE_DATE.getTime() + 1)).fee.billable).toBe(true);
    });

    it('moves the deadline with the hours: 48 hours before is billable at 47 hours, free at exactly 48', () => {
      const settings = { ...FIXED_FEE, cancellationNoFeeBeforeHours: 48 };
      expect(cancellationPolicyOf(settings, BOOKING, new Date(SERVICE_DATE.getTime() - 48 * HOUR)).fee.billable).toBe(
        false,
      );
      expect(cancellationPolicyOf(settings, BOOKING, new Date(SERVICE_DATE.getTime() - 47 * HOUR)).fee.billable).toBe(
        true,
      );
    });
  });

  describe("a patient's own changes", () => {
    it('takes the rules from the settings', () => {
      expect(cancellationPolicyOf({ ...FIXED_FEE, clientCancelEnabled: false }, BOOKING, at(0)).rules).toEqual({
        clientCancel: { enabled: false },
        clientReschedule: { enabled: true },
      });
      expect(cancellationPolicyOf({ ...FIXED_FEE, clientRescheduleEnabled: false }, BOOKING, at(0)).rules).toEqual({
        clientCancel: { enabled: true },
        clientReschedule: { enabled: false },
      });
    });

    it('lets a patient cancel only when clientCancel is enabled, fee or not', () => {
      expect(() => assertClientMayCancel(cancellationPolicyOf(FIXED_FEE, BOOKING, at(1)))).not.toThrow();
      expect(() =>
        assertClientMayCancel(cancellationPolicyOf({ ...FIXED_FEE, clientCancelEnabled: false }, BOOKING, at(-1))),
      ).toThrow(expect.objectContaining({ code: 'cancel_not_allowed' }));
    });

    it('lets a patient move a booking up to latestNoFeeAt, and after it only when no fee is charged', () => {
      const refused = expect.objectContaining({ code: 'reschedule_not_allowed' });
      expect(() => assertClientMayReschedule(cancellationPolicyOf(FIXED_FEE, BOOKING, at(0)))).not.toThrow();
      expect(() => assertClientMayReschedule(cancellationPolicyOf(FIXED_FEE, BOOKING, at(1)))).toThrow(refused);
      expect(() =>
        assertClientMayReschedule(
          cancellationPolicyOf({ ...FIXED_FEE, cancellationFeeEnabled: false }, BOOKING, at(1)),
        ),
      ).not.toThrow();
      expect(() =>
        assertClientMayReschedule(
          cancellationPolicyOf({ ...FIXED_FEE, clientRescheduleEnabled: false }, BOOKING, at(-1)),
        ),
      ).toThrow(refused);
    });
  });
});
