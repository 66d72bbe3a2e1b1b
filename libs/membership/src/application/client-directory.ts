import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Client } from '../domain/client.js';

const CLIENTS = ReadModel.of(Client, 'c');

/** The little of a client another context needs to act on it (book it, add a card). */
export interface ActiveClient {
  id: string;
  firstName: string;
  lastName: string;
}

/** What other contexts may ask of clients before they write something that names one. */
@Injectable()
export class ClientDirectory {
  constructor(private readonly sql: SqlReader) {}

  /** The client when it belongs to the organisation and is not deleted; otherwise `null`. */
  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    if (!isUuid(clientId)) return null;
    const client = await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2 and not c.deleted', [clientId, organisationId]);
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }
}
