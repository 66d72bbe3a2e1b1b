import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { notFound, type Page, type PageRequest } from '@app/shared/domain';
import type { ApiKey } from '../../keys/domain/api-key.js';
import { ApiKeyRepository } from '../../keys/domain/api-key.repository.js';

/** An organisation key sees its organisation's keys only; any other key is as if it did not exist. */
@Injectable()
export class ApiKeyQueries {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  list(caller: Caller, page: PageRequest): Promise<Page<ApiKey>> {
    return this.apiKeys.list(caller.organisationId ?? undefined, page);
  }

  async get(caller: Caller, keyId: string): Promise<ApiKey> {
    const apiKey = await this.apiKeys.findById(keyId);
    if (!apiKey?.isVisibleTo(caller.organisationId)) throw notFound('API key', keyId);
    return apiKey;
  }
}
