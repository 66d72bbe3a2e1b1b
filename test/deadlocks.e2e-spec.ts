import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { domainErrorOfDatabase } from '../libs/shared/src/http/database-errors.js';
import { DomainEvents } from '@app/shared/domain';
import { createTestApp, type TestApp } from './support/test-app.js';
import { inContext, sql } from './support/fixtures.js';

// Two units of work that lock the same two rows in opposite orders, each holding its first lock
// until the other holds its own: PostgreSQL ends one of them as a deadlock (after its
// deadlock_timeout, a second by default).

let t: TestApp;
const table = `deadlock_probe_${process.pid}`;

beforeAll(async () => {
  t = await createTestApp();
  await sql(t, `create table ${table} (id int primary key, n int not null)`);
});

afterAll(async () => {
  await sql(t, `drop table if exists ${table}`);
  await t?.close();
});

/** The two works, in opposite lock orders, meeting once both hold their first row; each counts its runs. */
function crossedWorks() {
  let arrived = 0;
  let bothHold: () => void;
  const met = new Promise<void>((resolve) => (bothHold = resolve));
  const runs = [0, 0];
  const events = t.app.get(DomainEvents);
  // The app's entity manager: inside the transaction it is the transaction's own.
  const em = t.app.get(MikroORM).em;
  const work = (index: number, first: number, second: number) =>
    inContext(t, () =>
      events.transaction(async () => {
        runs[index] += 1;
        await em.execute(`update ${table} set n = n + 1 where id = ?`, [first]);
        if (runs[index] === 1) {
          arrived += 1;
          if (arrived === 2) bothHold();
          await met;
        }
        await em.execute(`update ${table} set n = n + 1 where id = ?`, [second]);
      }),
    );
  return { runs, works: [work(0, 1, 2), work(1, 2, 1)] };
}

describe('a deadlock between two requests', () => {
  it('ends one of them, undone and answered 503 to retry, never a 500; the other commits', async () => {
    await sql(t, `delete from ${table}`);
    await sql(t, `insert into ${table} values (1, 0), (2, 0)`);
    const { runs, works } = crossedWorks();
    const outcomes = await Promise.allSettled(works);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(runs).toEqual([1, 1]);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(domainErrorOfDatabase(failure.reason)).toMatchObject({ kind: 'unavailable', code: 'service_unavailable' });
    // The ended one's first update was rolled back with it.
    expect(await sql(t, `select id, n from ${table} order by id`)).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
    ]);
  }, 30_000);
});
