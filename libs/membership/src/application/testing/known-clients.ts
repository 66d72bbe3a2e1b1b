import { type ActiveClient, ClientDirectory } from '../client-directory.js';

/**
 * The client directory over fixed active clients (the real one reads the database). Other
 * contexts' specs use it: the directory is a concrete class, not a port.
 */
export class KnownClients extends ClientDirectory {
  constructor(private readonly clientsOf: Record<string, ActiveClient[]>) {
    super(undefined as never);
  }

  override async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    return this.clientsOf[organisationId]?.find((client) => client.id === clientId) ?? null;
  }
}
