import { describe, expect, it } from '@jest/globals';
import { RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import type { Client } from '../domain/client.js';
import { FindOrAddClient, type PatientDetails } from './find-or-add-client.use-case.js';
import { InMemoryClients } from './testing/in-memory-clients.js';
import { KnownClients } from './testing/known-clients.js';
import { renderMembershipEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const ALEX = {
  id: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
  firstName: 'Alex',
  lastName: 'Chen',
  email: 'alex.chen@example.com',
};
const JO = {
  id: '0193a6f9-0000-7000-8000-000000000002',
  firstName: 'Jo',
  lastName: 'Park',
  email: 'jo.park@example.com',
};

/** The database goes away at the insert. */
class FailingClients extends InMemoryClients {
  override async add(): Promise<void> {
    throw new Error('connection lost');
  }
}

function setUp(clients = new InMemoryClients()) {
  const events = new RecordedEvents(renderMembershipEvents);
  const known = new KnownClients({ [ORGANISATION]: [ALEX], [OTHER_ORGANISATION]: [JO] });
  return { clients, events, findOrAddClient: new FindOrAddClient(clients, known, new FixedClock(NOW), events) };
}

const patient = (changes: Partial<PatientDetails> = {}): PatientDetails => ({
  firstName: ' Sam ',
  lastName: 'Lee',
  email: 'sam.lee@example.com',
  mobileNumber: '0412 345 678',
  dateOfBirth: '1988-04-12',
  ...changes,
});

describe('FindOrAddClient', () => {
  it('answers the live client with the email, whatever its case, adding and recording nothing', async () => {
    const { clients, events, findOrAddClient } = setUp();
    const found = await findOrAddClient.execute(ORGANISATION, patient({ email: 'Alex.Chen@Example.com' }), 'patient');
    expect(found).toEqual({ id: ALEX.id, firstName: 'Alex', lastName: 'Chen' });
    expect(clients.added).toEqual([]);
    expect(events.recorded).toEqual([]);
  });

  it('adds a client from the details when none has the email, and records client.created as GET renders it', async () => {
    const { clients, events, findOrAddClient } = setUp();
    const added = await findOrAddClient.execute(ORGANISATION, patient(), 'patient');
    expect(clients.added).toHaveLength(1);
    const [client] = clients.added as [Client];
    expect(added).toEqual({ id: client.id, firstName: 'Sam', lastName: 'Lee' });
    expect(client).toMatchObject({
      organisationId: ORGANISATION,
      memberId: null,
      email: 'sam.lee@example.com',
      mobileNumber: '+61412345678',
      dateOfBirth: '1988-04-12',
      deleted: false,
      createdAt: NOW,
    });
    expect(events.recorded).toEqual([
      {
        type: 'client.created',
        organisationId: ORGANISATION,
        data: {
          id: client.id,
          deleted: false,
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
          memberId: null,
          firstName: 'Sam',
          lastName: 'Lee',
          dateOfBirth: '1988-04-12',
          mobileNumber: '+61412345678',
          email: 'sam.lee@example.com',
          pmsPatientId: null,
          pmsCreatedAt: null,
          profileImageUrl: null,
        },
      },
    ]);
  });

  it("adds a client when only another organisation's client has the email", async () => {
    const { clients, findOrAddClient } = setUp();
    const added = await findOrAddClient.execute(ORGANISATION, patient({ email: JO.email }), 'patient');
    expect(added.id).not.toBe(JO.id);
    expect(clients.added).toEqual([
      expect.objectContaining({ id: added.id, organisationId: ORGANISATION, email: JO.email }),
    ]);
  });

  it.each([
    ['a known', ALEX.email],
    ['an unknown', 'sam.lee@example.com'],
  ])(
    'refuses bad details with %s email alike, naming the field under the path, adding and recording nothing',
    async (_case, email) => {
      const { clients, events, findOrAddClient } = setUp();
      await expect(
        findOrAddClient.execute(ORGANISATION, patient({ email, mobileNumber: '0400' }), 'patient'),
      ).rejects.toMatchObject({
        kind: 'validation',
        errors: [expect.objectContaining({ field: 'patient.mobileNumber', code: 'invalid_phone_number' })],
      });
      await expect(
        findOrAddClient.execute(ORGANISATION, patient({ email, lastName: '  ' }), 'patient'),
      ).rejects.toMatchObject({
        kind: 'validation',
        errors: [expect.objectContaining({ field: 'patient.lastName', code: 'required' })],
      });
      expect(clients.added).toEqual([]);
      expect(events.recorded).toEqual([]);
    },
  );

  it('records nothing when the insert fails', async () => {
    const { events, findOrAddClient } = setUp(new FailingClients());
    await expect(findOrAddClient.execute(ORGANISATION, patient(), 'patient')).rejects.toThrow('connection lost');
    expect(events.recorded).toEqual([]);
  });
});
