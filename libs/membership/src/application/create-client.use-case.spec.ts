import { describe, expect, it } from '@jest/globals';
import type { OrganisationQueries } from '@app/organisations';
import type { Caller } from '@app/shared';
import { Clock, notFound, RecordedEvents } from '@app/shared/domain';
import { CreateClient } from './create-client.use-case.js';
import type { MemberQueries } from './member.queries.js';
import { InMemoryClients } from './testing/in-memory-clients.js';
import { renderMembershipEvents } from '../http/event-renderers.js';

const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const MEMBER = 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
/** A member of another organisation: it exists, but this organisation's key cannot see it. */
const OTHER_ORGANISATIONS_MEMBER = 'memb_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const PLATFORM: Caller = { keyId: 'key_platform', organisationId: null };
const ORGANISATION_KEY: Caller = { keyId: 'key_organisation', organisationId: ORGANISATION };

class FixedClock extends Clock {
  now(): Date {
    return new Date('2026-11-22T05:28:59.000Z');
  }
}

const members = {
  async isVisible(caller: Caller, memberId: string) {
    if (memberId === MEMBER) return true;
    return memberId === OTHER_ORGANISATIONS_MEMBER && caller.organisationId === null;
  },
} as MemberQueries;

const organisations = {
  async assertExists(id: string) {
    if (id !== ORGANISATION) throw notFound('Organisation', id);
  },
} as OrganisationQueries;

function setUp() {
  const clients = new InMemoryClients();
  return {
    clients,
    createClient: new CreateClient(
      clients,
      members,
      organisations,
      new FixedClock(),
      new RecordedEvents(renderMembershipEvents),
    ),
  };
}

describe('CreateClient', () => {
  it('stores a client of the organisation, linked to a member the caller can see', async () => {
    const { clients, createClient } = setUp();
    const client = await createClient.execute(ORGANISATION_KEY, ORGANISATION, {
      firstName: 'Alex',
      lastName: 'Chen',
      memberId: MEMBER,
    });
    expect(clients.added).toEqual([client]);
    expect(client).toMatchObject({ organisationId: ORGANISATION, memberId: MEMBER, deleted: false });
  });

  it('refuses a member id that names no member, naming the field', async () => {
    const { clients, createClient } = setUp();
    const unknown = 'memb_3qWlVr4Ly0nHeC2bXgF8iUaSd1M';
    await expect(
      createClient.execute(ORGANISATION_KEY, ORGANISATION, { firstName: 'Alex', lastName: 'Chen', memberId: unknown }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'memberId', code: 'not_found' })],
    });
    expect(clients.added).toEqual([]);
  });

  it("refuses, as not found, another organisation's member that the organisation key cannot see", async () => {
    const { clients, createClient } = setUp();
    await expect(
      createClient.execute(ORGANISATION_KEY, ORGANISATION, {
        firstName: 'Alex',
        lastName: 'Chen',
        memberId: OTHER_ORGANISATIONS_MEMBER,
      }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'memberId', code: 'not_found' })],
    });
    expect(clients.added).toEqual([]);
  });

  it('lets a platform key link any member', async () => {
    const { clients, createClient } = setUp();
    const client = await createClient.execute(PLATFORM, ORGANISATION, {
      firstName: 'Alex',
      lastName: 'Chen',
      memberId: OTHER_ORGANISATIONS_MEMBER,
    });
    expect(clients.added).toEqual([client]);
  });

  it('refuses an organisation that does not exist', async () => {
    const { clients, createClient } = setUp();
    await expect(
      createClient.execute(PLATFORM, 'org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { firstName: 'Alex', lastName: 'Chen' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(clients.added).toEqual([]);
  });
});
