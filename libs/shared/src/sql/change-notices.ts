import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DirectDatabaseUrl } from './direct-database-url.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** A cache kept right by the notices of one channel. */
export interface NoticeSubscriber {
  /** A change named by `payload` was committed. */
  forget(payload: string): void;
  /** Notices are heard from now on; any sent before may have been missed. */
  startTrusting(): void;
  /** Notices can no longer be heard. */
  stopTrusting(): void;
}

/**
 * The bookkeeping of a cache kept right by notices: it is trusted only while notices are heard, and
 * every notice starts a new generation, so that an answer looked up while a change was announced
 * (possibly read before that change committed) is not kept.
 */
export abstract class NoticeKeptCache implements NoticeSubscriber {
  private generation = 0;
  private listening = false;

  /** Taken before a lookup and handed back to `mayKeep`. */
  get version(): number {
    return this.generation;
  }

  protected get trusted(): boolean {
    return this.listening;
  }

  /** Whether an answer looked up since `version` may be kept. */
  protected mayKeep(version: number): boolean {
    return this.listening && version === this.generation;
  }

  forget(payload: string): void {
    this.generation += 1;
    this.drop(payload);
  }

  startTrusting(): void {
    this.clear();
    this.listening = true;
  }

  stopTrusting(): void {
    this.listening = false;
    this.clear();
  }

  private clear(): void {
    this.generation += 1;
    this.dropAll();
  }

  /** Forgets what is cached under `payload`. */
  protected abstract drop(payload: string): void;
  /** Forgets everything cached. */
  protected abstract dropAll(): void;
}

/**
 * Hears committed changes (`LISTEN`) that in-memory caches must forget, on one connection of its
 * own outside the pool (a pooled connection would be taken for ever, and a pool may hand it back
 * mid-listen). The changing statement sends `pg_notify(channel, payload)`, so a notice leaves on
 * commit, and never for a change that rolled back. When the connection fails it reconnects with
 * backoff; meanwhile every subscriber is told to stop trusting its cache, and on every (re)connect
 * to start again, since notices may have been missed.
 */
@Injectable()
export class ChangeNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeNotices');
  private readonly subscribers = new Map<string, NoticeSubscriber>();
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private failures = 0;
  private started = false;
  private stopped = false;

  constructor(private readonly database: DirectDatabaseUrl) {}

  /** From `onModuleInit` at the latest: the channels are listened to from application bootstrap on. */
  subscribe(channel: string, subscriber: NoticeSubscriber): void {
    if (this.started) throw new Error(`Subscribed to ${channel} after change notices started`);
    if (this.subscribers.has(channel)) throw new Error(`Channel ${channel} already has a subscriber`);
    this.subscribers.set(channel, subscriber);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.subscribers.size === 0) return;
    // Past PgBouncer (`DATABASE_DIRECT_URL`): in transaction mode it would give a listening session away.
    // Named after the process, so an operator (or a test) can tell one instance's listener in pg_stat_activity.
    const client = new pg.Client({
      connectionString: this.database.url,
      application_name: `change-notices:${process.pid}`,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      for (const subscriber of this.subscribers.values()) subscriber.stopTrusting();
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
      this.failures += 1;
      this.logger.warn(
        `Not hearing changes (${error instanceof Error ? error.message : 'connection ended'}); caches of ${[...this.subscribers.keys()].join(', ')} are bypassed until it reconnects, in ${delay} ms`,
      );
      this.retry = setTimeout(() => void this.connect(), delay);
      this.retry.unref();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', ({ channel, payload }) => {
      if (payload) this.subscribers.get(channel)?.forget(payload);
    });
    try {
      await client.connect();
      await client.query([...this.subscribers.keys()].map((channel) => `listen ${channel};`).join(' '));
    } catch (error) {
      lose(error);
      return;
    }
    if (lost) return;
    this.client = client;
    if (this.failures > 0) this.logger.log('Hearing changes again');
    this.failures = 0;
    for (const subscriber of this.subscribers.values()) subscriber.startTrusting();
  }
}
