import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Organisation } from '../domain/organisation.js';
import { SlugTakenError } from '../domain/organisation.repository.js';
import { firstFreeSlug } from '../domain/slug.js';
import { CreateOrganisation } from './create-organisation.use-case.js';
import { InMemoryOrganisations } from './testing/in-memory-organisations.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');

/** Another request takes the slug this one just found free, `races` times in a row. */
class ContendedOrganisations extends InMemoryOrganisations {
  constructor(private races: number) {
    super();
  }

  override async slugsLike(base: string): Promise<Set<string>> {
    const taken = await super.slugsLike(base);
    if (this.races-- > 0) {
      const rival = Organisation.create({ name: 'Rival', slug: firstFreeSlug(base, taken) }, NOW);
      this.byId.set(rival.id, rival);
    }
    return taken;
  }
}

function setUp(organisations = new InMemoryOrganisations()) {
  return { organisations, createOrganisation: new CreateOrganisation(organisations, new FixedClock(NOW)) };
}

describe('CreateOrganisation', () => {
  it('stores the organisation under the slug it was given, with bookings off and default settings', async () => {
    const { organisations, createOrganisation } = setUp();
    const organisation = await createOrganisation.execute({ name: '  Harbour Physio Group ', slug: 'harbour' });
    expect([...organisations.byId.values()]).toEqual([organisation]);
    expect(organisation).toMatchObject({
      name: 'Harbour Physio Group',
      slug: 'harbour',
      bookingsEnabled: false,
      createdAt: NOW,
      websiteUrl: null,
    });
    expect(organisation.id).toMatch(/^org_/);
    expect(organisation.bookingSettings).toMatchObject({
      cancellationFeeEnabled: false,
      cancellationNoFeeBeforeHours: 24,
    });
  });

  it('makes the slug from the name, numbering it past the slugs already taken', async () => {
    const { createOrganisation } = setUp();
    const first = await createOrganisation.execute({ name: 'Harbour Physio', bookingsEnabled: true });
    const second = await createOrganisation.execute({ name: 'Harbour  Physio!' });
    const third = await createOrganisation.execute({ name: 'harbour physio' });
    expect([first.slug, second.slug, third.slug]).toEqual(['harbour-physio', 'harbour-physio-2', 'harbour-physio-3']);
    expect(first.bookingsEnabled).toBe(true);
  });

  it('makes a live organisation unless told livemode false, which makes a sandbox', async () => {
    const { organisations, createOrganisation } = setUp();
    const live = await createOrganisation.execute({ name: 'Harbour Physio' });
    const sandbox = await createOrganisation.execute({ name: 'Harbour Physio Sandbox', livemode: false });
    expect([live.livemode, sandbox.livemode]).toEqual([true, false]);
    expect(organisations.byId.get(sandbox.id)?.livemode).toBe(false);
  });

  it('answers slug_taken for a given slug another organisation has, and stores nothing', async () => {
    const { organisations, createOrganisation } = setUp();
    await createOrganisation.execute({ name: 'Harbour Physio', slug: 'harbour' });
    const error = await createOrganisation
      .execute({ name: 'Other', slug: 'harbour' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'slug_taken' });
    expect(organisations.byId.size).toBe(1);
  });

  it('picks again when another request takes the made-up slug between look-up and insert', async () => {
    const { organisations, createOrganisation } = setUp(new ContendedOrganisations(2));
    const organisation = await createOrganisation.execute({ name: 'Harbour Physio' });
    expect(organisation.slug).toBe('harbour-physio-3');
    expect(organisations.byId.get(organisation.id)).toBe(organisation);
  });

  it('gives up after five lost races, storing nothing of its own', async () => {
    const { organisations, createOrganisation } = setUp(new ContendedOrganisations(5));
    await expect(createOrganisation.execute({ name: 'Harbour Physio' })).rejects.toBeInstanceOf(SlugTakenError);
    expect([...organisations.byId.values()].map((organisation) => organisation.name)).toEqual(Array(5).fill('Rival'));
  });

  it('refuses an empty name with a validation error naming the field, and stores nothing', async () => {
    const { organisations, createOrganisation } = setUp();
    await expect(createOrganisation.execute({ name: '   ', slug: 'blank' })).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'name', code: 'required' })],
    });
    expect(organisations.byId.size).toBe(0);
  });
});
