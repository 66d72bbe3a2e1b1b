import { describe, expect, it } from '@jest/globals';
import type { OrganisationDirectory } from '@app/organisations';
import { Clock, notFound } from '@app/shared/domain';
import type { Client } from '../domain/client.js';
import { ClientRepository } from '../domain/client.repository.js';
import { MemberRepository } from '../domain/member.repository.js';
import { CreateClient } from './create-client.use-case.js';

const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const MEMBER = 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

class FixedClock extends Clock {
  now(): Date {
    return new Date('2026-11-22T05:28:59.000Z');
  }
}

class InMemoryClients extends ClientRepository {
  readonly added: Client[] = [];

  async add(client: Client): Promise<void> {
    this.added.push(client);
  }
}

class KnownMembers extends MemberRepository {
  async add(): Promise<void> {
    throw new Error('not used');
  }

  async exists(memberId: string): Promise<boolean> {
    return memberId === MEMBER;
  }
}

const organisations = {
  async assertExists(id: string) {
    if (id !== ORGANISATION) throw notFound('Organisation', id);
  },
} as OrganisationDirectory;

function setUp() {
  const clients = new InMemoryClients();
  return { clients, createClient: new CreateClient(clients, new KnownMembers(), organisations, new FixedClock()) };
}

describe('CreateClient', () => {
  it('stores a client of the organisation, linked to an existing member', async () => {
    const { clients, createClient } = setUp();
    const client = await createClient.execute(ORGANISATION, { firstName: 'Alex', lastName: 'Chen', memberId: MEMBER });
    expect(clients.added).toEqual([client]);
    expect(client).toMatchObject({ organisationId: ORGANISATION, memberId: MEMBER, deleted: false });
  });

  it('refuses a member id that names no member, naming the field', async () => {
    const { clients, createClient } = setUp();
    const unknown = 'memb_3qWlVr4Ly0nHeC2bXgF8iUaSd1M';
    await expect(createClient.execute(ORGANISATION, { firstName: 'Alex', lastName: 'Chen', memberId: unknown })).rejects.toMatchObject({
      kind: 'not_found',
      errors: [expect.objectContaining({ field: 'memberId', code: 'not_found' })],
    });
    expect(clients.added).toEqual([]);
  });

  it('refuses an organisation that does not exist', async () => {
    const { clients, createClient } = setUp();
    await expect(createClient.execute('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { firstName: 'Alex', lastName: 'Chen' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(clients.added).toEqual([]);
  });
});
