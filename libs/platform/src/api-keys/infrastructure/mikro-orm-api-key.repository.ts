import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ApiKey } from '../domain/api-key.js';
import { ApiKeyRepository } from '../domain/api-key.repository.js';

@Injectable()
export class MikroOrmApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    return this.em.findOne(ApiKey, { secretHash });
  }

  async add(apiKey: ApiKey): Promise<void> {
    await this.em.persist(apiKey).flush();
  }

  async addIfAbsent(apiKey: ApiKey): Promise<void> {
    await this.em.execute(
      'insert into api_keys (id, name, organisation_id, secret_hash, created_at) values (?, ?, ?, ?, ?) on conflict (secret_hash) do nothing',
      [apiKey.id, apiKey.name, apiKey.organisationId, apiKey.secretHash, apiKey.createdAt],
    );
  }
}
