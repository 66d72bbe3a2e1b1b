import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { Migration20261201010000RegistrationStatuses } from './Migration20261201010000RegistrationStatuses.js';

describe("locations' registrations, given statuses", () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  it('makes active those that were claiming (a minor id, a PHI location id), and clears statuses that are not one of the three', async () => {
    const rows = new Rows(orm);
    const organisationId = await rows.organisation();
    const locationId = await rows.location(organisationId, await rows.business(organisationId));
    const connection = fresh(orm).getConnection();
    const before = [
      { medicare: { minorId: '01', prodaLocationId: 'PRODA-1', status: 'approved' }, phi: null },
      {
        medicare: { minorId: null, prodaLocationId: 'PRODA-2', status: 'Pending' },
        phi: { phiLocationId: 'HICAPS-1', status: null },
      },
      { medicare: { minorId: '', status: 'inactive' }, phi: { phiLocationId: null, status: 'pending' } },
      { medicare: null, phi: null },
    ];
    await connection.execute('update locations set registrations = ? where id = ?', [
      JSON.stringify(before),
      locationId,
    ]);

    const migration = new Migration20261201010000RegistrationStatuses(orm.em.getDriver(), orm.config);
    migration.up();
    for (const query of migration.getQueries()) await connection.execute(query);

    const [{ registrations }] = await connection.execute<{ registrations: unknown }[]>(
      'select registrations from locations where id = ?',
      [locationId],
    );
    expect(registrations).toEqual([
      { medicare: { minorId: '01', prodaLocationId: 'PRODA-1', status: 'active' }, phi: null },
      {
        medicare: { minorId: null, prodaLocationId: 'PRODA-2', status: null },
        phi: { phiLocationId: 'HICAPS-1', status: 'active' },
      },
      { medicare: { minorId: '', status: 'inactive' }, phi: { phiLocationId: null, status: 'pending' } },
      { medicare: null, phi: null },
    ]);
  });
});
