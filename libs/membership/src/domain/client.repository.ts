import type { Client } from './client.js';

export abstract class ClientRepository {
  abstract add(client: Client): Promise<void>;
  /**
   * The organisation's client, locked until the running transaction ends so that concurrent changes
   * to it queue; `null` when the organisation has no client with that id.
   */
  abstract findForChange(organisationId: string, clientId: string): Promise<Client | null>;
  abstract save(client: Client): Promise<void>;
}
