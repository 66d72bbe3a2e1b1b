import { type ActiveClient, ClientQueries } from '../client.queries.js';

/** A live client as these specs know it: its email, when given, is what `oldestLiveByEmail` matches. */
export type KnownClient = ActiveClient & { email?: string };

/**
 * Client reads over fixed live clients, each organisation's listed oldest first (the real queries
 * read the database). Other contexts' specs use it: the queries are a concrete class, not a port.
 */
export class KnownClients extends ClientQueries {
  constructor(private readonly clientsOf: Record<string, KnownClient[]>) {
    super(undefined as never);
  }

  override async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.id === clientId);
    return client ? activeOf(client) : null;
  }

  override async oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.email?.toLowerCase() === email.toLowerCase());
    return client ? activeOf(client) : null;
  }
}

const activeOf = ({ id, firstName, lastName }: KnownClient): ActiveClient => ({ id, firstName, lastName });
