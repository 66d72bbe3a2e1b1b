import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Client } from '../domain/client.js';
import { clientNotFound } from '../domain/membership.errors.js';
import { type ClientView, clientView } from './client-view.js';

export const CLIENTS = ReadModel.of(Client, 'c');

/** Reads of an organisation's clients as the API shows them; deleted clients included, marked `deleted`. */
@Injectable()
export class ClientReader {
  constructor(private readonly sql: SqlReader) {}

  async get(organisationId: string, clientId: string): Promise<ClientView> {
    const client = isUuid(clientId) ? await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2', [clientId, organisationId]) : null;
    if (!client) throw clientNotFound(clientId);
    return clientView(client);
  }

  /** The organisation's clients with these ids, in one statement; ids of other organisations are left out. */
  async findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>> {
    const wellFormed = [...new Set(ids.filter(isUuid))];
    if (wellFormed.length === 0) return new Map();
    const clients = await this.sql.select(CLIENTS, 'where c.organisation_id = $1 and c.id = any($2)', [organisationId, wellFormed]);
    return new Map(clients.map((client) => [client.id, clientView(client)]));
  }
}
