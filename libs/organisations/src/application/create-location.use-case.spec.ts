import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { renderOrganisationEvents } from '../http/event-renderers.js';
import { Business } from '../domain/business.js';
import { CreateLocation } from './create-location.use-case.js';
import { InMemoryDirectory, KnownOrganisations } from './testing/in-memory-organisations.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const business = Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51824753556' }, NOW);
const othersBusiness = Business.create(OTHER_ORGANISATION, { name: 'Elsewhere', taxIdentifier: '33051775556' }, NOW);

function setUp() {
  const directory = new InMemoryDirectory([business, othersBusiness]);
  const events = new RecordedEvents(renderOrganisationEvents);
  const organisations = new KnownOrganisations({ [ORGANISATION]: [], [OTHER_ORGANISATION]: [] });
  return {
    directory,
    events,
    createLocation: new CreateLocation(directory, organisations, events, new FixedClock(NOW)),
  };
}

const bondi = { name: 'Bondi', timeZone: 'Australia/Sydney', address: { suburb: 'Bondi', postcode: '2026' } };

describe('CreateLocation', () => {
  it("stores a location of one of the organisation's businesses, filling the address and registrations, and records location.created", async () => {
    const { directory, events, createLocation } = setUp();
    const location = await createLocation.execute(ORGANISATION, {
      ...bondi,
      businessId: business.id,
      registrations: [{ medicare: { minorId: 'ABC1234' } }],
    });
    expect(directory.added).toEqual([location]);
    expect(location).toMatchObject({
      organisationId: ORGANISATION,
      businessId: business.id,
      email: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(events.recorded).toEqual([
      {
        type: 'location.created',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ id: location.id, updatedAt: NOW.toISOString() }),
      },
    ]);
    expect(location.address).toEqual({
      line1: null,
      line2: null,
      suburb: 'Bondi',
      city: null,
      state: null,
      postcode: '2026',
      country: null,
      countryCode: null,
    });
    expect(location.registrations).toEqual([
      {
        medicare: {
          minorId: 'ABC1234',
          prodaLocationId: null,
          status: null,
          providerAgreementSubmissionUrl: null,
          isUsingOtherClaimSoftware: false,
        },
        phi: null,
      },
    ]);
  });

  it("refuses, as not found, another organisation's business, naming businessId, and stores and records nothing", async () => {
    const { directory, events, createLocation } = setUp();
    await expect(
      createLocation.execute(ORGANISATION, { ...bondi, businessId: othersBusiness.id }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'businessId', code: 'not_found' })],
    });
    expect(directory.added).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('refuses a time zone that is not IANA, naming the field, and stores nothing', async () => {
    const { directory, createLocation } = setUp();
    await expect(
      createLocation.execute(ORGANISATION, { ...bondi, businessId: business.id, timeZone: 'AEST' }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'timeZone', code: 'invalid_time_zone' })],
    });
    expect(directory.added).toEqual([]);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { directory, createLocation } = setUp();
    await expect(
      createLocation.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { ...bondi, businessId: business.id }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(directory.added).toEqual([]);
  });
});
