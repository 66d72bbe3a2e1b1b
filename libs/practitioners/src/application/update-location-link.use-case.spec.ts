import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Provider } from '../domain/provider.js';
import { ProviderLocationLink } from '../domain/provider-location-link.js';
import { DeleteLocationLink } from './delete-location-link.use-case.js';
import { UpdateLocationLink } from './update-location-link.use-case.js';
import { InMemoryPractitioners } from './testing/in-memory-practitioners.js';
import { renderPractitionerEvents } from '../http/event-renderers.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const LOCATION = '5d0c3f8e-2b1a-4c6d-9e7f-8a9b0c1d2e3f';
const FULL_MEDICARE = {
  suggestedProviderNumber: '2429592A',
  providerNumber: '2429591L',
  startDate: '2026-02-01T00:00:00.000Z',
  registrationLetter: 'https://files.example.com/letters/2429591L.pdf',
};

function setUp() {
  const practitioners = new InMemoryPractitioners();
  const provider = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, CREATED);
  const link = ProviderLocationLink.create(
    ORGANISATION,
    provider.id,
    {
      locationId: LOCATION,
      acceptedTerms: true,
      categoryCode: 'physiotherapist',
      medicare: FULL_MEDICARE,
      association: { registrationLetter: 'apa.pdf' },
    },
    CREATED,
  );
  practitioners.providers.set(provider.id, provider);
  practitioners.links.push(link);
  const events = new RecordedEvents(renderPractitionerEvents);
  const clock = new FixedClock(NOW);
  return {
    provider,
    link,
    practitioners,
    events,
    updateLink: new UpdateLocationLink(practitioners, clock, events),
    deleteLink: new DeleteLocationLink(practitioners, clock, events),
  };
}

describe('UpdateLocationLink', () => {
  it('replaces the Medicare details whole, leaves what was not sent, and records provider_location_link.updated', async () => {
    const { provider, link, practitioners, events, updateLink } = setUp();
    const updated = await updateLink.execute(
      ORGANISATION,
      provider.id,
      link.id,
      { medicare: { providerNumber: '2429592a' } },
      etagOf(CREATED),
    );
    expect(updated).toMatchObject({
      acceptedTerms: true,
      categoryCode: 'physiotherapist',
      association: { registrationLetter: 'apa.pdf' },
      updatedAt: NOW,
    });
    expect(updated.medicare).toEqual({
      suggestedProviderNumber: null,
      providerNumber: '2429592A',
      startDate: null,
      registrationLetter: null,
    });
    expect(practitioners.links[0]).toEqual(updated);
    expect(events.recorded).toEqual([
      {
        type: 'provider_location_link.updated',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ id: link.id, medicare: updated.medicare, updatedAt: NOW.toISOString() }),
      },
    ]);
  });

  it('clears categoryCode with null and the association with {}', async () => {
    const { provider, link, updateLink } = setUp();
    const updated = await updateLink.execute(
      ORGANISATION,
      provider.id,
      link.id,
      { categoryCode: null, association: {} },
      undefined,
    );
    expect(updated).toMatchObject({
      categoryCode: null,
      association: { registrationLetter: null },
      medicare: FULL_MEDICARE,
    });
  });

  it.each([{}, { acceptedTerms: true, medicare: { ...FULL_MEDICARE, providerNumber: '2429591l' } }])(
    'changes and records nothing for %p, which says what is already there',
    async (changes) => {
      const { provider, link, events, updateLink } = setUp();
      expect((await updateLink.execute(ORGANISATION, provider.id, link.id, changes, undefined)).updatedAt).toEqual(
        CREATED,
      );
      expect(events.recorded).toEqual([]);
    },
  );

  it('refuses an invalid provider number naming the field, and a stale If-Match, changing nothing', async () => {
    const { provider, link, practitioners, events, updateLink } = setUp();
    await expect(
      updateLink.execute(ORGANISATION, provider.id, link.id, { medicare: { providerNumber: '2429591X' } }, undefined),
    ).rejects.toMatchObject({
      errors: [expect.objectContaining({ field: 'medicare.providerNumber', code: 'invalid_provider_number' })],
    });
    await expect(
      updateLink.execute(ORGANISATION, provider.id, link.id, { categoryCode: 'x' }, etagOf(NOW)),
    ).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect(practitioners.links[0]).toEqual(link);
    expect(events.recorded).toEqual([]);
  });

  it('answers not_found for a link of another provider or organisation', async () => {
    const { provider, link, updateLink } = setUp();
    const other = Provider.create(ORGANISATION, { firstName: 'Kim', lastName: 'Ng' }, CREATED);
    await expect(
      updateLink.execute(ORGANISATION, other.id, link.id, { categoryCode: 'x' }, undefined),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      updateLink.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', provider.id, link.id, { categoryCode: 'x' }, undefined),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('DeleteLocationLink', () => {
  it("archives the link, moves the provider's updatedAt (its locationIds change), and records provider_location_link.deleted once", async () => {
    const { provider, link, practitioners, events, deleteLink } = setUp();
    const archived = await deleteLink.execute(ORGANISATION, provider.id, link.id, etagOf(CREATED));
    expect(archived).toMatchObject({ deleted: true, updatedAt: NOW });
    expect(practitioners.providers.get(provider.id)?.updatedAt).toEqual(NOW);
    const again = await deleteLink.execute(ORGANISATION, provider.id, link.id, undefined);
    expect(again).toEqual(archived);
    expect(events.recorded).toEqual([
      {
        type: 'provider_location_link.deleted',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ id: link.id, deleted: true }),
      },
    ]);
  });

  it('answers precondition_failed to a stale If-Match, archiving nothing', async () => {
    const { provider, link, practitioners, events, deleteLink } = setUp();
    await expect(deleteLink.execute(ORGANISATION, provider.id, link.id, etagOf(NOW))).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect(practitioners.links[0].deleted).toBe(false);
    expect(events.recorded).toEqual([]);
  });
});
