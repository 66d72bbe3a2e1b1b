import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { withSlowStatements } from '../../../../../test/support/fixtures.js';
import { codeOf, fresh, openTestOrm, settle } from '../../../../../test/support/orm.js';
import { Organisation } from '../../domain/organisation.js';
import { SlugTakenError } from '../../domain/organisation.repository.js';
import { MikroOrmOrganisationRepository } from './mikro-orm-organisation.repository.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');
const LATER = new Date('2026-11-23T01:02:03.456Z');
const uniqueSlug = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

describe('MikroOrmOrganisationRepository on PostgreSQL', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  it('loads, in a fresh unit of work, the organisation it added, booking settings and cents included', async () => {
    const organisation = Organisation.create(
      { name: ' Harbour Health ', slug: uniqueSlug('harbour-health'), bookingsEnabled: true },
      NOW,
    );
    organisation.update({ brandImageUrl: 'https://cdn.example.com/brand.png' }, NOW);
    organisation.updateBookingSettings(
      { cancellationFeeEnabled: true, cancellationFeeAmount: 4550, cancellationNoFeeBeforeHours: 48 },
      NOW,
    );
    await new MikroOrmOrganisationRepository(fresh(orm)).add(organisation);

    const loaded = await new MikroOrmOrganisationRepository(fresh(orm)).findById(organisation.id);
    expect(loaded).toEqual(organisation);
    expect(loaded).toBeInstanceOf(Organisation);
    expect(loaded?.bookingSettings.cancellationFeeAmount).toBe(4550);
    expect([loaded?.wordmarkImageUrl, loaded?.websiteUrl, loaded?.bookingSettings.cancellationFeePercent]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('saves changes to a loaded organisation', async () => {
    const organisation = Organisation.create({ name: 'Before', slug: uniqueSlug('before') }, NOW);
    await new MikroOrmOrganisationRepository(fresh(orm)).add(organisation);

    const repository = new MikroOrmOrganisationRepository(fresh(orm));
    const loaded = (await repository.findById(organisation.id))!;
    loaded.update({ name: 'After', websiteUrl: 'https://after.example.com', brandImageUrl: null }, LATER);
    loaded.updateBookingSettings(
      { bookingsEnabled: true, cancellationFeePercent: 50, cancellationFeeEnabled: true },
      LATER,
    );
    await repository.save(loaded);

    const reloaded = await new MikroOrmOrganisationRepository(fresh(orm)).findById(organisation.id);
    expect(reloaded).toEqual(loaded);
    expect({
      name: reloaded?.name,
      slug: reloaded?.slug,
      percent: reloaded?.bookingSettings.cancellationFeePercent,
    }).toEqual({
      name: 'After',
      slug: organisation.slug,
      percent: 50,
    });
    // Two changes at one instant: the second is a millisecond later, so each has its own version.
    expect(reloaded?.updatedAt).toEqual(new Date(LATER.getTime() + 1));
  });

  it('finds the slugs equal to a base or numbered after it, and no others', async () => {
    const base = uniqueSlug('bondi-physio');
    for (const slug of [base, `${base}-2`, `${base}-17`, `${base}-x`, `${base}x`, `${base}-2-3`]) {
      await new MikroOrmOrganisationRepository(fresh(orm)).add(
        Organisation.create({ name: 'Bondi Physio', slug }, NOW),
      );
    }
    expect(await new MikroOrmOrganisationRepository(fresh(orm)).slugsLike(base)).toEqual(
      new Set([base, `${base}-2`, `${base}-17`]),
    );
  });

  it('settles concurrent adds of one slug: one organisation, the others SlugTakenError', async () => {
    const slug = uniqueSlug('manly-clinic');
    const contenders = [1, 2, 3].map(() => Organisation.create({ name: 'Manly Clinic', slug }, NOW));
    const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
      settle(
        contenders.map((organisation) =>
          new MikroOrmOrganisationRepository(fresh(orm)).add(organisation).then(() => organisation.id),
        ),
      ),
    );

    expect({
      added: fulfilled.length,
      refused: rejected.map((error) => (error instanceof SlugTakenError ? 'SlugTakenError' : codeOf(error))),
    }).toEqual({
      added: 1,
      refused: ['SlugTakenError', 'SlugTakenError'],
    });
    const stored = await fresh(orm)
      .getConnection()
      .execute<{ id: string }[]>('select id from organisations where slug = ?', [slug]);
    expect(stored.map((row) => row.id)).toEqual(fulfilled);
  });
});
