import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { MikroORM, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Counter } from 'prom-client';
import { AppConfig } from '../config/app-config.js';
import { MetricsRegistry } from '../metrics/metrics-registry.js';
import { ReplicatedPostgreSqlDriver } from './replicated-driver.js';

/** How often, at most, the primary's WAL position and each replica's replay position are read. */
const CHECK_EVERY_MS = 250;
/** A replica that failed is left alone this long before it is checked again. */
const RETRY_FAILED_AFTER_MS = 2_000;
/**
 * How long a position statement may take (pg's own `query_timeout`, which its types leave out): a
 * server that accepts connections but does not answer must not hold up the checks or readiness.
 */
const POSITION_TIMEOUT_MS = 1_000;
const PRIMARY_POSITION = { text: 'select pg_current_wal_lsn()::text as position', query_timeout: POSITION_TIMEOUT_MS };
const REPLAY_POSITION = {
  text: 'select pg_last_wal_replay_lsn()::text as replayed',
  query_timeout: POSITION_TIMEOUT_MS,
};
/** Above any real WAL position: "on the primary until the lag window has passed". */
const UNKNOWN_POSITION = 1n << 64n;

interface Replica {
  name: string;
  connection: PostgreSqlConnection;
  pool?: Promise<Pool>;
  /** Its `pg_last_wal_replay_lsn()` at its last check; `undefined`: down, not checked yet, or not a standby. */
  replayed?: bigint;
  failedAt?: number;
  /** It answered, but it is not replaying a primary's WAL (promoted, or not a replica at all). */
  notStandby?: boolean;
}

/** The primary's WAL position, read at `at` (a commit that finished before `at` is at or below it). */
interface Sample {
  position: bigint;
  at: number;
}

/** One API key's writes: reads of that key stay on the primary while one runs, and until a replica has replayed `position`. */
interface KeyWrites {
  inFlight: number;
  position: bigint;
  finishedAt: number;
}

export type ReplicaState = 'current' | 'lagging' | 'down' | 'not a standby' | 'unknown';

/**
 * Sends the list and get reads of API keys to read replicas (`DATABASE_READ_URLS`), with
 * read-your-writes, and to the primary whenever no replica is current enough.
 *
 * A read goes to a replica only inside `forKey` (a safe request of an API key, see the platform's
 * read routing interceptor); everything else (authentication, reads inside or before a write,
 * jobs, public routes) reads the primary. A replica is used when its replay position is
 * - at or past the primary's WAL position sampled at most `DATABASE_READ_MAX_LAG_SECONDS` ago, so
 *   no read is staler than that, and a replica that stops replaying or streaming drops out;
 * - and at or past the primary's WAL position read just after this key's last write committed
 *   (`writeStarted`), so a key reads back what it wrote. While the key's write is running, and
 *   when that position could not be read, the key reads the primary for the lag window.
 * Positions are read at most every `CHECK_EVERY_MS`, in the background: a read never waits for
 * them, and one that runs on an older check only reads the primary more often. A replica whose
 * statement fails for a reason the primary would not share (connection, shutdown, conflict with
 * recovery) is marked down, and the read runs again on the primary.
 *
 * The key's last write is remembered by this instance only: see docs/operations.md ("Read replicas") for
 * several instances.
 */
@Injectable()
export class ReadReplicas {
  private readonly replicas: Replica[];
  private readonly maxLagMs: number;
  private readonly keyOfReads = new AsyncLocalStorage<string>();
  private readonly writes = new Map<string, KeyWrites>();
  private samples: Sample[] = [];
  private checkedAt = -Infinity;
  private checking?: Promise<void>;
  private next = 0;
  private primaryPool?: Promise<Pool>;
  private readonly served: Record<'primary' | 'replica', { inc(): void }>;

  constructor(
    private readonly orm: MikroORM,
    config: AppConfig,
    metrics: MetricsRegistry,
  ) {
    const driver = orm.driver;
    const connections = driver instanceof ReplicatedPostgreSqlDriver ? driver.readConnections() : [];
    this.replicas = connections.map((connection, index) => ({ name: `replica-${index + 1}`, connection }));
    this.maxLagMs = config.databaseReadMaxLagSeconds * 1000;
    const reads: Counter<'served_by'> = metrics.counter({
      name: 'db_reads_total',
      help: 'Statements of the read side outside a transaction, by the server that answered',
      labelNames: ['served_by'] as const,
    });
    this.served = { primary: reads.labels({ served_by: 'primary' }), replica: reads.labels({ served_by: 'replica' }) };
  }

  get configured(): boolean {
    return this.replicas.length > 0;
  }

  /** Runs `work` with its reads allowed on a replica, on behalf of `keyId`. */
  forKey<T>(keyId: string, work: () => T): T {
    return this.keyOfReads.run(keyId, work);
  }

  /** Call when a request of `keyId` that may write starts; call what it returns once it has finished (committed or not). */
  writeStarted(keyId: string): () => Promise<void> {
    const writes = this.writes.get(keyId) ?? { inFlight: 0, position: 0n, finishedAt: -Infinity };
    this.writes.set(keyId, writes);
    writes.inFlight += 1;
    return async () => {
      const position = await this.primaryPosition().catch(() => UNKNOWN_POSITION);
      writes.position = position > writes.position ? position : writes.position;
      writes.finishedAt = performance.now();
      writes.inFlight -= 1;
    };
  }

  /** `run` on a replica when this context's key may read one that is current enough, otherwise (or when it fails there) on the primary. */
  async read<T>(run: (pool: Pool) => Promise<T>): Promise<T> {
    const keyId = this.keyOfReads.getStore();
    const replica = keyId === undefined ? undefined : this.replicaFor(keyId);
    if (replica) {
      try {
        const result = await run(await this.poolOf(replica));
        this.served.replica.inc();
        return result;
      } catch (error) {
        const trouble = troubleOf(error);
        if (!trouble) throw error;
        if (trouble === 'down') this.markFailed(replica);
      }
    }
    const result = await run(await this.primary());
    this.served.primary.inc();
    return result;
  }

  /** Each replica's state after a fresh check (for the readiness report). */
  async states(): Promise<{ name: string; state: ReplicaState }[]> {
    this.checkSoon();
    await this.checking;
    const floor = this.floor(performance.now());
    return this.replicas.map(({ name, replayed, failedAt, notStandby }) => {
      if (failedAt !== undefined) return { name, state: 'down' };
      if (notStandby) return { name, state: 'not a standby' };
      if (replayed === undefined || floor === undefined) return { name, state: 'unknown' };
      return { name, state: replayed >= floor ? 'current' : 'lagging' };
    });
  }

  private replicaFor(keyId: string): Replica | undefined {
    this.checkSoon();
    const now = performance.now();
    let needed = this.floor(now);
    if (needed === undefined) return undefined;
    const writes = this.writes.get(keyId);
    if (writes?.inFlight) return undefined;
    if (writes && writes.finishedAt > now - this.maxLagMs && writes.position > needed) needed = writes.position;
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[(this.next + tried) % this.replicas.length];
      if (replica.replayed !== undefined && replica.replayed >= needed) {
        this.next = (this.next + tried + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * The oldest primary position sampled within the lag window: a replica that has replayed it
   * has every commit older than the window. `undefined` before the first sample.
   */
  private floor(now: number): bigint | undefined {
    return this.samples.find((sample) => sample.at >= now - this.maxLagMs)?.position;
  }

  private checkSoon(): void {
    const now = performance.now();
    if (this.checking || now - this.checkedAt < CHECK_EVERY_MS) return;
    this.checkedAt = now;
    this.checking = this.check(now).finally(() => (this.checking = undefined));
  }

  private async check(now: number): Promise<void> {
    for (const [keyId, writes] of this.writes)
      if (!writes.inFlight && writes.finishedAt < now - this.maxLagMs) this.writes.delete(keyId);
    // Without the primary's position there is no new sample: replicas are read until the window's samples age out.
    if ((await this.primaryPosition().catch(() => undefined)) === undefined) return;
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica, now)));
  }

  private async checkReplica(replica: Replica, now: number): Promise<void> {
    if (replica.failedAt !== undefined && now - replica.failedAt < RETRY_FAILED_AFTER_MS) return;
    try {
      const pool = await this.poolOf(replica);
      const { rows } = await pool.query<{ replayed: string | null }>(REPLAY_POSITION);
      const { replayed } = rows[0];
      replica.replayed = replayed === null ? undefined : positionOf(replayed);
      replica.notStandby = replayed === null;
      replica.failedAt = undefined;
    } catch {
      this.markFailed(replica);
    }
  }

  private markFailed(replica: Replica): void {
    replica.replayed = undefined;
    replica.failedAt = performance.now();
  }

  /** The primary's WAL position now, kept as a sample of the lag window. */
  private async primaryPosition(): Promise<bigint> {
    const at = performance.now();
    const { rows } = await (await this.primary()).query<{ position: string }>(PRIMARY_POSITION);
    const position = positionOf(rows[0].position);
    this.samples = this.samples.filter((sample) => sample.at >= at - this.maxLagMs);
    this.samples.push({ position, at });
    return position;
  }

  private poolOf(replica: Replica): Promise<Pool> {
    return (replica.pool ??= replica.connection.getNativeClient());
  }

  private primary(): Promise<Pool> {
    return (this.primaryPool ??= this.orm.em.getConnection().getNativeClient());
  }
}

/** `16/B374D848` as one number, comparable across the same timeline. */
export function positionOf(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * Why a statement failed on a replica when the primary would most likely answer it: `down` (no
 * connection, shut down, out of connections: a SQLSTATE of class 08, 53, 57 or 58, or no SQLSTATE
 * at all), `conflict` (cancelled by a conflict with recovery, 40001); `undefined`: the statement's own
 * fault, which the primary would repeat.
 */
function troubleOf(error: unknown): 'down' | 'conflict' | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'down';
  if (code === '40001') return 'conflict';
  return /^(08|53|57|58)/.test(code) ? 'down' : undefined;
}
