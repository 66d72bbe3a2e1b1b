import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { KnownClients } from '../../../membership/src/application/testing/known-clients.js';
import { KnownLocations } from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { KnownPractitioners } from '../../../practitioners/src/application/testing/known-practitioners.js';
import { Provider } from '../../../practitioners/src/domain/provider.js';
import { ProviderLocationLink } from '../../../practitioners/src/domain/provider-location-link.js';
import { AppointmentType } from '../domain/appointment-type.js';
import { Booking } from '../domain/booking.js';
import { renderSchedulingEvents } from '../http/event-renderers.js';
import { BookingPlacement } from './booking-placement.js';
import { RescheduleBooking } from './reschedule-booking.use-case.js';
import {
  InMemoryAppointmentTypes,
  InMemoryBookings,
  QueriedBookingWriteReads,
} from './testing/in-memory-scheduling.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const CLIENT = '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80';
const BONDI = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const MANLY = '0193a6f3-0000-7000-8000-000000000002';

const priya = Provider.create(ORGANISATION, { firstName: 'Priya', lastName: 'Raman' }, NOW);
const sam = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, NOW);
const links = [
  ProviderLocationLink.create(ORGANISATION, priya.id, { locationId: BONDI }, NOW),
  ProviderLocationLink.create(ORGANISATION, sam.id, { locationId: BONDI }, NOW),
  ProviderLocationLink.create(ORGANISATION, sam.id, { locationId: MANLY }, NOW),
];
const consult = AppointmentType.create(
  ORGANISATION,
  { name: 'Consult', durationMinutes: 30, price: 9500, providerIds: [priya.id, sam.id], locationIds: [BONDI, MANLY] },
  NOW,
);

const at = (iso: string) => new Date(iso);

function setUp() {
  const bookings = new InMemoryBookings();
  const book = (serviceDate: string, providerId = priya.id) => {
    const link = links.find((candidate) => candidate.providerId === providerId && candidate.locationId === BONDI)!;
    const booking = Booking.create(
      ORGANISATION,
      {
        clientId: CLIENT,
        providerId,
        locationId: BONDI,
        appointmentTypeId: consult.id,
        providerLocationLinkId: link.id,
        serviceDate: at(serviceDate),
        durationMinutes: 45,
        servicePrice: 9000,
        paymentMethodId: '0193a6f7-0000-7000-8000-000000000001',
        manageTokenHash: 'hash-of-the-token',
      },
      at('2026-11-01T00:00:00.000Z'),
    );
    bookings.bookings.push(booking);
    return booking;
  };
  const events = new RecordedEvents(renderSchedulingEvents);
  const reads = new QueriedBookingWriteReads(
    new KnownPractitioners([priya, sam], links),
    new InMemoryAppointmentTypes([consult]),
    new KnownClients({ [ORGANISATION]: [{ id: CLIENT, firstName: 'Alex', lastName: 'Chen' }] }),
    new KnownLocations({ [ORGANISATION]: [BONDI, MANLY] }),
    bookings,
  );
  const reschedule = new RescheduleBooking(
    bookings,
    new BookingPlacement(reads, bookings),
    new FixedClock(NOW),
    events,
  );
  const stored = (id: string) => bookings.bookings.find((booking) => booking.id === id)!;
  return { book, events, reschedule, stored };
}

describe('RescheduleBooking', () => {
  it('moves the booking, keeping its length, price, card and token, and records where it was beside it', async () => {
    const { book, events, reschedule, stored } = setUp();
    const booking = book('2026-12-01T09:30:00.000Z');
    const { booking: moved } = await reschedule.execute(ORGANISATION, booking.id, {
      serviceDate: at('2026-12-02T10:00:00.000Z'),
      locationId: MANLY,
      providerId: sam.id,
    });
    expect(stored(booking.id)).toEqual(moved);
    expect(moved).toMatchObject({
      id: booking.id,
      clientId: CLIENT,
      providerId: sam.id,
      locationId: MANLY,
      providerLocationLinkId: links[2].id,
      serviceDate: at('2026-12-02T10:00:00.000Z'),
      endsAt: at('2026-12-02T10:45:00.000Z'),
      servicePrice: 9000,
      paymentMethodId: booking.paymentMethodId,
      manageTokenHash: 'hash-of-the-token',
      createdAt: booking.createdAt,
      updatedAt: NOW,
    });
    expect(events.recorded).toEqual([
      {
        type: 'booking.rescheduled',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: booking.id,
          serviceDate: '2026-12-02T10:00:00.000Z',
          updatedAt: NOW.toISOString(),
        }),
        previous: { serviceDate: '2026-12-01T09:30:00.000Z', providerId: priya.id, locationId: BONDI },
      },
    ]);
  });

  it('moves a booking by less than its length: it does not stand in its own way', async () => {
    const { book, reschedule } = setUp();
    const booking = book('2026-12-01T09:30:00.000Z');
    const { booking: moved } = await reschedule.execute(ORGANISATION, booking.id, {
      serviceDate: at('2026-12-01T09:45:00.000Z'),
    });
    expect(moved.endsAt).toEqual(at('2026-12-01T10:30:00.000Z'));
  });

  it("answers slot_unavailable beside the provider's other booking, and changes and records nothing", async () => {
    const { book, events, reschedule, stored } = setUp();
    const booking = book('2026-12-01T09:30:00.000Z');
    book('2026-12-01T11:00:00.000Z');
    await expect(
      reschedule.execute(ORGANISATION, booking.id, { serviceDate: at('2026-12-01T10:30:00.000Z') }),
    ).rejects.toMatchObject({
      code: 'slot_unavailable',
    });
    expect(stored(booking.id).serviceDate).toEqual(at('2026-12-01T09:30:00.000Z'));
    expect(events.recorded).toEqual([]);
  });

  it('records nothing and keeps updatedAt for a move to where the booking is', async () => {
    const { book, events, reschedule, stored } = setUp();
    const booking = book('2026-12-01T09:30:00.000Z');
    await reschedule.execute(ORGANISATION, booking.id, {
      serviceDate: at('2026-12-01T09:30:00.000Z'),
      providerId: priya.id,
      locationId: BONDI,
    });
    expect(stored(booking.id).updatedAt).toEqual(booking.updatedAt);
    expect(events.recorded).toEqual([]);
  });

  it('refuses a cancelled booking, one that has begun, and one the caller does not allow, before any other check', async () => {
    const { book, reschedule } = setUp();
    const cancelled = book('2026-12-01T09:30:00.000Z');
    cancelled.cancel(NOW);
    const begun = book('2026-11-22T05:00:00.000Z');
    const elsewhere = { serviceDate: at('2026-12-03T09:30:00.000Z'), locationId: MANLY };
    await expect(reschedule.execute(ORGANISATION, cancelled.id, elsewhere)).rejects.toMatchObject({
      code: 'booking_cancelled',
    });
    await expect(reschedule.execute(ORGANISATION, begun.id, elsewhere)).rejects.toMatchObject({
      code: 'booking_in_past',
    });
    const refused = new Error('not allowed');
    const upcoming = book('2026-12-04T09:30:00.000Z');
    await expect(
      reschedule.execute(ORGANISATION, upcoming.id, elsewhere, () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });

  it('answers not_found for a booking of another organisation', async () => {
    const { book, reschedule } = setUp();
    const booking = book('2026-12-01T09:30:00.000Z');
    await expect(
      reschedule.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', booking.id, {
        serviceDate: at('2026-12-02T09:30:00.000Z'),
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
