import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Organisation } from '../domain/organisation.js';
import { UpdateOrganisation } from './update-organisation.use-case.js';
import { InMemoryOrganisations } from './testing/in-memory-organisations.js';
import { renderOrganisationEvents } from '../http/event-renderers.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:02:03.000Z');

/** The database goes away at the save. */
class FailingOrganisations extends InMemoryOrganisations {
  override async save(): Promise<void> {
    throw new Error('connection lost');
  }
}

function setUp(organisations = new InMemoryOrganisations()) {
  const organisation = Organisation.create({ name: 'Harbour Physio', slug: 'harbour' }, CREATED);
  organisations.byId.set(organisation.id, organisation);
  const events = new RecordedEvents(renderOrganisationEvents);
  return {
    organisation,
    organisations,
    events,
    updateOrganisation: new UpdateOrganisation(organisations, events, new FixedClock(NOW)),
  };
}

describe('UpdateOrganisation', () => {
  it('saves the changed fields, keeps the others, and records organisation.updated as GET renders it', async () => {
    const { organisation, organisations, events, updateOrganisation } = setUp();
    organisation.websiteUrl = 'https://harbourphysio.com.au';
    await updateOrganisation.execute(organisation.id, {
      name: ' Harbour Physio Group ',
      brandImageUrl: 'https://cdn.example.com/brand.png',
      websiteUrl: null,
    });
    expect(organisations.saved).toEqual([
      expect.objectContaining({
        name: 'Harbour Physio Group',
        slug: 'harbour',
        brandImageUrl: 'https://cdn.example.com/brand.png',
        websiteUrl: null,
        wordmarkImageUrl: null,
      }),
    ]);
    expect(events.recorded).toEqual([
      {
        type: 'organisation.updated',
        organisationId: organisation.id,
        data: {
          id: organisation.id,
          name: 'Harbour Physio Group',
          slug: 'harbour',
          createdAt: '2026-11-22T05:28:59.000Z',
          updatedAt: '2026-11-23T01:02:03.000Z',
          bookingsEnabled: false,
          livemode: true,
          brandImageUrl: 'https://cdn.example.com/brand.png',
          wordmarkImageUrl: null,
          websiteUrl: null,
        },
      },
    ]);
  });

  it('treats {} and values equal to the stored ones as no change: nothing saved or recorded, updatedAt kept', async () => {
    const { organisation, organisations, events, updateOrganisation } = setUp();
    await updateOrganisation.execute(organisation.id, {});
    await updateOrganisation.execute(organisation.id, {
      name: ' Harbour Physio ',
      websiteUrl: null,
      brandImageUrl: undefined,
    });
    expect(organisations.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
    expect(organisation.updatedAt).toEqual(CREATED);
  });

  it('changes only the version If-Match names, refusing another with precondition_failed and saving nothing', async () => {
    const { organisation, organisations, events, updateOrganisation } = setUp();
    await expect(updateOrganisation.execute(organisation.id, { name: 'Stale' }, etagOf(NOW))).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect([organisations.saved, events.recorded, organisation.name]).toEqual([[], [], 'Harbour Physio']);
    await updateOrganisation.execute(organisation.id, { name: 'Current' }, etagOf(CREATED));
    expect(organisations.saved).toEqual([expect.objectContaining({ name: 'Current', updatedAt: NOW })]);
  });

  it('answers not_found for an unknown organisation, saving and recording nothing', async () => {
    const { organisations, events, updateOrganisation } = setUp();
    const unknown = 'org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M';
    await expect(updateOrganisation.execute(unknown, { name: 'X' })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(organisations.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('refuses an empty name, saving and recording nothing', async () => {
    const { organisation, organisations, events, updateOrganisation } = setUp();
    await expect(updateOrganisation.execute(organisation.id, { name: '' })).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'name', code: 'required' })],
    });
    expect(organisations.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('records nothing when the save fails', async () => {
    const { organisation, events, updateOrganisation } = setUp(new FailingOrganisations());
    await expect(updateOrganisation.execute(organisation.id, { name: 'Renamed' })).rejects.toThrow('connection lost');
    expect(events.recorded).toEqual([]);
  });
});
