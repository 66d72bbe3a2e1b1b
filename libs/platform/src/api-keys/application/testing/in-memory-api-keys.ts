import type { ApiKey } from '../../domain/api-key.js';
import { ApiKeyRepository } from '../../domain/api-key.repository.js';

export class InMemoryApiKeys extends ApiKeyRepository {
  readonly keys: ApiKey[] = [];

  async findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    return this.keys.find((key) => key.secretHash === secretHash) ?? null;
  }

  async add(apiKey: ApiKey): Promise<void> {
    this.keys.push(apiKey);
  }

  async addIfAbsent(apiKey: ApiKey): Promise<void> {
    if (!(await this.findBySecretHash(apiKey.secretHash))) this.keys.push(apiKey);
  }
}
