import { describe, expect, it } from '@jest/globals';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Business } from '../domain/business.js';
import { renderOrganisationEvents } from '../http/event-renderers.js';
import { InMemoryDirectory } from './testing/in-memory-organisations.js';
import { UpdateBusiness } from './update-business.use-case.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:02:03.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function setUp(props: Partial<Parameters<typeof Business.create>[1]> = {}) {
  const business = Business.create(
    ORGANISATION,
    { name: 'Harbour Physio', taxIdentifier: '51824753556', settings: { autoReconciliationEnabled: true }, ...props },
    CREATED,
  );
  const directory = new InMemoryDirectory([business]);
  const events = new RecordedEvents(renderOrganisationEvents);
  return { business, directory, events, updateBusiness: new UpdateBusiness(directory, events, new FixedClock(NOW)) };
}

describe('UpdateBusiness', () => {
  it('changes the name, the ABN (compacted) and only the settings sent, and records business.updated as GET renders it', async () => {
    const { business, directory, events, updateBusiness } = setUp();
    const updated = await updateBusiness.execute(ORGANISATION, business.id, {
      name: 'Harbour Physio & Pilates',
      taxIdentifier: '33 051 775 556',
      settings: { autoInviteClientsEnabled: true },
    });
    expect(updated).toMatchObject({
      name: 'Harbour Physio & Pilates',
      taxIdentifier: '33051775556',
      settings: { autoReconciliationEnabled: true, autoInviteClientsEnabled: true },
      updatedAt: NOW,
    });
    expect(directory.saved).toHaveLength(1);
    expect(events.recorded).toEqual([
      {
        type: 'business.updated',
        organisationId: ORGANISATION,
        data: expect.objectContaining({ id: business.id, taxIdentifier: '33051775556' }),
      },
    ]);
  });

  it('treats {}, {settings: {}} and the stored values as no change', async () => {
    const { business, directory, events, updateBusiness } = setUp();
    for (const changes of [
      {},
      { settings: {} },
      { taxIdentifier: '51 824 753 556', settings: { autoReconciliationEnabled: true } },
    ]) {
      await updateBusiness.execute(ORGANISATION, business.id, changes);
    }
    expect([directory.saved, events.recorded, business.updatedAt]).toEqual([[], [], CREATED]);
  });

  it('refuses an ABN with a wrong checksum for an AU business, changing nothing', async () => {
    const { business, directory, updateBusiness } = setUp();
    await expect(
      updateBusiness.execute(ORGANISATION, business.id, { name: 'Renamed', taxIdentifier: '51824753557' }),
    ).rejects.toMatchObject({
      errors: [expect.objectContaining({ field: 'taxIdentifier', code: 'invalid_abn' })],
    });
    expect([directory.saved, business.name]).toEqual([[], 'Harbour Physio']);
  });

  it("keeps a foreign business's identifier as sent", async () => {
    const { business, updateBusiness } = setUp({ countryCode: 'NZ', taxIdentifier: 'NZ-123' });
    expect(
      (await updateBusiness.execute(ORGANISATION, business.id, { taxIdentifier: '123-456-789' })).taxIdentifier,
    ).toBe('123-456-789');
  });

  it('answers not_found for a business of another organisation, and precondition_failed for a stale If-Match', async () => {
    const { business, directory, updateBusiness } = setUp();
    await expect(
      updateBusiness.execute('org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N', business.id, { name: 'Mine' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      updateBusiness.execute(ORGANISATION, business.id, { name: 'Stale' }, etagOf(NOW)),
    ).rejects.toMatchObject({ code: 'precondition_failed' });
    expect(directory.saved).toEqual([]);
  });
});
