import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MikroOrmDirectoryRepository } from '../../../../organisations/src/infrastructure/persistence/mikro-orm-directory.repository.js';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { AppointmentType } from '../../domain/appointment-type.js';
import { Booking } from '../../domain/booking.js';
import { MikroOrmAppointmentTypeRepository } from './mikro-orm-scheduling.repositories.js';
import { SqlLocationBookings } from './sql-location-bookings.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

type Practice = Awaited<ReturnType<Rows['practice']>> & { appointmentTypeId: string };

describe('SqlLocationBookings on PostgreSQL', () => {
  let orm: MikroORM;
  let rows: Rows;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
  });
  afterAll(() => orm?.close());

  async function practice(): Promise<Practice> {
    const found = await rows.practice();
    const type = AppointmentType.create(
      found.organisationId,
      {
        name: 'Consultation',
        durationMinutes: 60,
        price: 9500,
        providerIds: [found.providerId],
        locationIds: [found.locationId],
      },
      NOW,
    );
    await new MikroOrmAppointmentTypeRepository(fresh(orm)).add(type);
    return { ...found, appointmentTypeId: type.id };
  }

  const bookingAt = (at: Practice, serviceDate: string) =>
    Booking.create(
      at.organisationId,
      {
        clientId: at.clientId,
        providerId: at.providerId,
        locationId: at.locationId,
        appointmentTypeId: at.appointmentTypeId,
        providerLocationLinkId: at.linkId,
        serviceDate: new Date(serviceDate),
        durationMinutes: 60,
        servicePrice: 9500,
      },
      NOW,
    );

  const add = async (...bookings: Booking[]) => {
    const em = fresh(orm);
    for (const booking of bookings) em.persist(booking);
    await em.flush();
  };

  const hasUpcoming = (at: Practice, organisationId = at.organisationId) =>
    new SqlLocationBookings(fresh(orm)).hasUpcomingConfirmed(organisationId, at.locationId, NOW);

  it('answers true only for a confirmed booking at the location that starts after now', async () => {
    const at = await practice();
    const cancelled = bookingAt(at, '2026-12-01T09:00:00.000Z');
    cancelled.cancel(NOW);
    await add(cancelled, bookingAt(at, '2026-11-22T04:30:00.000Z'), bookingAt(at, '2026-11-01T09:00:00.000Z'));
    expect(await hasUpcoming(at)).toBe(false);

    await add(bookingAt(at, '2026-11-22T05:30:00.000Z'));
    expect(await hasUpcoming(at)).toBe(true);
    expect(await hasUpcoming(at, (await practice()).organisationId)).toBe(false);
    expect(await hasUpcoming({ ...at, locationId: (await practice()).locationId })).toBe(false);
  });

  it('sees a booking still being written when the location is locked for its change: the lock waits for it', async () => {
    const at = await practice();
    const writer = fresh(orm);
    await writer.begin();
    try {
      writer.persist(bookingAt(at, '2026-12-01T09:00:00.000Z'));
      await writer.flush();

      const change = fresh(orm).transactional(async (em) => {
        await new MikroOrmDirectoryRepository(em).lockLocation(at.organisationId, at.locationId);
        return new SqlLocationBookings(em).hasUpcomingConfirmed(at.organisationId, at.locationId, NOW);
      });
      await untilWaitingOnALock();
      await writer.commit();
      expect(await change).toBe(true);
    } finally {
      if (writer.isInTransaction()) await writer.rollback();
    }
  });

  /** Until a session waits for a lock while it reads a location (fails after 10 s). */
  async function untilWaitingOnALock(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [{ waiting }] = await fresh(orm).execute<{ waiting: number }[]>(
        `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "locations"%'`,
      );
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the change of the location never waited for the booking being written');
  }
});
