import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Provider } from '../domain/provider.js';
import { ProviderLocationLink } from '../domain/provider-location-link.js';
import { DeleteProvider } from './delete-provider.use-case.js';
import { InMemoryPractitioners, StoredProviderQueries } from './testing/in-memory-practitioners.js';
import { renderPractitionerEvents } from '../http/event-renderers.js';

const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const LOCATION = '5d0c3f8e-2b1a-4c6d-9e7f-8a9b0c1d2e3f';
const NOW = new Date('2026-11-23T01:00:00.000Z');

/** The database goes away at the save. */
class FailingPractitioners extends InMemoryPractitioners {
  override async save(): Promise<void> {
    throw new Error('connection lost');
  }
}

function setUp(practitioners = new InMemoryPractitioners()) {
  const created = new Date('2026-11-22T05:28:59.000Z');
  const provider = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, created);
  practitioners.providers.set(provider.id, provider);
  practitioners.links.push(ProviderLocationLink.create(ORGANISATION, provider.id, { locationId: LOCATION }, created));
  const events = new RecordedEvents(renderPractitionerEvents);
  return {
    provider,
    practitioners,
    events,
    deleteProvider: new DeleteProvider(
      practitioners,
      new StoredProviderQueries(practitioners),
      new FixedClock(NOW),
      events,
    ),
  };
}

describe('DeleteProvider', () => {
  it('marks the provider deleted, moves updatedAt, and records provider.deleted as GET renders it after the change', async () => {
    const { provider, practitioners, events, deleteProvider } = setUp();
    const deleted = await deleteProvider.execute(ORGANISATION, provider.id, etagOf(provider.updatedAt));
    expect(deleted).toMatchObject({ deleted: true, updatedAt: NOW });
    expect(practitioners.saved).toEqual([expect.objectContaining({ id: provider.id, deleted: true, updatedAt: NOW })]);
    expect(events.recorded).toEqual([
      {
        type: 'provider.deleted',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: provider.id,
          deleted: true,
          locationIds: [LOCATION],
          createdAt: '2026-11-22T05:28:59.000Z',
          updatedAt: NOW.toISOString(),
          firstName: 'Sam',
        }),
      },
    ]);
  });

  it('changes and records nothing when the provider is already deleted', async () => {
    const { provider, practitioners, events, deleteProvider } = setUp();
    await deleteProvider.execute(ORGANISATION, provider.id, undefined);
    const again = await deleteProvider.execute(ORGANISATION, provider.id, undefined);
    expect(again.deleted).toBe(true);
    expect(practitioners.saved).toHaveLength(1);
    expect(events.recorded).toHaveLength(1);
  });

  it('answers precondition_failed to an If-Match naming an older version, saving and recording nothing', async () => {
    const { provider, practitioners, events, deleteProvider } = setUp();
    await expect(
      deleteProvider.execute(ORGANISATION, provider.id, etagOf(new Date('2026-11-01T00:00:00.000Z'))),
    ).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect(practitioners.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it("answers not_found for another organisation's provider, saving and recording nothing", async () => {
    const { provider, practitioners, events, deleteProvider } = setUp();
    await expect(
      deleteProvider.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', provider.id, undefined),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(practitioners.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('records nothing when the save fails', async () => {
    const { provider, events, deleteProvider } = setUp(new FailingPractitioners());
    await expect(deleteProvider.execute(ORGANISATION, provider.id, undefined)).rejects.toThrow('connection lost');
    expect(events.recorded).toEqual([]);
  });
});
