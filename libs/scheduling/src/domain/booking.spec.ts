import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { Booking, fitsBeside, type NewBooking } from './booking.js';

const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const NOW = new Date('2026-11-22T05:28:59.000Z');
const SERVICE_DATE = new Date('2027-03-01T09:30:00.000Z');
const GROUP_CLASS = '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e';
const CONSULT = '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6f';
const NEW_BOOKING: NewBooking = {
  clientId: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
  providerId: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
  locationId: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  appointmentTypeId: CONSULT,
  providerLocationLinkId: '0193a6f6-4d5e-7f60-8b72-8c9d0e1f2a3b',
  serviceDate: SERVICE_DATE,
  durationMinutes: 45,
  servicePrice: 9500,
};

const booking = (props: Partial<NewBooking> = {}) => Booking.create(ORGANISATION, { ...NEW_BOOKING, ...props }, NOW);

function errorOf(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('Booking.create', () => {
  it('is confirmed, unpaid, uninvoiced, ends after its duration and keeps the price it was booked at', () => {
    const created = booking();
    expect(created).toMatchObject({
      organisationId: ORGANISATION,
      serviceDate: SERVICE_DATE,
      endsAt: new Date('2027-03-01T10:15:00.000Z'),
      servicePrice: 9500,
      paid: false,
      invoiced: false,
      adjustments: [],
      cancelledAt: null,
      paymentMethodId: null,
      healthFundCardId: null,
      pmsBookingId: null,
      pmsAttendeeId: null,
      createdAt: NOW,
    });
  });
});

describe('Booking.cancel', () => {
  it('sets cancelledAt to the moment of cancelling', () => {
    const confirmed = booking();
    const when = new Date('2026-12-01T00:00:00.000Z');
    confirmed.cancel(when);
    expect(confirmed.cancelledAt).toEqual(when);
  });

  it('refuses a second cancel with 409 booking_already_cancelled and keeps the first cancelledAt', () => {
    const cancelled = booking();
    const first = new Date('2026-12-01T00:00:00.000Z');
    cancelled.cancel(first);
    const error = errorOf(() => cancelled.cancel(new Date('2026-12-02T00:00:00.000Z')));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'conflict', code: 'booking_already_cancelled' });
    expect(cancelled.cancelledAt).toEqual(first);
  });

  it('refuses a booking whose service date has passed with 409 booking_in_past and leaves it confirmed', () => {
    const past = booking({ serviceDate: new Date('2026-11-01T09:00:00.000Z') });
    const error = errorOf(() => past.cancel(NOW));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'conflict', code: 'booking_in_past' });
    expect(past.cancelledAt).toBeNull();
  });

  it('cancels up to 1 ms before the start, and refuses 1 ms after it', () => {
    const justBefore = booking();
    justBefore.cancel(new Date(SERVICE_DATE.getTime() - 1));
    expect(justBefore.cancelledAt).not.toBeNull();

    const justAfter = booking();
    expect(errorOf(() => justAfter.cancel(new Date(SERVICE_DATE.getTime() + 1))).code).toBe('booking_in_past');
    expect(justAfter.cancelledAt).toBeNull();
  });
});

describe('Booking attendance', () => {
  // 09:30 UTC on 1 March 2027 is 20:30 in Sydney (UTC+11), whose day began at 13:00 UTC the day before.
  const SYDNEY_DAY_STARTS = new Date('2027-02-28T13:00:00.000Z');
  const cancelled = () => {
    const gone = booking();
    gone.cancel(NOW);
    return gone;
  };

  it('starts pending, with no arrivedAt and no series', () => {
    expect(booking()).toMatchObject({
      attendance: 'pending',
      arrivedAt: null,
      noShowFeeChargedAt: null,
      seriesId: null,
    });
  });

  it("marks arrived from the start of the service day in the location's time zone, not UTC's, and refuses it a moment before", () => {
    const early = booking();
    const error = errorOf(() => early.markArrived(new Date(SYDNEY_DAY_STARTS.getTime() - 1), 'Australia/Sydney'));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'conflict', code: 'booking_not_started' });
    expect(early).toMatchObject({ attendance: 'pending', arrivedAt: null });

    const onTheDay = booking();
    expect(onTheDay.markArrived(SYDNEY_DAY_STARTS, 'Australia/Sydney')).toBe(true);
    expect(onTheDay).toMatchObject({ attendance: 'arrived', arrivedAt: SYDNEY_DAY_STARTS });
    // In London the same instant is 13:00 on 28 February, the day before the booking's service day there.
    expect(errorOf(() => booking().markArrived(SYDNEY_DAY_STARTS, 'Europe/London')).code).toBe('booking_not_started');
  });

  it('keeps the first arrivedAt when marked arrived again, and says nothing changed', () => {
    const here = booking();
    here.markArrived(SERVICE_DATE, 'Australia/Sydney');
    expect(here.markArrived(new Date(SERVICE_DATE.getTime() + 60_000), 'Australia/Sydney')).toBe(false);
    expect(here.arrivedAt).toEqual(SERVICE_DATE);
  });

  it('marks a no-show from the start of the booking on, clearing arrivedAt, and refuses it 1 ms before', () => {
    const early = booking();
    expect(errorOf(() => early.markNoShow(new Date(SERVICE_DATE.getTime() - 1))).code).toBe('booking_not_started');
    const missed = booking();
    missed.markArrived(SERVICE_DATE, 'Australia/Sydney');
    expect(missed.markNoShow(SERVICE_DATE)).toBe(true);
    expect(missed).toMatchObject({ attendance: 'no_show', arrivedAt: null });
    expect(missed.markNoShow(new Date(SERVICE_DATE.getTime() + 1))).toBe(false);
  });

  it('goes back to pending from either mark, and says nothing changed when it already was', () => {
    const undone = booking();
    expect(undone.markPending(SERVICE_DATE)).toBe(false);
    undone.markArrived(SERVICE_DATE, 'Australia/Sydney');
    expect(undone.markPending(SERVICE_DATE)).toBe(true);
    expect(undone).toMatchObject({ attendance: 'pending', arrivedAt: null });
  });

  it('refuses every mark of a cancelled booking with 409 booking_cancelled', () => {
    for (const mark of [
      (gone: Booking) => gone.markArrived(SERVICE_DATE, 'Australia/Sydney'),
      (gone: Booking) => gone.markNoShow(SERVICE_DATE),
      (gone: Booking) => gone.markPending(NOW),
    ]) {
      const gone = cancelled();
      const error = errorOf(() => mark(gone));
      expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'conflict', code: 'booking_cancelled' });
      expect(gone.attendance).toBe('pending');
    }
  });
});

describe('fitsBeside', () => {
  const BONDI = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
  const existing = (appointmentTypeId: string, serviceDate: Date = SERVICE_DATE) => ({
    appointmentTypeId,
    locationId: BONDI,
    serviceDate,
  });
  const candidate = (maxAttendees: number, appointmentTypeId = GROUP_CLASS, serviceDate = SERVICE_DATE) => ({
    appointmentTypeId,
    locationId: BONDI,
    serviceDate,
    maxAttendees,
  });

  it('fits when nothing overlaps', () => {
    expect(fitsBeside([], candidate(1, CONSULT))).toBe(true);
  });

  it('does not fit beside any booking when the type takes one attendee', () => {
    expect(fitsBeside([existing(CONSULT)], candidate(1, CONSULT))).toBe(false);
  });

  it('lets a group session with maxAttendees 3 take a second and third booking, and refuses a fourth', () => {
    expect(fitsBeside([existing(GROUP_CLASS)], candidate(3))).toBe(true);
    expect(fitsBeside([existing(GROUP_CLASS), existing(GROUP_CLASS)], candidate(3))).toBe(true);
    expect(fitsBeside([existing(GROUP_CLASS), existing(GROUP_CLASS), existing(GROUP_CLASS)], candidate(3))).toBe(false);
  });

  it('does not fit a group booking beside another type, even with places left', () => {
    expect(fitsBeside([existing(CONSULT)], candidate(3))).toBe(false);
  });

  it('does not fit a group booking that overlaps the same type at another start', () => {
    const fifteenMinutesLater = new Date(SERVICE_DATE.getTime() + 15 * 60_000);
    expect(fitsBeside([existing(GROUP_CLASS)], candidate(3, GROUP_CLASS, fifteenMinutesLater))).toBe(false);
  });

  it('does not fit a group booking beside the same class at the same start at another location', () => {
    // The provider cannot run one class at two places: a session is one type, one start, one location.
    const atBondi = existing(GROUP_CLASS);
    const atManly = { ...candidate(3), locationId: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e10' };
    expect(fitsBeside([atBondi], atManly)).toBe(false);
  });

  it('does not fit when the session shares its time with a booking of another type', () => {
    expect(fitsBeside([existing(GROUP_CLASS), existing(CONSULT)], candidate(3))).toBe(false);
  });
});
