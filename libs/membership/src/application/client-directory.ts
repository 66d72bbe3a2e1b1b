import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/shared/domain';
import { Client, type NewClient } from '../domain/client.js';

/** What a patient who books online tells about themselves. */
export type PatientDetails = Pick<NewClient, 'firstName' | 'lastName' | 'mobileNumber' | 'dateOfBirth'> & { email: string };

/** The little of a client another context needs to act on it (book it, add a card). */
export interface ActiveClient {
  id: string;
  firstName: string;
  lastName: string;
}

/** What other contexts may ask of clients before they write something that names one. */
@Injectable()
export class ClientDirectory {
  constructor(private readonly em: EntityManager) {}

  /** The client when it belongs to the organisation and is not deleted; otherwise `null`. */
  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    if (!isUuid(clientId)) return null;
    const client = await this.em.findOne(Client, { id: clientId, organisationId, deleted: false });
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }

  /**
   * The organisation's oldest live client with this email (ignoring case), or a new client made from
   * the details. Called inside a caller's transaction, the new client is written in it.
   */
  async findOrAddByEmail(organisationId: string, details: PatientDetails, now: Date): Promise<ActiveClient> {
    const [found] = await this.em.execute<ActiveClient[]>(
      'select id, first_name as "firstName", last_name as "lastName" from clients where organisation_id = ? and lower(email) = lower(?) and not deleted order by created_at, id limit 1',
      [organisationId, details.email],
    );
    if (found) return found;
    const client = Client.create(organisationId, details, now);
    await this.em.persist(client).flush();
    return { id: client.id, firstName: client.firstName, lastName: client.lastName };
  }
}
