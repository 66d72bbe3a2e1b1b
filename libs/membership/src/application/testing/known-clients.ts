import { type ActiveClient, ClientQueries, type ClientSummary, type ClientView } from '../client.queries.js';

/** A client as these specs know it: its email, when given, is what `oldestLiveByEmail` matches; live unless `deleted`. */
export type KnownClient = ActiveClient & { email?: string; deleted?: boolean };

const unread = (): never => {
  throw new Error('Not read by the specs that use this fake');
};

/**
 * Client reads over fixed clients, each organisation's listed oldest first (the real queries
 * read the database), for the checks other contexts' use cases make before they write.
 */
export class KnownClients extends ClientQueries {
  constructor(private readonly clientsOf: Record<string, KnownClient[]>) {
    super();
  }

  list(): never {
    return unread();
  }

  get(): never {
    return unread();
  }

  /** Each known client as the API shows it: the known name, email and archiving, nothing else set. */
  async findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>> {
    const known = (this.clientsOf[organisationId] ?? []).filter((client) => ids.includes(client.id));
    return new Map(known.map((client) => [client.id, viewOf(client)]));
  }

  async findClient(organisationId: string, clientId: string): Promise<ClientSummary | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.id === clientId);
    return client ? { ...activeOf(client), deleted: client.deleted ?? false } : null;
  }

  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.id === clientId && !known.deleted);
    return client ? activeOf(client) : null;
  }

  async oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find(
      (known) => !known.deleted && known.email?.toLowerCase() === email.toLowerCase(),
    );
    return client ? activeOf(client) : null;
  }
}

const activeOf = ({ id, firstName, lastName }: KnownClient): ActiveClient => ({ id, firstName, lastName });

const viewOf = (client: KnownClient): ClientView => ({
  id: client.id,
  deleted: client.deleted ?? false,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  memberId: null,
  firstName: client.firstName,
  lastName: client.lastName,
  dateOfBirth: null,
  mobileNumber: null,
  email: client.email ?? null,
  pmsPatientId: null,
  pmsCreatedAt: null,
  profileImageUrl: null,
});
