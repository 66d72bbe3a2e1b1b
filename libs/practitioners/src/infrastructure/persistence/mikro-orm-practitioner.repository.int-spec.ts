import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { SqlReader } from '@app/shared/sql';
import { DomainEvents } from '@app/shared/domain';
import { SqlDirectoryQueries } from '../../../../organisations/src/infrastructure/persistence/sql-directory.queries.js';
import { SqlOrganisationQueries } from '../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import { withSlowStatements } from '../../../../../test/support/fixtures.js';
import { codeOf, FixedClock, fresh, openTestOrm, Rows, settle } from '../../../../../test/support/orm.js';
import { CreateLocationLink } from '../../application/create-location-link.use-case.js';
import { SqlPractitionerQueries } from './sql-practitioner.queries.js';
import { LiveLinkExistsError } from '../../domain/practitioner.repository.js';
import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { MikroOrmPractitionerRepository } from './mikro-orm-practitioner.repository.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

/** Runs a use case's change in one transaction, as the outbox does, and keeps no events. */
class TransactionOnly extends DomainEvents {
  constructor(private readonly em: EntityManager) {
    super();
  }
  transaction<T>(change: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => change());
  }
  async record(): Promise<void> {}
}

/** A unit of work that, like a request's, joins the transaction running around it. */
const joining = (orm: MikroORM): EntityManager => orm.em.fork({ useContext: true });

describe('MikroOrmPractitionerRepository on PostgreSQL', () => {
  const directory = () => new SqlDirectoryQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm)));
  let orm: MikroORM;
  let rows: Rows;
  let organisationId: string;
  let otherOrganisationId: string;
  let businessId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    rows = new Rows(orm);
    [organisationId, otherOrganisationId] = await Promise.all([rows.organisation(), rows.organisation()]);
    businessId = await rows.business(organisationId);
  });
  afterAll(() => orm?.close());

  const saveProvider = async (props: Partial<Parameters<typeof Provider.create>[1]> = {}) => {
    const provider = Provider.create(organisationId, { firstName: 'Priya', lastName: 'Raman', ...props }, NOW);
    await new MikroOrmPractitionerRepository(fresh(orm)).save(provider);
    return provider;
  };

  const linksOf = (providerId: string, locationId: string) =>
    fresh(orm)
      .getConnection()
      .execute<{ id: string; deleted: boolean }[]>(
        'select id, deleted from provider_location_links where provider_id = ? and location_id = ? order by created_at, id',
        [providerId, locationId],
      );

  it('loads, in a fresh unit of work, the provider it saved, within its organisation only', async () => {
    const provider = await saveProvider({
      middleName: 'K',
      email: 'priya@example.com.au',
      mobileNumber: '+61412345678',
      bookingsEnabled: false,
    });

    const repository = new MikroOrmPractitionerRepository(fresh(orm));
    const loaded = await repository.findProvider(organisationId, provider.id);
    expect(loaded).toEqual(provider);
    expect(loaded).toBeInstanceOf(Provider);
    expect(await repository.findProvider(otherOrganisationId, provider.id)).toBeNull();
  });

  it('saves an archived provider as deleted, keeping its name, with its new updatedAt', async () => {
    const provider = await saveProvider();
    const repository = new MikroOrmPractitionerRepository(fresh(orm));
    const loaded = (await repository.findProvider(organisationId, provider.id))!;
    loaded.archive(NOW);
    await repository.save(loaded);

    const reloaded = await new MikroOrmPractitionerRepository(fresh(orm)).findProvider(organisationId, provider.id);
    expect({
      deleted: reloaded?.deleted,
      lastName: reloaded?.lastName,
      middleName: reloaded?.middleName,
      updatedAt: reloaded?.updatedAt,
    }).toEqual({
      deleted: true,
      lastName: 'Raman',
      middleName: null,
      updatedAt: new Date(NOW.getTime() + 1),
    });
  });

  it('saves a changed link, its Medicare details replaced, and locks only within the organisation and provider', async () => {
    const [provider, locationId] = await Promise.all([saveProvider(), rows.location(organisationId, businessId)]);
    const link = ProviderLocationLink.create(
      organisationId,
      provider.id,
      { locationId, medicare: { providerNumber: '2429591L' } },
      NOW,
    );
    await new MikroOrmPractitionerRepository(fresh(orm)).addLink(link);

    const em = joining(orm);
    const repository = new MikroOrmPractitionerRepository(em);
    await new TransactionOnly(em).transaction(async () => {
      expect(await repository.lockLink(otherOrganisationId, provider.id, link.id)).toBeNull();
      expect(await repository.lockLink(organisationId, randomUUID(), link.id)).toBeNull();
      const locked = (await repository.lockLink(organisationId, provider.id, link.id))!;
      expect(locked.update({ medicare: { suggestedProviderNumber: '2429592A' }, categoryCode: 'physio' }, NOW)).toBe(
        true,
      );
      await repository.save(locked);
    });

    const loaded = await fresh(orm).findOneOrFail(ProviderLocationLink, { id: link.id });
    expect(loaded).toMatchObject({ categoryCode: 'physio', updatedAt: new Date(NOW.getTime() + 1) });
    expect(loaded.medicare).toEqual({
      suggestedProviderNumber: '2429592A',
      providerNumber: null,
      startDate: null,
      registrationLetter: null,
    });
    // Read back from jsonb (keys in another order), the same details are no change.
    expect(loaded.update({ medicare: { suggestedProviderNumber: '2429592a' } }, NOW)).toBe(false);
  });

  it('loads a location link with its Medicare details', async () => {
    const [provider, locationId] = await Promise.all([saveProvider(), rows.location(organisationId, businessId)]);
    const link = ProviderLocationLink.create(
      organisationId,
      provider.id,
      {
        locationId,
        acceptedTerms: true,
        categoryCode: 'physio',
        medicare: { providerNumber: '2429591l', startDate: '2026-07-01T00:00:00+10:00', registrationLetter: null },
        association: { registrationLetter: 'https://cdn.example.com/letter.pdf' },
      },
      NOW,
    );
    await new MikroOrmPractitionerRepository(fresh(orm)).addLink(link);

    const loaded = await fresh(orm).findOneOrFail(ProviderLocationLink, { id: link.id });
    expect(loaded).toEqual(link);
    expect(loaded.medicare).toEqual({
      suggestedProviderNumber: null,
      providerNumber: '2429591L',
      startDate: '2026-06-30T14:00:00.000Z',
      registrationLetter: null,
    });
  });

  it('refuses a second live link of a provider to one location with LiveLinkExistsError, and still links it elsewhere', async () => {
    const [provider, bondi, manly] = await Promise.all([
      saveProvider(),
      rows.location(organisationId, businessId),
      rows.location(organisationId, businessId),
    ]);
    const first = ProviderLocationLink.create(organisationId, provider.id, { locationId: bondi }, NOW);
    await new MikroOrmPractitionerRepository(fresh(orm)).addLink(first);

    const repository = new MikroOrmPractitionerRepository(fresh(orm));
    await expect(
      repository.addLink(ProviderLocationLink.create(organisationId, provider.id, { locationId: bondi }, NOW)),
    ).rejects.toBeInstanceOf(LiveLinkExistsError);
    // The refused link was dropped from the unit of work: the next link lands alone.
    await repository.addLink(ProviderLocationLink.create(organisationId, provider.id, { locationId: manly }, NOW));
    expect((await linksOf(provider.id, bondi)).map((row) => row.id)).toEqual([first.id]);
    expect(await linksOf(provider.id, manly)).toHaveLength(1);
  });

  it('links a provider again to a location whose earlier link is deleted', async () => {
    const [provider, locationId] = await Promise.all([saveProvider(), rows.location(organisationId, businessId)]);
    const old = ProviderLocationLink.create(organisationId, provider.id, { locationId }, NOW);
    await new MikroOrmPractitionerRepository(fresh(orm)).addLink(old);
    await fresh(orm)
      .getConnection()
      .execute('update provider_location_links set deleted = true where id = ?', [old.id]);

    const renewed = ProviderLocationLink.create(organisationId, provider.id, { locationId }, NOW);
    await new MikroOrmPractitionerRepository(fresh(orm)).addLink(renewed);
    expect(await linksOf(provider.id, locationId)).toEqual([
      { id: old.id, deleted: true },
      { id: renewed.id, deleted: false },
    ]);
  });

  it('settles concurrent creates of one link: one link, the others location_link_exists', async () => {
    const [provider, locationId] = await Promise.all([saveProvider(), rows.location(organisationId, businessId)]);
    const clock = new FixedClock(NOW);
    const create = () => {
      const em = joining(orm);
      return new CreateLocationLink(
        new MikroOrmPractitionerRepository(em),
        directory(),
        clock,
        new TransactionOnly(em),
      ).execute(organisationId, provider.id, {
        locationId,
        medicare: { providerNumber: '2429592A' },
      });
    };
    const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
      settle([create(), create(), create(), create()]),
    );

    expect({ created: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
      created: 1,
      refused: ['location_link_exists', 'location_link_exists', 'location_link_exists'],
    });
    expect(await linksOf(provider.id, locationId)).toEqual([{ id: fulfilled[0].id, deleted: false }]);
  });

  describe('linkAt, what a new booking checks', () => {
    const queries = () =>
      new SqlPractitionerQueries(new SqlReader(orm), new SqlOrganisationQueries(new SqlReader(orm)), directory());
    const archive = (table: string, id: string) =>
      fresh(orm).getConnection().execute(`update ${table} set deleted = true where id = ?`, [id]);

    it('gives the live link, else the latest archived one, else null', async () => {
      const [provider, bondi, manly, coogee] = await Promise.all([
        saveProvider(),
        rows.location(organisationId, businessId),
        rows.location(organisationId, businessId),
        rows.location(organisationId, businessId),
      ]);
      const [oldBondi, liveBondi, oldManly, newerManly] = [bondi, bondi, manly, manly].map((locationId, n) =>
        ProviderLocationLink.create(organisationId, provider.id, { locationId }, new Date(NOW.getTime() + n)),
      );
      for (const link of [oldBondi, liveBondi, oldManly, newerManly]) {
        await new MikroOrmPractitionerRepository(fresh(orm)).addLink(link);
        if (link !== liveBondi) await archive('provider_location_links', link.id);
      }

      const at = (locationId: string) => queries().linkAt(organisationId, provider.id, locationId);
      expect(await at(bondi)).toMatchObject({ id: liveBondi.id, deleted: false });
      expect(await at(manly)).toMatchObject({ id: newerManly.id, deleted: true });
      expect(await at(coogee)).toBeNull();
    });

    it("answers null for another organisation's provider, one that does not exist, and ids that are not ones", async () => {
      const [provider, locationId] = await Promise.all([saveProvider(), rows.location(organisationId, businessId)]);
      await new MikroOrmPractitionerRepository(fresh(orm)).addLink(
        ProviderLocationLink.create(organisationId, provider.id, { locationId }, NOW),
      );
      expect(await queries().linkAt(organisationId, provider.id, locationId)).toMatchObject({
        providerId: provider.id,
        locationId,
      });
      expect(await queries().linkAt(otherOrganisationId, provider.id, locationId)).toBeNull();
      expect(await queries().linkAt(organisationId, randomUUID(), locationId)).toBeNull();
      expect(await queries().linkAt(organisationId, 'not-an-id', locationId)).toBeNull();
      expect(await queries().linkAt(organisationId, provider.id, 'not-an-id')).toBeNull();
    });

    it("bookableAt: the location's bookable providers by live link, and the one asked for wherever it works", async () => {
      const [bondi, manly] = await Promise.all([
        rows.location(organisationId, businessId),
        rows.location(organisationId, businessId),
      ]);
      const [atBondi, archivedLink, disabled, archived, atManly] = await Promise.all([
        saveProvider({ lastName: 'Abbott' }),
        saveProvider({ lastName: 'Baker' }),
        saveProvider({ lastName: 'Chen', bookingsEnabled: false }),
        saveProvider({ lastName: 'Dunn' }),
        saveProvider({ lastName: 'Evans' }),
      ]);
      for (const [provider, locationId] of [
        [atBondi, bondi],
        [archivedLink, bondi],
        [disabled, bondi],
        [archived, bondi],
        [atManly, manly],
      ] as const) {
        const link = ProviderLocationLink.create(organisationId, provider.id, { locationId }, NOW);
        await new MikroOrmPractitionerRepository(fresh(orm)).addLink(link);
        if (provider === archivedLink) await archive('provider_location_links', link.id);
      }
      await archive('providers', archived.id);

      const names = async (...args: [string, string?]) =>
        (await queries().bookableAt(organisationId, ...args)).map((provider) => provider.lastName);
      expect(await names(bondi)).toEqual(['Abbott']);
      expect(await names(bondi, atManly.id)).toEqual(['Abbott', 'Evans']);
      expect(await names(bondi, disabled.id)).toEqual(['Abbott']);
      expect((await queries().bookableAt(otherOrganisationId, bondi)).length).toBe(0);
    });
  });
});
