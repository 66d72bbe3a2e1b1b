import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Expansion } from '@app/shared';
import { SqlReader } from '@app/shared/sql';
import { RecordedEvents } from '@app/shared/domain';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { SqlClientQueries } from '../../../../membership/src/infrastructure/persistence/sql-client.queries.js';
import { SqlOrganisationQueries } from '../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import { SqlWalletCardQueries } from '../../../../wallet/src/infrastructure/persistence/sql-wallet-card.queries.js';
import type { OrganisationQueries } from '@app/organisations';
import { withSlowStatements } from '../../../../../test/support/fixtures.js';
import { codeOf, FixedClock, fresh, openTestOrm, Rows, settle } from '../../../../../test/support/orm.js';
import type { BookingQueries, BookingView } from '../../application/booking.queries.js';
import { BookingCancellation } from '../../application/booking-cancellation.js';
import { BookingPlacement } from '../../application/booking-placement.js';
import { CreateBooking, type CreateBookingCommand } from '../../application/create-booking.use-case.js';
import { AppointmentType, type NewAppointmentType } from '../../domain/appointment-type.js';
import { Booking } from '../../domain/booking.js';
import { MikroOrmAppointmentTypeRepository, MikroOrmBookingRepository } from './mikro-orm-scheduling.repositories.js';
import { SqlBookingWriteReads } from './sql-booking-write-reads.js';
import { renderSchedulingEvents } from '../../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');
const clock = new FixedClock(NOW);
const at = (iso: string) => new Date(iso);

type Practice = Awaited<ReturnType<Rows['practice']>>;

/** Events kept in memory, each use case's change in a database transaction of its own, as the outbox runs it. */
class RecordedEventsInTransactions extends RecordedEvents {
  constructor(private readonly em: EntityManager) {
    super(renderSchedulingEvents);
  }

  override transaction<T>(change: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => super.transaction(change));
  }
}

describe('MikroOrm scheduling repositories on PostgreSQL', () => {
  let orm: MikroORM;
  let rows: Rows;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
  });
  afterAll(() => orm?.close());

  const addType = async (practice: Practice, props: Partial<NewAppointmentType> = {}) => {
    const type = AppointmentType.create(
      practice.organisationId,
      {
        name: 'Initial consultation',
        durationMinutes: 60,
        price: 9500,
        providerIds: [practice.providerId],
        locationIds: [practice.locationId],
        ...props,
      },
      NOW,
    );
    await new MikroOrmAppointmentTypeRepository(fresh(orm)).add(type);
    return type;
  };

  /** The booking alone, for the events of the later occurrences a cancellation reads back: these tests are about the diary, not the answer. */
  const bookingReads = {
    withParties: async (_: string, rows: Booking[]): Promise<BookingView[]> =>
      rows.map((booking) => ({
        booking,
        expansion: Expansion.none(),
        provider: null,
        location: null,
        appointmentType: null,
        client: null,
      })),
  } as unknown as BookingQueries;

  /** The use case as one request runs it: its own unit of work and database transaction, every collaborator on the database. */
  const createBooking = (organisationId: string, command: CreateBookingCommand) => {
    const em = fresh(orm);
    const sql = new SqlReader(orm);
    const clients = new SqlClientQueries(sql, new SqlOrganisationQueries(sql));
    return new CreateBooking(
      new BookingPlacement(new SqlBookingWriteReads(em, sql), new MikroOrmBookingRepository(em, sql)),
      new SqlWalletCardQueries(sql, clients),
      clock,
      new RecordedEventsInTransactions(em),
    )
      .execute(organisationId, command)
      .then((read) => read.booking);
  };

  const bookingCommand = (
    practice: Practice,
    type: AppointmentType,
    serviceDate: string,
    clientId = practice.clientId,
  ): CreateBookingCommand => ({
    clientId,
    providerId: practice.providerId,
    locationId: practice.locationId,
    appointmentTypeId: type.id,
    serviceDate: at(serviceDate),
  });

  const confirmedBookingsOf = async (providerId: string) =>
    (
      await fresh(orm)
        .getConnection()
        .execute<{ id: string }[]>(
          'select id from bookings where provider_id = ? and cancelled_at is null order by service_date, id',
          [providerId],
        )
    ).map((row) => row.id);

  describe('appointment types', () => {
    it('loads, in a fresh unit of work, a type with its id arrays, billable items and price in cents', async () => {
      const practice = await rows.practice();
      const secondLocation = await rows.location(practice.organisationId, practice.businessId);
      const type = await addType(practice, {
        price: 12_345,
        locationIds: [practice.locationId, secondLocation, practice.locationId],
        maxAttendees: 8,
        description: 'First visit',
        billableItems: [
          {
            name: 'Consult',
            basePrice: 10_000,
            taxRate: 10,
            itemCode: '500',
            serviceItem: { itemCode: '500', category: 'physio' },
          },
          { name: 'Tape', basePrice: 995 },
        ],
      });

      const loaded = await new MikroOrmAppointmentTypeRepository(fresh(orm)).findById(practice.organisationId, type.id);
      expect(loaded).toEqual(type);
      expect(loaded).toBeInstanceOf(AppointmentType);
      expect({ price: loaded?.price, locationIds: loaded?.locationIds, category: loaded?.category }).toEqual({
        price: 12_345,
        locationIds: [practice.locationId, secondLocation],
        category: null,
      });
      expect(loaded?.billableItems.map((item) => [item.basePrice, item.taxAmount, item.totalPrice])).toEqual([
        [10_000, 1000, 11_000],
        [995, 0, 995],
      ]);
    });

    it('loads a type with empty id arrays, and finds a type only within its organisation', async () => {
      const practice = await rows.practice();
      const otherOrganisation = await rows.organisation();
      const type = await addType(practice, { providerIds: [], locationIds: [] });

      const repository = new MikroOrmAppointmentTypeRepository(fresh(orm));
      expect(await repository.findById(practice.organisationId, type.id)).toEqual(type);
      expect(await repository.findById(otherOrganisation, type.id)).toBeNull();
    });
  });

  describe('bookings', () => {
    it('loads, in a fresh unit of work, the booking a diary added: times, price in cents, nullables', async () => {
      const practice = await rows.practice();
      const type = await addType(practice, { price: 18_050, durationMinutes: 45 });
      const booking = await createBooking(practice.organisationId, {
        ...bookingCommand(practice, type, '2027-03-01T23:15:00.000Z'),
        pmsBookingId: 'PMS-B-1',
      });

      const loaded = await fresh(orm).findOneOrFail(Booking, { id: booking.id });
      expect(loaded).toEqual(booking);
      expect(loaded).toBeInstanceOf(Booking);
      expect({
        endsAt: loaded.endsAt.toISOString(),
        price: loaded.servicePrice,
        createdAt: loaded.createdAt.toISOString(),
      }).toEqual({
        endsAt: '2027-03-02T00:00:00.000Z',
        price: 18_050,
        createdAt: NOW.toISOString(),
      });
      expect([
        loaded.cancelledAt,
        loaded.paymentMethodId,
        loaded.healthFundCardId,
        loaded.pmsAttendeeId,
        loaded.adjustments,
      ]).toEqual([null, null, null, null, []]);
    });

    it('stores nothing that a diary added when its work then fails', async () => {
      const practice = await rows.practice();
      const type = await addType(practice);
      const booking = Booking.create(
        practice.organisationId,
        {
          ...bookingCommand(practice, type, '2027-03-02T00:00:00.000Z'),
          providerLocationLinkId: practice.linkId,
          durationMinutes: 60,
          servicePrice: 9500,
        },
        NOW,
      );

      const em = fresh(orm);
      const work = em.transactional(async () => {
        const { lock } = await new SqlBookingWriteReads(em, new SqlReader(orm)).lockPlace(
          practice.organisationId,
          booking,
          practice.clientId,
        );
        await new MikroOrmBookingRepository(em, new SqlReader(orm)).withProviderDiary(lock, async (diary) => {
          diary.add(booking);
          throw new Error('changed my mind');
        });
      });
      await expect(work).rejects.toThrow('changed my mind');
      expect(await fresh(orm).count(Booking, { id: booking.id })).toBe(0);
    });

    it('saves a change under the row lock, and finds the booking only within its organisation', async () => {
      const practice = await rows.practice();
      const otherOrganisation = await rows.organisation();
      const type = await addType(practice);
      const booking = await createBooking(
        practice.organisationId,
        bookingCommand(practice, type, '2027-03-03T00:00:00.000Z'),
      );

      const repository = new MikroOrmBookingRepository(fresh(orm), new SqlReader(orm));
      expect(await repository.change(otherOrganisation, booking.id, (found) => found.cancel(NOW))).toBeNull();
      const changed = await repository.change(practice.organisationId, booking.id, (found) => {
        found.adjustments = [
          {
            id: '0193a6f7-0000-7000-8000-0000000000aa',
            amount: 2500,
            balanceEffectIndicator: -1,
            description: 'Loyalty discount',
          },
        ];
      });

      const loaded = await fresh(orm).findOneOrFail(Booking, { id: booking.id });
      expect(loaded).toEqual(changed);
      expect(loaded.adjustments).toEqual([
        {
          id: '0193a6f7-0000-7000-8000-0000000000aa',
          amount: 2500,
          balanceEffectIndicator: -1,
          description: 'Loyalty discount',
        },
      ]);
      expect(loaded.cancelledAt).toBeNull();
    });

    it('settles concurrent creates of one slot: exactly one booking, the others slot_unavailable', async () => {
      const practice = await rows.practice();
      const type = await addType(practice);
      const clients = [
        practice.clientId,
        ...(await Promise.all([1, 2, 3].map(() => rows.client(practice.organisationId)))),
      ];
      // Commits wait, so without the provider lock every attempt would read an empty diary first.
      const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
        settle(
          clients.map((clientId) =>
            createBooking(
              practice.organisationId,
              bookingCommand(practice, type, '2027-04-06T09:00:00.000Z', clientId),
            ),
          ),
        ),
      );

      expect({ booked: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
        booked: 1,
        refused: ['slot_unavailable', 'slot_unavailable', 'slot_unavailable'],
      });
      expect(await confirmedBookingsOf(practice.providerId)).toEqual([fulfilled[0].id]);
    });

    it('settles concurrent creates of overlapping slots that start at different times: one booking', async () => {
      const practice = await rows.practice();
      const [hour, half] = await Promise.all([
        addType(practice),
        addType(practice, { name: 'Review', durationMinutes: 30 }),
      ]);
      const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
        settle([
          // 09:00–10:00, 09:30–10:00 and 09:15–10:15: each overlaps both others.
          createBooking(practice.organisationId, bookingCommand(practice, hour, '2027-04-07T09:00:00.000Z')),
          createBooking(practice.organisationId, bookingCommand(practice, half, '2027-04-07T09:30:00.000Z')),
          createBooking(practice.organisationId, bookingCommand(practice, hour, '2027-04-07T09:15:00.000Z')),
        ]),
      );

      expect({ booked: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
        booked: 1,
        refused: ['slot_unavailable', 'slot_unavailable'],
      });
      expect(await confirmedBookingsOf(practice.providerId)).toEqual([fulfilled[0].id]);
    });

    it('fills a group session from concurrent creates up to its places, and no further', async () => {
      const practice = await rows.practice();
      const group = await addType(practice, { name: 'Pilates class', maxAttendees: 3 });
      const clients = await Promise.all([1, 2, 3, 4, 5].map(() => rows.client(practice.organisationId)));
      const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 100, () =>
        settle(
          clients.map((clientId) =>
            createBooking(
              practice.organisationId,
              bookingCommand(practice, group, '2027-04-08T07:00:00.000Z', clientId),
            ),
          ),
        ),
      );

      expect({ booked: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
        booked: 3,
        refused: ['slot_unavailable', 'slot_unavailable'],
      });
      expect(await confirmedBookingsOf(practice.providerId)).toEqual(fulfilled.map((booking) => booking.id).sort());
    });

    it('settles concurrent cancels of one booking: one cancels it, the others booking_already_cancelled', async () => {
      const practice = await rows.practice();
      const type = await addType(practice);
      const booking = await createBooking(
        practice.organisationId,
        bookingCommand(practice, type, '2027-04-09T09:00:00.000Z'),
      );
      // Scheduling's step of the cancellation, committing on its own: the fee and the payment links
      // are steps of the caller's, which this booking has no use for.
      const cancel = () =>
        new BookingCancellation(
          new SqlBookingWriteReads(fresh(orm), new SqlReader(orm)),
          new MikroOrmBookingRepository(fresh(orm), new SqlReader(orm)),
          bookingReads,
          {} as OrganisationQueries,
          new RecordedEvents(renderSchedulingEvents),
        ).cancel(practice.organisationId, booking.id, clock.now());

      // Commits wait, so without the row lock every cancel would read the booking still confirmed.
      const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
        settle([cancel(), cancel(), cancel()]),
      );

      expect({ cancelled: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
        cancelled: 1,
        refused: ['booking_already_cancelled', 'booking_already_cancelled'],
      });
      const loaded = await fresh(orm).findOneOrFail(Booking, { id: booking.id });
      expect(loaded.cancelledAt?.toISOString()).toBe(NOW.toISOString());
      const [counts] = await fresh(orm)
        .getConnection()
        .execute<{ bookings: number; cancelled: number }[]>(
          'select bookings, cancelled from booking_counts where organisation_id = ?',
          [practice.organisationId],
        );
      expect(counts).toEqual({ bookings: 1, cancelled: 1 });
    });
  });
});
