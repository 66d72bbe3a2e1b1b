import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import {
  KnownLocations,
  KnownOrganisations,
} from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { Provider } from '../../../practitioners/src/domain/provider.js';
import { KnownPractitioners } from '../../../practitioners/src/application/testing/known-practitioners.js';
import { CreateAppointmentType } from './create-appointment-type.use-case.js';
import { InMemoryAppointmentTypes } from './testing/in-memory-scheduling.js';
import { renderSchedulingEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const LOCATION = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const OTHERS_LOCATION = '0193a6f3-0000-7000-8000-000000000001';
const provider = Provider.create(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' }, NOW);
const deletedProvider = Provider.create(ORGANISATION, { firstName: 'Kim', lastName: 'Ng' }, NOW);
deletedProvider.archive(NOW);
const othersProvider = Provider.create(OTHER_ORGANISATION, { firstName: 'Jo', lastName: 'Park' }, NOW);

function setUp() {
  const types = new InMemoryAppointmentTypes();
  const events = new RecordedEvents(renderSchedulingEvents);
  const locationsOf = { [ORGANISATION]: [LOCATION], [OTHER_ORGANISATION]: [OTHERS_LOCATION] };
  const create = new CreateAppointmentType(
    types,
    new KnownOrganisations(locationsOf),
    new KnownLocations(locationsOf),
    new KnownPractitioners([provider, deletedProvider, othersProvider], []),
    new FixedClock(NOW),
    events,
  );
  return { types, create, events };
}

const consult = { name: 'Initial consult', durationMinutes: 45, price: 9500 };

describe('CreateAppointmentType', () => {
  it('stores the type for its providers and locations, each once, one attendee unless told', async () => {
    const { types, create } = setUp();
    const type = await create.execute(ORGANISATION, {
      ...consult,
      providerIds: [provider.id, provider.id],
      locationIds: [LOCATION],
    });
    expect(types.types).toEqual([type]);
    expect(type).toMatchObject({
      organisationId: ORGANISATION,
      providerIds: [provider.id],
      locationIds: [LOCATION],
      maxAttendees: 1,
      deleted: false,
      createdAt: NOW,
    });
    expect(type.offers(provider.id, LOCATION)).toBe(true);
  });

  it('names every provider and location the organisation does not have, by its place in the request, and stores nothing', async () => {
    const { types, create } = setUp();
    await expect(
      create.execute(ORGANISATION, {
        ...consult,
        providerIds: [provider.id, othersProvider.id, deletedProvider.id],
        locationIds: [OTHERS_LOCATION, LOCATION],
      }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
      errors: [
        expect.objectContaining({ field: 'providers[1]', code: 'not_found' }),
        expect.objectContaining({ field: 'providers[2]', code: 'not_found' }),
        expect.objectContaining({ field: 'locations[0]', code: 'not_found' }),
      ],
    });
    expect(types.types).toEqual([]);
  });

  it('refuses a duration outside 5 to 1440 minutes, naming the field, and stores nothing', async () => {
    const { types, create } = setUp();
    await expect(
      create.execute(ORGANISATION, {
        ...consult,
        durationMinutes: 4,
        providerIds: [provider.id],
        locationIds: [LOCATION],
      }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'durationMinutes', code: 'out_of_range' })],
    });
    expect(types.types).toEqual([]);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { types, create } = setUp();
    await expect(
      create.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { ...consult, providerIds: [], locationIds: [] }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(types.types).toEqual([]);
  });
});
