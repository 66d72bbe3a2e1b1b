import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { KnownClients } from '../../../membership/src/application/testing/known-clients.js';
import { KnownLocations } from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { KnownPractitioners } from '../../../practitioners/src/application/testing/known-practitioners.js';
import { Provider } from '../../../practitioners/src/domain/provider.js';
import { ProviderLocationLink } from '../../../practitioners/src/domain/provider-location-link.js';
import { cardOf, KnownCards } from '../../../wallet/src/application/testing/in-memory-wallet.js';
import { AppointmentType } from '../domain/appointment-type.js';
import { BookingPlacement } from './booking-placement.js';
import { CreateBooking, type CreateBookingCommand } from './create-booking.use-case.js';
import {
  InMemoryAppointmentTypes,
  InMemoryBookings,
  QueriedBookingWriteReads,
} from './testing/in-memory-scheduling.js';
import { renderSchedulingEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const CLIENT = { id: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80', firstName: 'Alex', lastName: 'Chen' };
const OTHER_CLIENT = { id: '0193a6f9-0000-7000-8000-000000000002', firstName: 'Jo', lastName: 'Park' };
const ARCHIVED_CLIENT = {
  id: '0193a6f9-0000-7000-8000-000000000003',
  firstName: 'Ari',
  lastName: 'Moss',
  deleted: true,
};
const LOCATION = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const OTHER_LOCATION = '0193a6f3-0000-7000-8000-000000000002';

const provider = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, NOW);
const unlinkedProvider = Provider.create(ORGANISATION, { firstName: 'Kim', lastName: 'Ng' }, NOW);
const link = ProviderLocationLink.create(ORGANISATION, provider.id, { locationId: LOCATION }, NOW);
const otherLink = ProviderLocationLink.create(ORGANISATION, provider.id, { locationId: OTHER_LOCATION }, NOW);
const leftProvider = Provider.create(ORGANISATION, { firstName: 'Lee', lastName: 'Fox' }, NOW);
leftProvider.archive(NOW);
const leftProvidersLink = ProviderLocationLink.create(ORGANISATION, leftProvider.id, { locationId: LOCATION }, NOW);
const movedProvider = Provider.create(ORGANISATION, { firstName: 'Max', lastName: 'Roe' }, NOW);
const archivedLink = ProviderLocationLink.create(ORGANISATION, movedProvider.id, { locationId: LOCATION }, NOW);
archivedLink.deleted = true;

function appointmentType(props: { maxAttendees?: number; locationIds?: string[] } = {}): AppointmentType {
  return AppointmentType.create(
    ORGANISATION,
    {
      name: 'Consult',
      durationMinutes: 30,
      price: 9500,
      providerIds: [provider.id],
      locationIds: props.locationIds ?? [LOCATION],
      maxAttendees: props.maxAttendees,
    },
    NOW,
  );
}
const consult = appointmentType();
const groupClass = appointmentType({ maxAttendees: 2 });
const onlyElsewhere = appointmentType({ locationIds: [OTHER_LOCATION] });
const retired = appointmentType();
retired.deleted = true;

const owner = { organisationId: ORGANISATION, clientId: CLIENT.id };
const paymentMethod = cardOf('0193a6f7-0000-7000-8000-000000000001', owner, 'payment_method');
const othersPaymentMethod = cardOf(
  '0193a6f7-0000-7000-8000-000000000002',
  { ...owner, clientId: OTHER_CLIENT.id },
  'payment_method',
);
const healthFundCard = cardOf('0193a6f7-0000-7000-8000-000000000003', owner, 'health_fund_card');

function setUp() {
  const bookings = new InMemoryBookings();
  const events = new RecordedEvents(renderSchedulingEvents);
  const reads = new QueriedBookingWriteReads(
    new KnownPractitioners(
      [provider, unlinkedProvider, leftProvider, movedProvider],
      [link, otherLink, leftProvidersLink, archivedLink],
    ),
    new InMemoryAppointmentTypes([consult, groupClass, onlyElsewhere, retired]),
    new KnownClients({ [ORGANISATION]: [CLIENT, OTHER_CLIENT, ARCHIVED_CLIENT] }),
    new KnownLocations({ [ORGANISATION]: [LOCATION, OTHER_LOCATION] }),
    bookings,
  );
  const createBooking = new CreateBooking(
    new BookingPlacement(reads, bookings),
    new KnownCards([paymentMethod, healthFundCard, othersPaymentMethod]),
    new FixedClock(NOW),
    events,
  );
  return { bookings, events, createBooking };
}

const at = (iso: string) => new Date(iso);
const command = (changes: Partial<CreateBookingCommand> = {}): CreateBookingCommand => ({
  clientId: CLIENT.id,
  providerId: provider.id,
  locationId: LOCATION,
  appointmentTypeId: consult.id,
  serviceDate: at('2026-12-01T09:30:00.000Z'),
  ...changes,
});

describe('CreateBooking', () => {
  it("stores a confirmed booking at the type's length and price, through the live link, and records booking.created", async () => {
    const { bookings, events, createBooking } = setUp();
    const { booking } = await createBooking.execute(
      ORGANISATION,
      command({ paymentMethodId: paymentMethod.id, healthFundCardId: healthFundCard.id, pmsBookingId: 'pms-1' }),
    );
    expect(bookings.bookings).toEqual([booking]);
    expect(booking).toMatchObject({
      organisationId: ORGANISATION,
      providerLocationLinkId: link.id,
      endsAt: at('2026-12-01T10:00:00.000Z'),
      servicePrice: 9500,
      paymentMethodId: paymentMethod.id,
      healthFundCardId: healthFundCard.id,
      pmsBookingId: 'pms-1',
      cancelledAt: null,
      paid: false,
      createdAt: NOW,
    });
    expect(events.recorded).toEqual([
      {
        type: 'booking.created',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: booking.id,
          status: 'confirmed',
          clientId: CLIENT.id,
          providerId: provider.id,
          locationId: LOCATION,
          serviceDate: '2026-12-01T09:30:00.000Z',
          servicePrice: 9500,
          createdAt: NOW.toISOString(),
        }),
      },
    ]);
  });

  it('answers slot_unavailable for an overlapping booking of the provider, storing and recording nothing more', async () => {
    const { bookings, events, createBooking } = setUp();
    await createBooking.execute(ORGANISATION, command());
    await expect(
      createBooking.execute(
        ORGANISATION,
        command({ serviceDate: at('2026-12-01T09:45:00.000Z'), clientId: OTHER_CLIENT.id }),
      ),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'slot_unavailable',
    });
    expect(bookings.bookings).toHaveLength(1);
    expect(events.recorded).toHaveLength(1);
  });

  it('books back to back: a booking that starts as another ends fits', async () => {
    const { bookings, createBooking } = setUp();
    await createBooking.execute(ORGANISATION, command());
    await createBooking.execute(ORGANISATION, command({ serviceDate: at('2026-12-01T10:00:00.000Z') }));
    expect(bookings.bookings).toHaveLength(2);
  });

  it('fills a group session up to its places, then answers slot_unavailable', async () => {
    const { bookings, createBooking } = setUp();
    await createBooking.execute(ORGANISATION, command({ appointmentTypeId: groupClass.id }));
    await createBooking.execute(ORGANISATION, command({ appointmentTypeId: groupClass.id, clientId: OTHER_CLIENT.id }));
    await expect(
      createBooking.execute(ORGANISATION, command({ appointmentTypeId: groupClass.id })),
    ).rejects.toMatchObject({ code: 'slot_unavailable' });
    expect(bookings.bookings).toHaveLength(2);
  });

  it('books a weekly series: one booking per occurrence sharing a seriesId, each with its booking.created, answering the first', async () => {
    const { bookings, events, createBooking } = setUp();
    const { booking: first } = await createBooking.execute(
      ORGANISATION,
      command({ repeat: { frequency: 'weekly', count: 3 } }),
    );
    expect(first.serviceDate).toEqual(at('2026-12-01T09:30:00.000Z'));
    expect(first.seriesId).toEqual(expect.any(String));
    expect(bookings.bookings.map((booking) => [booking.serviceDate.toISOString(), booking.seriesId])).toEqual([
      ['2026-12-01T09:30:00.000Z', first.seriesId],
      ['2026-12-08T09:30:00.000Z', first.seriesId],
      ['2026-12-15T09:30:00.000Z', first.seriesId],
    ]);
    expect(events.recorded.map((event) => [event.type, (event.data as { id: string }).id])).toEqual(
      bookings.bookings.map((booking) => ['booking.created', booking.id]),
    );
  });

  it('books nothing when one occurrence does not fit, naming every start that does not in conflicts', async () => {
    const { bookings, events, createBooking } = setUp();
    await createBooking.execute(ORGANISATION, command({ serviceDate: at('2026-12-08T09:45:00.000Z') }));
    await createBooking.execute(ORGANISATION, command({ serviceDate: at('2026-12-22T09:15:00.000Z') }));
    await expect(
      createBooking.execute(ORGANISATION, command({ repeat: { frequency: 'weekly', count: 4 } })),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'slot_unavailable',
      extensions: { conflicts: ['2026-12-08T09:30:00.000Z', '2026-12-22T09:30:00.000Z'] },
    });
    expect(bookings.bookings).toHaveLength(2);
    expect(events.recorded).toHaveLength(2);
  });

  it('gives a booking made alone no seriesId', async () => {
    const { createBooking } = setUp();
    expect((await createBooking.execute(ORGANISATION, command())).booking.seriesId).toBeNull();
  });

  it.each([
    ['an unknown client', { clientId: '0193a6f9-0000-7000-8000-00000000dead' }, 'not_found', 'clientId', 'not_found'],
    [
      'an unknown appointment type',
      { appointmentTypeId: '0193a6f8-0000-7000-8000-00000000dead' },
      'not_found',
      'appointmentTypeId',
      'not_found',
    ],
    [
      'a provider with no link to the location',
      { providerId: unlinkedProvider.id },
      'validation',
      'locationId',
      'provider_not_at_location',
    ],
    [
      'a type not offered at the location',
      { appointmentTypeId: onlyElsewhere.id },
      'validation',
      'appointmentTypeId',
      'not_offered',
    ],
    [
      "another client's payment method",
      { paymentMethodId: othersPaymentMethod.id },
      'not_found',
      'paymentMethodId',
      'not_found',
    ],
    [
      'a health fund card as payment method',
      { paymentMethodId: healthFundCard.id },
      'validation',
      'paymentMethodId',
      'wrong_card_type',
    ],
    [
      'a payment method as health fund card',
      { healthFundCardId: paymentMethod.id },
      'validation',
      'healthFundCardId',
      'wrong_card_type',
    ],
  ] as const)(
    'refuses %s, naming the field, storing and recording nothing',
    async (_case, changes, kind, field, code) => {
      const { bookings, events, createBooking } = setUp();
      await expect(createBooking.execute(ORGANISATION, command(changes))).rejects.toMatchObject({
        kind,
        errors: [expect.objectContaining({ field, code })],
      });
      expect(bookings.bookings).toEqual([]);
      expect(events.recorded).toEqual([]);
    },
  );

  it.each([
    ['an archived client', { clientId: ARCHIVED_CLIENT.id }, 'client_deleted'],
    ['an archived provider', { providerId: leftProvider.id }, 'provider_deleted'],
    ['an archived appointment type', { appointmentTypeId: retired.id }, 'appointment_type_deleted'],
    ["the provider's archived link to the location", { providerId: movedProvider.id }, 'location_link_deleted'],
  ] as const)('refuses %s with its conflict, storing and recording nothing', async (_case, changes, code) => {
    const { bookings, events, createBooking } = setUp();
    await expect(createBooking.execute(ORGANISATION, command(changes))).rejects.toMatchObject({
      kind: 'conflict',
      code,
    });
    expect(bookings.bookings).toEqual([]);
    expect(events.recorded).toEqual([]);
  });
});
