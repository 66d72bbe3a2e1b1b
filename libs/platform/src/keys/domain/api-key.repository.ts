import type { Page, PageRequest } from '@app/shared/domain';
import type { ApiKey } from './api-key.js';

/**
 * Every change that can make a cached authentication wrong (a key issued for a secret remembered
 * unknown, a key revoked) tells every instance, in the transaction that makes it: see
 * `ApiKeyCache`.
 */
export abstract class ApiKeyRepository {
  abstract findBySecretHash(secretHash: string): Promise<ApiKey | null>;
  abstract findById(id: string): Promise<ApiKey | null>;
  /**
   * Newest first (`createdAt desc, id desc`); `organisationId` `undefined`: every key. In sync mode
   * (`updatedSince`) those changed since, `updatedAt, id` ascending.
   */
  abstract list(organisationId: string | undefined, page: PageRequest): Promise<Page<ApiKey>>;
  abstract add(apiKey: ApiKey): Promise<void>;
  /** Stores the key unless one with the same secret exists, in one statement that is safe to race. */
  abstract addIfAbsent(apiKey: ApiKey): Promise<void>;
  /**
   * Sets `revokedAt` unless already set (the first revocation stands; only it moves `updatedAt` on)
   * and updates `apiKey` with both.
   */
  abstract revoke(apiKey: ApiKey, now: Date): Promise<void>;
  /** Records a use at `now` (`lastUsedAt`, which moves `updatedAt` on) unless one was recorded less than a minute before. */
  abstract recordUse(id: string, now: Date): Promise<void>;
}
