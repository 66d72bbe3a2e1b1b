import type { Client } from './client.js';

export abstract class ClientRepository {
  abstract add(client: Client): Promise<void>;
}
