import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { CancellationPayments } from '@app/payments-and-claims';
import { KnownClients } from '../../../membership/src/application/testing/known-clients.js';
import {
  KnownLocations,
  KnownOrganisations,
} from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { KnownPractitioners } from '../../../practitioners/src/application/testing/known-practitioners.js';
import { FixedClock } from '../../../../test/support/orm.js';
import { BookingCancellation } from '../../../scheduling/src/application/booking-cancellation.js';
import { Booking } from '../../../scheduling/src/domain/booking.js';
import {
  InMemoryAppointmentTypes,
  InMemoryBookings,
  QueriedBookingWriteReads,
  StoredBookingQueries,
} from '../../../scheduling/src/application/testing/in-memory-scheduling.js';
import { renderSchedulingEvents } from '../../../scheduling/src/http/event-renderers.js';
import { CancelBooking } from './cancel-booking.use-case.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function booked(serviceDate: string, seriesId: string | null = null): Booking {
  return Booking.create(
    ORGANISATION,
    {
      clientId: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
      providerId: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
      locationId: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
      appointmentTypeId: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e',
      providerLocationLinkId: '0193a6f6-4d5e-7f60-8172-8c9d0e1f2a3b',
      serviceDate: new Date(serviceDate),
      durationMinutes: 30,
      servicePrice: 9500,
      seriesId,
    },
    new Date('2026-11-01T00:00:00.000Z'),
  );
}

/**
 * These specs never ask for a fee (the fee path is covered end to end): a fee asked for here is a
 * bug. Payment links are cancelled end to end; here, which bookings were asked for is enough.
 */
class RecordedLinkCancellations extends CancellationPayments {
  readonly bookings: string[] = [];

  assertNothingPaid(): Promise<void> {
    throw new Error('CancelBooking checked for a fee it was not asked for');
  }

  chargeFee(): Promise<void> {
    throw new Error('CancelBooking charged a fee it was not asked for');
  }

  async cancelWaitingPayments(_organisationId: string, bookingId: string): Promise<void> {
    this.bookings.push(bookingId);
  }

  assertNotClaimed(): Promise<void> {
    throw new Error('CancelBooking asked about claims, which only a no-show does');
  }

  cancelAwaitingConfirmation(): Promise<void> {
    throw new Error('CancelBooking asked about a check-out awaiting the patient, which only a no-show has');
  }
}

function setUp() {
  const bookings = new InMemoryBookings();
  const upcoming = booked('2026-12-01T09:30:00.000Z');
  const past = booked('2026-11-22T05:00:00.000Z');
  bookings.bookings.push(upcoming, past);
  const events = new RecordedEvents(renderSchedulingEvents);
  const links = new RecordedLinkCancellations();
  return {
    links,
    upcoming,
    past,
    bookings,
    events,
    cancelBooking: new CancelBooking(
      new BookingCancellation(
        // Parties none of these specs look at: each read finds nothing.
        new QueriedBookingWriteReads(
          new KnownPractitioners([], []),
          new InMemoryAppointmentTypes(),
          new KnownClients({}),
          new KnownLocations({}),
          bookings,
        ),
        bookings,
        new StoredBookingQueries(bookings),
        new KnownOrganisations({ [ORGANISATION]: [] }),
        events,
      ),
      links,
      new FixedClock(NOW),
      events,
    ),
  };
}

const storedOf = (bookings: InMemoryBookings, id: string) => bookings.bookings.find((booking) => booking.id === id);

describe('CancelBooking', () => {
  it('stores the cancellation time and records booking.cancelled as GET renders the cancelled booking', async () => {
    const { upcoming, bookings, events, links, cancelBooking } = setUp();
    const { booking: cancelled } = await cancelBooking.execute(ORGANISATION, upcoming.id);
    expect(cancelled.cancelledAt).toEqual(NOW);
    expect(links.bookings).toEqual([upcoming.id]);
    expect(storedOf(bookings, upcoming.id)?.cancelledAt).toEqual(NOW);
    expect(events.recorded).toEqual([
      {
        type: 'booking.cancelled',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: upcoming.id,
          status: 'cancelled',
          cancelledAt: NOW.toISOString(),
          serviceDate: '2026-12-01T09:30:00.000Z',
          servicePrice: 9500,
          paid: false,
        }),
      },
    ]);
  });

  it('answers booking_already_cancelled the second time, recording nothing more', async () => {
    const { upcoming, events, cancelBooking } = setUp();
    await cancelBooking.execute(ORGANISATION, upcoming.id);
    await expect(cancelBooking.execute(ORGANISATION, upcoming.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'booking_already_cancelled',
    });
    expect(events.recorded).toHaveLength(1);
  });

  it('answers booking_in_past for a booking that has started, changing and recording nothing', async () => {
    const { past, bookings, events, cancelBooking } = setUp();
    await expect(cancelBooking.execute(ORGANISATION, past.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'booking_in_past',
    });
    expect(storedOf(bookings, past.id)?.cancelledAt).toBeNull();
    expect(events.recorded).toEqual([]);
  });

  it('cancels only this occurrence of a series by default, and this and the later ones with scope following, each with its event and links', async () => {
    const { bookings, events, links, cancelBooking } = setUp();
    const SERIES = '0193a6fc-1a2b-7c3d-8e4f-5a6b7c8d9e10';
    const series = [
      '2026-12-02T09:30:00.000Z',
      '2026-12-09T09:30:00.000Z',
      '2026-12-16T09:30:00.000Z',
      '2026-12-23T09:30:00.000Z',
    ].map((date) => booked(date, SERIES));
    bookings.bookings.push(...series);
    const [first, second, third, fourth] = series;

    await cancelBooking.execute(ORGANISATION, first.id);
    expect(series.map((booking) => storedOf(bookings, booking.id)?.cancelledAt ?? null)).toEqual([
      NOW,
      null,
      null,
      null,
    ]);

    await cancelBooking.execute(ORGANISATION, third.id, { scope: 'following' });
    await cancelBooking.execute(ORGANISATION, second.id, { scope: 'following' });
    expect(series.map((booking) => storedOf(bookings, booking.id)?.cancelledAt)).toEqual([NOW, NOW, NOW, NOW]);
    expect(events.recorded.map((event) => [event.type, (event.data as { id: string }).id])).toEqual(
      [first, third, fourth, second].map((booking) => ['booking.cancelled', booking.id]),
    );
    expect(links.bookings).toEqual([first.id, third.id, fourth.id, second.id]);
  });

  it("answers not_found for another organisation's booking, changing and recording nothing", async () => {
    const { upcoming, bookings, events, cancelBooking } = setUp();
    await expect(cancelBooking.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', upcoming.id)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(storedOf(bookings, upcoming.id)?.cancelledAt).toBeNull();
    expect(events.recorded).toEqual([]);
  });
});
