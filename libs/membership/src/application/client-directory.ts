import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/shared/domain';
import { Client } from '../domain/client.js';

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
}
