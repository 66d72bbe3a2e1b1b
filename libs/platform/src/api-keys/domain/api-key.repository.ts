import type { ApiKey } from './api-key.js';

export abstract class ApiKeyRepository {
  abstract findBySecretHash(secretHash: string): Promise<ApiKey | null>;
  abstract add(apiKey: ApiKey): Promise<void>;
  /** Stores the key unless one with the same secret exists, in one statement that is safe to race. */
  abstract addIfAbsent(apiKey: ApiKey): Promise<void>;
}
