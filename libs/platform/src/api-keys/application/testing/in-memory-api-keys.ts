import { nextUpdatedAt, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import type { ApiKey } from '../../../keys/domain/api-key.js';
import { ApiKeyRepository } from '../../../keys/domain/api-key.repository.js';

export class InMemoryApiKeys extends ApiKeyRepository {
  readonly keys: ApiKey[] = [];

  async findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    return this.keys.find((key) => key.secretHash === secretHash) ?? null;
  }

  async findById(id: string): Promise<ApiKey | null> {
    return this.keys.find((key) => key.id === id) ?? null;
  }

  async list(organisationId: string | undefined, page: PageRequest): Promise<Page<ApiKey>> {
    const matching = this.keys
      .filter((key) => organisationId === undefined || key.organisationId === organisationId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    return pageOf(matching.slice(offsetOf(page), offsetOf(page) + page.limit), matching.length, page);
  }

  async add(apiKey: ApiKey): Promise<void> {
    this.keys.push(apiKey);
  }

  async addIfAbsent(apiKey: ApiKey): Promise<void> {
    if (!(await this.findBySecretHash(apiKey.secretHash))) this.keys.push(apiKey);
  }

  async revoke(apiKey: ApiKey, now: Date): Promise<void> {
    if (apiKey.revokedAt !== null) return;
    apiKey.revokedAt = now;
    apiKey.updatedAt = nextUpdatedAt(apiKey.updatedAt, now);
  }

  async recordUse(id: string, now: Date): Promise<void> {
    const key = await this.findById(id);
    if (!key || (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < 60_000)) return;
    key.lastUsedAt = now;
    key.updatedAt = nextUpdatedAt(key.updatedAt, now);
  }
}
