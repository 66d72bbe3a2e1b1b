import { Injectable, Logger } from '@nestjs/common';
import { ApiKeyRepository } from '../keys/domain/api-key.repository.js';

const MINUTE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Keeps `lastUsedAt` to the minute without slowing requests: at most one write per key per
 * minute from this instance, sent without waiting for it (a failure is logged, the request goes
 * on), and the statement itself skips the row when another instance wrote it within the minute.
 */
@Injectable()
export class ApiKeyUsage {
  private readonly logger = new Logger('ApiKeyUsage');
  private readonly lastWritten = new Map<string, number>();

  constructor(private readonly apiKeys: ApiKeyRepository) {}

  record(keyId: string, now: Date): void {
    if ((this.lastWritten.get(keyId) ?? -Infinity) > now.getTime() - MINUTE_MS) return;
    if (this.lastWritten.size >= MAX_ENTRIES) this.lastWritten.clear();
    this.lastWritten.set(keyId, now.getTime());
    this.apiKeys.recordUse(keyId, now).catch((error: unknown) => {
      this.lastWritten.delete(keyId);
      this.logger.warn(
        `lastUsedAt of ${keyId} not recorded: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
}
