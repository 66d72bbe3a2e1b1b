import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Provider } from '../domain/provider.js';
import { CreateLocationLink } from './create-location-link.use-case.js';
import { KnownLocations } from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { InMemoryPractitioners } from './testing/in-memory-practitioners.js';
import { renderPractitionerEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const LATER = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const LOCATION = '5d0c3f8e-2b1a-4c6d-9e7f-8a9b0c1d2e3f';
const OTHERS_LOCATION = '6e1d4a9f-3c2b-4d7e-8f9a-0b1c2d3e4f5a';

function setUp() {
  const practitioners = new InMemoryPractitioners();
  const provider = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, NOW);
  const deleted = Provider.create(ORGANISATION, { firstName: 'Kim', lastName: 'Ng' }, NOW);
  deleted.archive(NOW);
  for (const stored of [provider, deleted]) practitioners.providers.set(stored.id, stored);
  const directory = new KnownLocations({ [ORGANISATION]: [LOCATION], [OTHER_ORGANISATION]: [OTHERS_LOCATION] });
  const events = new RecordedEvents(renderPractitionerEvents);
  return {
    provider,
    deleted,
    practitioners,
    events,
    createLink: new CreateLocationLink(practitioners, directory, new FixedClock(LATER), events),
  };
}

describe('CreateLocationLink', () => {
  it('stores a live link with Medicare numbers upper-cased and the start date as ISO 8601', async () => {
    const { provider, practitioners, createLink } = setUp();
    const link = await createLink.execute(ORGANISATION, provider.id, {
      locationId: LOCATION,
      medicare: { providerNumber: '2429591l', startDate: '2026-12-01T09:00:00+10:00' },
    });
    expect(practitioners.links).toEqual([link]);
    expect(link).toMatchObject({
      organisationId: ORGANISATION,
      providerId: provider.id,
      locationId: LOCATION,
      deleted: false,
      acceptedTerms: false,
      createdAt: LATER,
      updatedAt: LATER,
    });
    expect(link.medicare).toEqual({
      suggestedProviderNumber: null,
      providerNumber: '2429591L',
      startDate: '2026-11-30T23:00:00.000Z',
      registrationLetter: null,
    });
  });

  it("records provider_location_link.created with the link as its list shows it, and moves the provider's updatedAt (its locationIds changed)", async () => {
    const { provider, practitioners, events, createLink } = setUp();
    const link = await createLink.execute(ORGANISATION, provider.id, {
      locationId: LOCATION,
      categoryCode: 'physiotherapist',
    });
    expect(events.recorded).toEqual([
      {
        type: 'provider_location_link.created',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: link.id,
          providerId: provider.id,
          categoryCode: 'physiotherapist',
          updatedAt: LATER.toISOString(),
        }),
      },
    ]);
    expect(practitioners.providers.get(provider.id)?.updatedAt).toEqual(LATER);
  });

  it('answers location_link_exists for a second live link to the same location', async () => {
    const { provider, practitioners, createLink } = setUp();
    await createLink.execute(ORGANISATION, provider.id, { locationId: LOCATION });
    await expect(createLink.execute(ORGANISATION, provider.id, { locationId: LOCATION })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'location_link_exists',
    });
    expect(practitioners.links).toHaveLength(1);
  });

  it('answers provider_deleted for a deleted provider, and stores and records nothing', async () => {
    const { deleted, practitioners, events, createLink } = setUp();
    await expect(createLink.execute(ORGANISATION, deleted.id, { locationId: LOCATION })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'provider_deleted',
    });
    expect(practitioners.links).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it("answers not_found for another organisation's provider, and stores nothing", async () => {
    const { provider, practitioners, createLink } = setUp();
    await expect(
      createLink.execute(OTHER_ORGANISATION, provider.id, { locationId: OTHERS_LOCATION }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(practitioners.links).toEqual([]);
  });

  it("refuses, as not found, another organisation's location, naming locationId, and stores nothing", async () => {
    const { provider, practitioners, createLink } = setUp();
    await expect(createLink.execute(ORGANISATION, provider.id, { locationId: OTHERS_LOCATION })).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'locationId', code: 'not_found' })],
    });
    expect(practitioners.links).toEqual([]);
  });

  it('refuses a provider number with a wrong check character, naming the field, and stores nothing', async () => {
    const { provider, practitioners, createLink } = setUp();
    await expect(
      createLink.execute(ORGANISATION, provider.id, {
        locationId: LOCATION,
        medicare: { suggestedProviderNumber: '2429591A' },
      }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'medicare.suggestedProviderNumber', code: 'invalid_provider_number' })],
    });
    expect(practitioners.links).toEqual([]);
  });
});
