import { type ActiveClient, ClientQueries } from '../client.queries.js';

/** A live client as these specs know it: its email, when given, is what `oldestLiveByEmail` matches. */
export type KnownClient = ActiveClient & { email?: string };

const unread = (): never => {
  throw new Error('Not read by the specs that use this fake');
};

/**
 * Client reads over fixed live clients, each organisation's listed oldest first (the real queries
 * read the database), for the checks other contexts' use cases make before they write.
 */
export class KnownClients extends ClientQueries {
  constructor(private readonly clientsOf: Record<string, KnownClient[]>) {
    super();
  }

  get(): never {
    return unread();
  }

  findByIds(): never {
    return unread();
  }

  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.id === clientId);
    return client ? activeOf(client) : null;
  }

  async oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null> {
    const client = this.clientsOf[organisationId]?.find((known) => known.email?.toLowerCase() === email.toLowerCase());
    return client ? activeOf(client) : null;
  }
}

const activeOf = ({ id, firstName, lastName }: KnownClient): ActiveClient => ({ id, firstName, lastName });
