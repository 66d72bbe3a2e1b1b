import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Client } from '../domain/client.js';
import { clientNotFound } from '../domain/membership.errors.js';

export const CLIENTS = ReadModel.of(Client, 'c');

/** A client as the API shows it (the spec's Client), for this context's answers and other contexts' expansions. */
export interface ClientView {
  id: string;
  deleted: boolean;
  createdAt: string;
  memberId: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  mobileNumber: string | null;
  email: string | null;
  pmsPatientId: string | null;
  pmsCreatedAt: string | null;
  profileImageUrl: string | null;
}

export function clientView(client: Client): ClientView {
  return {
    id: client.id,
    deleted: client.deleted,
    createdAt: client.createdAt.toISOString(),
    memberId: client.memberId,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth,
    mobileNumber: client.mobileNumber,
    email: client.email,
    pmsPatientId: client.pmsPatientId,
    pmsCreatedAt: client.pmsCreatedAt?.toISOString() ?? null,
    profileImageUrl: client.profileImageUrl,
  };
}

/** The little of a client another context needs to act on it (book it, add a card). */
export interface ActiveClient {
  id: string;
  firstName: string;
  lastName: string;
}

/** Reads of an organisation's clients: as the API shows them (deleted ones included, marked `deleted`), and for other contexts' writes. */
export abstract class ClientQueries {
  abstract get(organisationId: string, clientId: string): Promise<ClientView>;
  /** The organisation's clients with these ids; ids of other organisations are left out. */
  abstract findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>>;
  /** The client when it belongs to the organisation and is not deleted; otherwise `null`. */
  abstract findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null>;
  /** The organisation's oldest live client with this email, ignoring case; `null` when there is none. */
  abstract oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null>;
}

/** `ClientQueries` on PostgreSQL: each read one statement. */
@Injectable()
export class SqlClientQueries extends ClientQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  async get(organisationId: string, clientId: string): Promise<ClientView> {
    const client = isUuid(clientId) ? await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2', [clientId, organisationId]) : null;
    if (!client) throw clientNotFound(clientId);
    return clientView(client);
  }

  async findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>> {
    const wellFormed = [...new Set(ids.filter(isUuid))];
    if (wellFormed.length === 0) return new Map();
    const clients = await this.sql.select(CLIENTS, 'where c.organisation_id = $1 and c.id = any($2)', [organisationId, wellFormed]);
    return new Map(clients.map((client) => [client.id, clientView(client)]));
  }

  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    if (!isUuid(clientId)) return null;
    const client = await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2 and not c.deleted', [clientId, organisationId]);
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }

  async oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null> {
    const client = await this.sql.first(
      CLIENTS,
      'where c.organisation_id = $1 and lower(c.email) = lower($2) and not c.deleted order by c.created_at, c.id limit 1',
      [organisationId, email],
    );
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }
}
