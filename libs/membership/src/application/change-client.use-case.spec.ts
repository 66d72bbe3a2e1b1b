import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@app/shared';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { Client } from '../domain/client.js';
import { renderMembershipEvents } from '../http/event-renderers.js';
import { ChangeClient } from './change-client.use-case.js';
import type { MemberQueries } from './member.queries.js';
import { InMemoryClients } from './testing/in-memory-clients.js';

const CREATED = new Date('2026-11-22T05:28:59.000Z');
const NOW = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const VISIBLE_MEMBER = 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const HIDDEN_MEMBER = 'memb_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const ORGANISATION_KEY: Caller = { keyId: 'key_organisation', organisationId: ORGANISATION };

const members = {
  isVisible: async (_caller: Caller, memberId: string) => memberId === VISIBLE_MEMBER,
} as MemberQueries;

async function setUp() {
  const clients = new InMemoryClients();
  const client = Client.create(
    ORGANISATION,
    { firstName: 'Alex', lastName: 'Chen', email: 'alex@example.com' },
    CREATED,
  );
  await clients.add(client);
  const events = new RecordedEvents(renderMembershipEvents);
  return { client, clients, events, change: new ChangeClient(clients, members, new FixedClock(NOW), events) };
}

describe('ChangeClient.update', () => {
  it('saves the change and records client.updated as GET answers it', async () => {
    const { client, clients, events, change } = await setUp();
    const view = await change.update(
      ORGANISATION_KEY,
      ORGANISATION,
      client.id,
      { lastName: 'Chen-Wright', email: null },
      undefined,
    );
    expect(view).toMatchObject({
      lastName: 'Chen-Wright',
      email: null,
      updatedAt: NOW.toISOString(),
      createdAt: CREATED.toISOString(),
    });
    expect(clients.saved).toEqual([client]);
    expect(events.recorded).toEqual([{ type: 'client.updated', organisationId: ORGANISATION, data: view }]);
  });

  it('saves and records nothing when nothing changes', async () => {
    const { client, clients, events, change } = await setUp();
    const view = await change.update(ORGANISATION_KEY, ORGANISATION, client.id, { firstName: 'Alex' }, etagOf(CREATED));
    expect(view.updatedAt).toBe(CREATED.toISOString());
    expect(clients.saved).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it("answers 404 for another organisation's client", async () => {
    const { client, change } = await setUp();
    await expect(
      change.update(ORGANISATION_KEY, OTHER_ORGANISATION, client.id, { firstName: 'Al' }, undefined),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('changes nothing when If-Match names another version', async () => {
    const { client, clients, events, change } = await setUp();
    await expect(
      change.update(ORGANISATION_KEY, ORGANISATION, client.id, { firstName: 'Al' }, etagOf(NOW)),
    ).rejects.toMatchObject({
      kind: 'precondition_failed',
      code: 'precondition_failed',
    });
    expect(client.firstName).toBe('Alex');
    expect([clients.saved, events.recorded]).toEqual([[], []]);
  });

  it('links only a member the caller can see', async () => {
    const { client, change } = await setUp();
    await expect(
      change.update(ORGANISATION_KEY, ORGANISATION, client.id, { memberId: HIDDEN_MEMBER }, undefined),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'memberId' })],
    });
    expect(
      (await change.update(ORGANISATION_KEY, ORGANISATION, client.id, { memberId: VISIBLE_MEMBER }, undefined))
        .memberId,
    ).toBe(VISIBLE_MEMBER);
  });
});

describe('ChangeClient.archive', () => {
  it('archives once, recording client.deleted; again it answers the archived client and records nothing', async () => {
    const { client, clients, events, change } = await setUp();
    const archived = await change.archive(ORGANISATION, client.id, undefined);
    expect(archived).toMatchObject({ deleted: true, updatedAt: NOW.toISOString() });
    expect(events.recorded).toEqual([{ type: 'client.deleted', organisationId: ORGANISATION, data: archived }]);

    expect(await change.archive(ORGANISATION, client.id, etagOf(NOW))).toEqual(archived);
    expect(clients.saved).toHaveLength(1);
    expect(events.recorded).toHaveLength(1);
  });
});
