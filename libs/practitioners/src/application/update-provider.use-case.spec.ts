import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Provider } from '../domain/provider.js';
import { UpdateProvider } from './update-provider.use-case.js';
import { InMemoryPractitioners, StoredProviderQueries } from './testing/in-memory-practitioners.js';
import { renderPractitionerEvents } from '../http/event-renderers.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function setUp(clock = new FixedClock(NOW)) {
  const practitioners = new InMemoryPractitioners();
  const provider = Provider.create(
    ORGANISATION,
    { firstName: 'Sam', middleName: 'Jo', lastName: 'Lee', email: 'sam@example.com.au', mobileNumber: '+61412345678' },
    CREATED,
  );
  practitioners.providers.set(provider.id, provider);
  const events = new RecordedEvents(renderPractitionerEvents);
  const updateProvider = new UpdateProvider(practitioners, new StoredProviderQueries(practitioners), clock, events);
  return { provider, practitioners, events, updateProvider };
}

describe('UpdateProvider', () => {
  it('changes only the fields sent, clears with null, keeps the mobile as E.164, and records provider.updated as GET renders it', async () => {
    const { provider, practitioners, events, updateProvider } = setUp();
    const updated = await updateProvider.execute(
      ORGANISATION,
      provider.id,
      { lastName: 'Lee-Park', middleName: null, mobileNumber: '0498 765 432' },
      undefined,
    );
    expect(updated).toMatchObject({
      firstName: 'Sam',
      middleName: null,
      lastName: 'Lee-Park',
      email: 'sam@example.com.au',
      mobileNumber: '+61498765432',
      bookingsEnabled: true,
      createdAt: CREATED,
      updatedAt: NOW,
    });
    expect(practitioners.saved).toEqual([expect.objectContaining({ lastName: 'Lee-Park', updatedAt: NOW })]);
    expect(events.recorded).toEqual([
      {
        type: 'provider.updated',
        organisationId: ORGANISATION,
        data: expect.objectContaining({
          id: provider.id,
          lastName: 'Lee-Park',
          middleName: null,
          updatedAt: NOW.toISOString(),
          locationIds: [],
        }),
      },
    ]);
  });

  it.each([{}, { firstName: 'Sam', email: 'sam@example.com.au' }, { mobileNumber: '0412 345 678' }])(
    'changes, saves and records nothing for %p, which says what is already there',
    async (changes) => {
      const { provider, practitioners, events, updateProvider } = setUp();
      const answer = await updateProvider.execute(ORGANISATION, provider.id, changes, etagOf(CREATED));
      expect(answer.updatedAt).toEqual(CREATED);
      expect(practitioners.saved).toEqual([]);
      expect(events.recorded).toEqual([]);
    },
  );

  it('gives each change its own updatedAt even when the clock stands still', async () => {
    const { provider, updateProvider } = setUp(new FixedClock(CREATED));
    const first = await updateProvider.execute(ORGANISATION, provider.id, { bookingsEnabled: false }, undefined);
    const second = await updateProvider.execute(
      ORGANISATION,
      provider.id,
      { bookingsEnabled: true },
      etagOf(first.updatedAt),
    );
    expect([first.updatedAt, second.updatedAt]).toEqual([
      new Date(CREATED.getTime() + 1),
      new Date(CREATED.getTime() + 2),
    ]);
  });

  it('answers precondition_failed to an If-Match naming an older version, changing and recording nothing', async () => {
    const { provider, practitioners, events, updateProvider } = setUp();
    await updateProvider.execute(ORGANISATION, provider.id, { firstName: 'Samuel' }, etagOf(CREATED));
    await expect(
      updateProvider.execute(ORGANISATION, provider.id, { firstName: 'Sammy' }, etagOf(CREATED)),
    ).rejects.toMatchObject({
      kind: 'precondition_failed',
      code: 'precondition_failed',
    });
    expect(practitioners.providers.get(provider.id)?.firstName).toBe('Samuel');
    expect(events.recorded).toHaveLength(1);
  });

  it('refuses a mobile number no numbering plan has, naming the field, changing nothing', async () => {
    const { provider, practitioners, events, updateProvider } = setUp();
    await expect(
      updateProvider.execute(ORGANISATION, provider.id, { firstName: 'Samuel', mobileNumber: '0400' }, undefined),
    ).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'mobileNumber', code: 'invalid_phone_number' })],
    });
    expect(practitioners.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it("answers not_found for another organisation's provider", async () => {
    const { provider, practitioners, updateProvider } = setUp();
    await expect(
      updateProvider.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', provider.id, { firstName: 'X' }, undefined),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(practitioners.saved).toEqual([]);
  });
});
