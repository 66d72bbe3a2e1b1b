import type { Client } from '../../domain/client.js';
import { ClientRepository } from '../../domain/client.repository.js';

export class InMemoryClients extends ClientRepository {
  readonly added: Client[] = [];

  async add(client: Client): Promise<void> {
    this.added.push(client);
  }
}
