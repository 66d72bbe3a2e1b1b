import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DirectDatabaseUrl } from '@app/shared';
import { API_KEY_CHANGES_CHANNEL } from '../api-keys/infrastructure/api-key-changes.js';
import { ApiKeyCache } from './api-key-cache.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * Hears every committed change to API keys (`LISTEN`) on a connection of its own, outside the
 * pool (a pooled connection would be taken for ever, and a pool may hand it back mid-listen) and
 * past PgBouncer (`DirectDatabaseUrl`: in transaction mode it would give the session away), and
 * makes `ApiKeyCache` forget the secret it names. When the connection fails it reconnects with
 * backoff; until then the cache is bypassed, and on every (re)connect it is emptied, since
 * notices may have been missed.
 */
@Injectable()
export class ApiKeyChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeyChanges');
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly database: DirectDatabaseUrl,
    private readonly cache: ApiKeyCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // Named after the process, so an operator (or a test) can tell one instance's listener in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.database.url, application_name: `api-key-changes:${process.pid}` });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      this.cache.stopTrusting();
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
      this.failures += 1;
      this.logger.warn(
        `Not hearing API key changes (${error instanceof Error ? error.message : 'connection ended'}); API keys are looked up on every request until it reconnects, in ${delay} ms`,
      );
      this.retry = setTimeout(() => void this.connect(), delay);
      this.retry.unref();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', ({ channel, payload }) => {
      if (channel === API_KEY_CHANGES_CHANNEL && payload) this.cache.forget(payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${API_KEY_CHANGES_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (lost) return;
    this.client = client;
    if (this.failures > 0) this.logger.log('Hearing API key changes again');
    this.failures = 0;
    this.cache.startTrusting();
  }
}
