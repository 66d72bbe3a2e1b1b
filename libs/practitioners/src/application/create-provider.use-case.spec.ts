import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { CreateProvider } from './create-provider.use-case.js';
import { KnownOrganisations } from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { InMemoryPractitioners, StoredProviderQueries } from './testing/in-memory-practitioners.js';
import { renderPractitionerEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

/** The database goes away at the save. */
class FailingPractitioners extends InMemoryPractitioners {
  override async save(): Promise<void> {
    throw new Error('connection lost');
  }
}

function setUp(practitioners = new InMemoryPractitioners()) {
  const events = new RecordedEvents(renderPractitionerEvents);
  return {
    practitioners,
    events,
    createProvider: new CreateProvider(
      practitioners,
      new KnownOrganisations({ [ORGANISATION]: [] }),
      new StoredProviderQueries(practitioners),
      new FixedClock(NOW),
      events,
    ),
  };
}

describe('CreateProvider', () => {
  it('stores the provider with its mobile number as E.164 and records provider.created as GET renders it', async () => {
    const { practitioners, events, createProvider } = setUp();
    const provider = await createProvider.execute(ORGANISATION, {
      firstName: 'Sam',
      lastName: 'Lee',
      mobileNumber: '0412 345 678',
    });
    expect(practitioners.saved).toEqual([provider]);
    expect(provider).toMatchObject({
      organisationId: ORGANISATION,
      mobileNumber: '+61412345678',
      bookingsEnabled: true,
      deleted: false,
      createdAt: NOW,
    });
    expect(events.recorded).toEqual([
      {
        type: 'provider.created',
        organisationId: ORGANISATION,
        data: {
          id: provider.id,
          createdAt: '2026-11-22T05:28:59.000Z',
          updatedAt: '2026-11-22T05:28:59.000Z',
          locationIds: [],
          deleted: false,
          bookingsEnabled: true,
          mobileNumber: '+61412345678',
          email: null,
          firstName: 'Sam',
          middleName: null,
          lastName: 'Lee',
          profileImageUrl: null,
        },
      },
    ]);
  });

  it('refuses a mobile number no numbering plan has, naming the field, storing and recording nothing', async () => {
    const { practitioners, events, createProvider } = setUp();
    await expect(
      createProvider.execute(ORGANISATION, { firstName: 'Sam', lastName: 'Lee', mobileNumber: '0400' }),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'mobileNumber', code: 'invalid_phone_number' })],
    });
    expect(practitioners.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('answers not_found for an organisation that does not exist, storing and recording nothing', async () => {
    const { practitioners, events, createProvider } = setUp();
    await expect(
      createProvider.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { firstName: 'Sam', lastName: 'Lee' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(practitioners.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('records nothing when the save fails', async () => {
    const { events, createProvider } = setUp(new FailingPractitioners());
    await expect(createProvider.execute(ORGANISATION, { firstName: 'Sam', lastName: 'Lee' })).rejects.toThrow(
      'connection lost',
    );
    expect(events.recorded).toEqual([]);
  });
});
