import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { ApiKeyCache } from '../../access/api-key-cache.js';
import type { ApiKey } from '../../keys/domain/api-key.js';
import { ApiKeyRepository } from '../../keys/domain/api-key.repository.js';
import { ApiKeyQueries } from './api-key.queries.js';

/**
 * Revokes a key the caller can see (its own included). Revoking again changes nothing: the first
 * `revokedAt` stands.
 */
@Injectable()
export class RevokeApiKey {
  constructor(
    private readonly queries: ApiKeyQueries,
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly cache: ApiKeyCache,
  ) {}

  async execute(caller: Caller, keyId: string): Promise<ApiKey> {
    const apiKey = await this.queries.get(caller, keyId);
    await this.apiKeys.revoke(apiKey, this.clock.now());
    // Other instances forget it when the notice arrives; this one at once, before it answers.
    this.cache.forget(apiKey.secretHash);
    return apiKey;
  }
}
