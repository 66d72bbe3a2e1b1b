import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { ApiKey } from '../../keys/domain/api-key.js';
import { ApiKeyRepository } from '../../keys/domain/api-key.repository.js';

/** Makes sure the configured bootstrap secret works as a platform key. */
@Injectable()
export class EnsureBootstrapKey {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  execute(secret: string): Promise<void> {
    return this.apiKeys.addIfAbsent(ApiKey.withSecret('Bootstrap platform key', null, secret, this.clock.now()));
  }
}
