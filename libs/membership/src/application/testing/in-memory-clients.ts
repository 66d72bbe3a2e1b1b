import type { Client } from '../../domain/client.js';
import { ClientRepository } from '../../domain/client.repository.js';

export class InMemoryClients extends ClientRepository {
  readonly added: Client[] = [];
  readonly saved: Client[] = [];

  async add(client: Client): Promise<void> {
    this.added.push(client);
  }

  async findForChange(organisationId: string, clientId: string): Promise<Client | null> {
    return this.added.find((client) => client.id === clientId && client.organisationId === organisationId) ?? null;
  }

  async save(client: Client): Promise<void> {
    this.saved.push(client);
  }
}
