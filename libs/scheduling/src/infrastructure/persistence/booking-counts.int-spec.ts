import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { openTestOrm, Rows } from '../../../../../test/support/orm.js';

/**
 * The counters the bookings list answers `totalItems` from: `booking_counts` (per organisation)
 * and `booking_day_counts` (per organisation and UTC day of the service date), kept by the
 * trigger of migration `BookingDayCounts` on every statement that writes bookings, whatever
 * writes them. Checked here against the bookings themselves, statement by statement and under
 * concurrent writers.
 */
describe('booking counters on PostgreSQL', () => {
  let orm: MikroORM;
  let rows: Rows;
  let pool: pg.Pool;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 12 });
  });
  afterAll(async () => {
    await pool?.end();
    await orm?.close();
  });

  const query = async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, params)).rows as T[];

  /** An organisation with a provider at a location, an appointment type and a client: what a booking names. */
  async function practice() {
    const { organisationId, locationId, providerId, linkId, clientId } = await rows.practice();
    const typeId = randomUUID();
    await query(
      `insert into appointment_types (id, organisation_id, name, duration_minutes, price, provider_ids, location_ids, max_attendees, billable_items, deleted, created_at, updated_at)
       values ($1, $2, 'Consultation', 30, 9500, array[$3]::uuid[], array[$4]::uuid[], 1, '[]', false, now(), now())`,
      [typeId, organisationId, providerId, locationId],
    );
    /** One statement inserting a booking at each instant (cancelled ones when asked); their ids. */
    const book = async (instants: string[], { cancelled = false } = {}): Promise<string[]> => {
      const ids = instants.map(() => randomUUID());
      await query(
        `insert into bookings (id, organisation_id, client_id, provider_id, location_id, appointment_type_id, provider_location_link_id,
                               service_date, ends_at, service_price, paid, invoiced, adjustments, cancelled_at, created_at, updated_at)
         select id, $1, $2, $3, $4, $5, $6, at, at + interval '30 minutes', 9500, false, false, '[]', case when $9 then now() end, now(), now()
         from unnest($7::uuid[], $8::timestamptz[]) as b(id, at)`,
        [organisationId, clientId, providerId, locationId, typeId, linkId, ids, instants, cancelled],
      );
      return ids;
    };
    return { organisationId, book };
  }

  /** What the counters say, and what the bookings say, per day and in all. */
  async function countsOf(organisationId: string) {
    const days = await query<{ day: string; bookings: number; cancelled: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, bookings, cancelled from booking_day_counts where organisation_id = $1 and (bookings <> 0 or cancelled <> 0) order by day`,
      [organisationId],
    );
    const actualDays = await query<{ day: string; bookings: number; cancelled: number }>(
      `select to_char((service_date at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as bookings,
              (count(*) filter (where cancelled_at is not null))::int as cancelled
       from bookings where organisation_id = $1 group by 1 order by 1`,
      [organisationId],
    );
    const [total] = await query<{ bookings: number; cancelled: number }>(
      'select bookings, cancelled from booking_counts where organisation_id = $1',
      [organisationId],
    );
    const [actualTotal] = await query<{ bookings: number; cancelled: number }>(
      `select count(*)::int as bookings, (count(*) filter (where cancelled_at is not null))::int as cancelled from bookings where organisation_id = $1`,
      [organisationId],
    );
    return { days, actualDays, total: total ?? { bookings: 0, cancelled: 0 }, actualTotal };
  }

  const expectTrue = async (organisationId: string) => {
    const counts = await countsOf(organisationId);
    expect(counts.days).toEqual(counts.actualDays);
    expect(counts.total).toEqual(counts.actualTotal);
    return counts;
  };

  it("counts a statement's bookings on each one's UTC day, and in the organisation's total", async () => {
    const { organisationId, book } = await practice();
    // 09:30 in Sydney on 3 March is 22:30 UTC on 2 March: the day is the UTC one.
    await book([
      '2027-03-02T22:30:00.000Z',
      '2027-03-02T23:59:59.999Z',
      '2027-03-03T00:00:00.000Z',
      '2027-03-05T01:00:00.000Z',
    ]);
    await book(['2027-03-03T02:00:00.000Z'], { cancelled: true });

    const counts = await expectTrue(organisationId);

    expect(counts.days).toEqual([
      { day: '2027-03-02', bookings: 2, cancelled: 0 },
      { day: '2027-03-03', bookings: 2, cancelled: 1 },
      { day: '2027-03-05', bookings: 1, cancelled: 0 },
    ]);
    expect(counts.total).toEqual({ bookings: 5, cancelled: 1 });
  });

  it('moves a booking to its new day when its service date changes, counts cancellations and their undoing, and takes deleted bookings off', async () => {
    const { organisationId, book } = await practice();
    const [moved, cancelled, deleted] = await book([
      '2027-04-01T01:00:00.000Z',
      '2027-04-01T02:00:00.000Z',
      '2027-04-02T01:00:00.000Z',
    ]);

    await query(
      `update bookings set service_date = '2027-04-07T03:00:00.000Z', ends_at = '2027-04-07T03:30:00.000Z' where id = $1`,
      [moved],
    );
    await query('update bookings set cancelled_at = now() where id = $1', [cancelled]);
    expect((await expectTrue(organisationId)).days).toEqual([
      { day: '2027-04-01', bookings: 1, cancelled: 1 },
      { day: '2027-04-02', bookings: 1, cancelled: 0 },
      { day: '2027-04-07', bookings: 1, cancelled: 0 },
    ]);

    await query('update bookings set cancelled_at = null where id = $1', [cancelled]);
    await query('delete from bookings where id = $1', [deleted]);
    // A cancelled booking moved and a new one cancelled in one statement each.
    await query(
      `update bookings set service_date = service_date + interval '1 day', ends_at = ends_at + interval '1 day', cancelled_at = now() where id = $1`,
      [cancelled],
    );
    const counts = await expectTrue(organisationId);

    expect(counts.days).toEqual([
      { day: '2027-04-02', bookings: 1, cancelled: 1 },
      { day: '2027-04-07', bookings: 1, cancelled: 0 },
    ]);
    expect(counts.total).toEqual({ bookings: 2, cancelled: 1 });
  });

  it('changes no counter for an update of anything else (paid, attendance), so such writes lock no counter row', async () => {
    const { organisationId, book } = await practice();
    const [id] = await book(['2027-05-03T01:00:00.000Z']);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`update bookings set paid = true, attendance = 'arrived', arrived_at = now() where id = $1`, [
        id,
      ]);
      // Another writer changes the organisation's counters meanwhile: it would wait for a lock the update took.
      await book(['2027-05-04T01:00:00.000Z']);
      await client.query('commit');
    } finally {
      client.release();
    }

    expect((await expectTrue(organisationId)).total).toEqual({ bookings: 2, cancelled: 0 });
  });

  it('queues two writers that move bookings between days in opposite orders instead of deadlocking them', async () => {
    const { organisationId, book } = await practice();
    const [a1, a2, c1, c2] = await book([
      '2027-06-01T01:00:00.000Z',
      '2027-06-01T03:00:00.000Z',
      '2027-06-03T01:00:00.000Z',
      '2027-06-03T03:00:00.000Z',
    ]);
    const nextDay = `update bookings set service_date = service_date + interval '1 day', ends_at = ends_at + interval '1 day' where id = $1`;
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      const [{ pid }] = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      await first.query('begin');
      await second.query('begin');
      await first.query(nextDay, [a1]);
      const secondFirstMove = second.query(nextDay, [c1]);
      // Until the second writer's move has run, or waits for a lock (the organisation's row, which the first holds).
      let settled = false;
      void secondFirstMove.then(
        () => (settled = true),
        () => (settled = true),
      );
      for (let tries = 0; !settled && tries < 100; tries++) {
        const [activity] = await query<{ waiting: boolean }>(
          `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
          [pid],
        );
        if (activity?.waiting) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Each writer's second move goes to the day the other one's first move locked, if it locked it.
      const outcomes = await Promise.allSettled([
        first.query(nextDay, [c2]).then(() => first.query('commit')),
        secondFirstMove.then(() => second.query(nextDay, [a2])).then(() => second.query('commit')),
      ]);

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    } finally {
      first.release();
      second.release();
    }

    expect((await expectTrue(organisationId)).days).toEqual([
      { day: '2027-06-02', bookings: 2, cancelled: 0 },
      { day: '2027-06-04', bookings: 2, cancelled: 0 },
    ]);
  });

  it('stays true under concurrent writers inserting, moving, cancelling and deleting bookings over the same days', async () => {
    const { organisationId, book } = await practice();
    const day = (n: number, hour: number) =>
      `2027-07-${String(1 + (n % 5)).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const ids = await book(Array.from({ length: 40 }, (_, n) => day(n, n % 20)));

    const writer = async (w: number) => {
      const client = await pool.connect();
      try {
        for (let step = 0; step < 6; step++) {
          const id = ids[(w * 6 + step) % ids.length];
          await client.query('begin');
          await client.query(
            `insert into bookings (id, organisation_id, client_id, provider_id, location_id, appointment_type_id, provider_location_link_id,
                                   service_date, ends_at, service_price, paid, invoiced, adjustments, created_at, updated_at)
             select gen_random_uuid(), organisation_id, client_id, provider_id, location_id, appointment_type_id, provider_location_link_id,
                    $2::timestamptz, $2::timestamptz + interval '30 minutes', 9500, false, false, '[]', now(), now()
             from bookings where id = $1`,
            [id, day(w + step, 20 + (step % 4))],
          );
          if (step % 3 === 0)
            await client.query('update bookings set cancelled_at = coalesce(cancelled_at, now()) where id = $1', [id]);
          else if (step % 3 === 1) {
            await client.query(
              `update bookings set service_date = $2, ends_at = $2::timestamptz + interval '30 minutes' where id = $1`,
              [id, day(w * 7 + step, 10)],
            );
          } else await client.query('delete from bookings where id = $1', [id]);
          await client.query('commit');
        }
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, w) => writer(w)));

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    await expectTrue(organisationId);
  });
});
