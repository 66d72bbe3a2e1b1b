import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { Client, type NewClient } from '../domain/client.js';
import { ClientRepository } from '../domain/client.repository.js';
import { type ActiveClient, ClientQueries, clientView } from './client.queries.js';

/** What a patient who books online tells about themselves. */
export type PatientDetails = Pick<NewClient, 'firstName' | 'lastName' | 'mobileNumber' | 'dateOfBirth'> & {
  email: string;
};

/**
 * The organisation's oldest live client with the patient's email (ignoring case), or a new client
 * made from the details. Run inside the caller's transaction, the look-up and the new client are
 * part of it, so a refused booking leaves no client behind.
 */
@Injectable()
export class FindOrAddClient {
  constructor(
    private readonly clients: ClientRepository,
    private readonly queries: ClientQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** `path`: where the details sit in the request, which errors name (`patient.mobileNumber`). */
  async execute(organisationId: string, details: PatientDetails, path: string): Promise<ActiveClient> {
    // Checked before the look-up, known email or not: a different answer would tell who is a client.
    const client = Client.create(organisationId, details, this.clock.now(), path);
    const found = await this.queries.oldestLiveByEmail(organisationId, details.email);
    if (found) return found;
    await this.events.transaction(async () => {
      await this.clients.add(client);
      await this.events.record('client.created', organisationId, clientView(client));
    });
    return { id: client.id, firstName: client.firstName, lastName: client.lastName };
  }
}
