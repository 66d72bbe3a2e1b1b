import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { scratchDatabase } from '../../../../test/support/scratch-database.js';
import { createOrmConfig } from './orm-config.js';

/**
 * Clients and members written before they could change: the migration gives each its updatedAt
 * (its createdAt), and each client the search forms of its names, written as the application writes them.
 */
describe('the migration that makes clients searchable and versioned', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await scratchDatabase('client_search_migration');
    orm = await MikroORM.init({ ...createOrmConfig(database.url), debug: false });
    await orm.migrator.up({ to: 'Migration20261127000000DeliveryFailureClasses' });
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('fills updatedAt from createdAt and the search forms of every client, over more than one batch', async () => {
    const connection = orm.em.fork().getConnection();
    await connection.execute(`insert into organisations (id, name, slug, created_at, bookings_enabled, booking_settings)
      values ('org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', 'Harbour Physio', 'harbour-physio', '2026-01-01T00:00:00Z', true, '{}')`);
    await connection.execute(`insert into members (id, first_name, last_name, email, metadata, email_verified, mobile_number_verified, roles, settings, activity, created_at)
      values ('memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', 'Zoë', 'Ng', 'zoe@example.com', '{}', false, false, '["member"]', '{"showPlanHelp": true}', '[]', '2026-02-03T04:05:06.789Z')`);
    await connection.execute(`insert into clients (id, organisation_id, first_name, last_name, deleted, created_at)
      select ('0193a6f9-0000-7000-8000-' || lpad(n::text, 12, '0'))::uuid, 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
        case when n = 4500 then 'José' else 'Ava' end, case when n = 4500 then 'O''Núñez' else 'Lee ' || n end, false,
        '2026-03-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, 4500) n`);

    await orm.migrator.up();

    expect(await connection.execute(`select updated_at = created_at as same from members`)).toEqual([{ same: true }]);
    expect(
      await connection.execute(
        `select count(*)::int as count from clients where updated_at <> created_at or last_name_search is null`,
      ),
    ).toEqual([{ count: 0 }]);
    expect(
      await connection.execute(
        `select last_name_search, full_name_search from clients where id in ('0193a6f9-0000-7000-8000-000000000001', '0193a6f9-0000-7000-8000-000000004500') order by id`,
      ),
    ).toEqual([
      { last_name_search: 'lee 1', full_name_search: 'ava lee 1' },
      { last_name_search: 'onunez', full_name_search: 'jose onunez' },
    ]);
  });
});
