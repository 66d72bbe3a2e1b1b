import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig, DomainError, type ErrorKind } from '@app/shared';
import { AnswerSealer } from './answer-sealer.js';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a replay answers instead of a first answer that held a secret (see `AnswerShownOnce`). */
interface StoredError {
  kind: ErrorKind;
  code: string;
  message: string;
  extensions?: Record<string, unknown>;
}

/** A key this request took: `claimId` tells its marker from one a later request put there after it expired. */
export interface HeldKey {
  apiKeyHash: string;
  key: string;
  claimId: string;
}

export type Claim =
  | { kind: 'claimed'; held: HeldKey }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  | { kind: 'reused_with_other_request' }
  | { kind: 'completed'; response: StoredResponse }
  | { kind: 'withheld'; error: DomainError };

const PURGE_EVERY_MS = 60_000;
/** Long enough for a connection the database ended to close and leave the pool. */
const RELEASE_RETRY_PAUSE_MS = 100;

/**
 * Idempotency keys in PostgreSQL, kept 24 hours per API key. A key whose request is still running
 * holds a marker until `in_progress_until`, which the request renews while it runs (see `renew`):
 * a marker nobody renews (its instance died, or lost the database before it could free the key)
 * expires, and the key can be taken again.
 */
@Injectable()
export class IdempotencyStore {
  private nextPurgeAt = 0;
  private readonly sealer: AnswerSealer;
  private readonly inProgressSeconds: number;

  constructor(
    private readonly em: EntityManager,
    config: AppConfig,
  ) {
    this.sealer = AnswerSealer.fromConfig(config);
    this.inProgressSeconds = config.idempotencyInProgressSeconds;
  }

  /**
   * Takes the key for this request in one statement (the primary key settles a race), or tells
   * what an earlier request with the same key left. A key older than 24 hours, or whose request's
   * marker expired without an answer, is taken afresh.
   */
  async claim(apiKeyHash: string, key: string, requestHash: string): Promise<Claim> {
    await this.purgeExpiredWhenDue();
    const connection = this.em.getConnection();
    const claimId = randomUUID();
    const claimed = await connection.execute(
      `insert into idempotency_keys (api_key_hash, key, request_hash, created_at, in_progress_until, claim_id)
       values (?, ?, ?, now(), now() + make_interval(secs => ?), ?)
       on conflict (api_key_hash, key) do update
         set request_hash = excluded.request_hash, created_at = now(), in_progress_until = excluded.in_progress_until, claim_id = excluded.claim_id,
           response_status = null, response_headers = null, response_body = null, replay_error = null
         where idempotency_keys.created_at < now() - interval '24 hours'
           or (idempotency_keys.response_status is null and idempotency_keys.in_progress_until <= now())
       returning key`,
      [apiKeyHash, key, requestHash, this.inProgressSeconds, claimId],
    );
    if (claimed.length > 0) return { kind: 'claimed', held: { apiKeyHash, key, claimId } };
    const [row] = await connection.execute<
      {
        request_hash: string;
        response_status: number | null;
        response_headers: Record<string, string> | null;
        response_body: string | null;
        replay_error: StoredError | null;
        seconds_left: number;
      }[]
    >(
      `select request_hash, response_status, response_headers, response_body, replay_error,
         ceil(extract(epoch from in_progress_until - now()))::int as seconds_left
       from idempotency_keys where api_key_hash = ? and key = ?`,
      [apiKeyHash, key],
    );
    // Gone, or expired, since the insert looked: try again.
    if (!row || (row.response_status === null && row.seconds_left <= 0))
      return this.claim(apiKeyHash, key, requestHash);
    if (row.request_hash !== requestHash) return { kind: 'reused_with_other_request' };
    if (row.replay_error) {
      const { kind, code, message, extensions } = row.replay_error;
      return { kind: 'withheld', error: new DomainError(kind, code, message, undefined, extensions) };
    }
    if (row.response_status === null) return { kind: 'in_progress', retryAfterSeconds: row.seconds_left };
    return {
      kind: 'completed',
      response: {
        status: row.response_status,
        headers: row.response_headers ?? {},
        body: row.response_body === null ? '' : this.sealer.open(row.response_body),
      },
    };
  }

  /** Keeps the answer for replays; false when the key is no longer this request's to settle. */
  async complete(held: HeldKey, response: StoredResponse): Promise<boolean> {
    return this.settle(held, 'response_status = ?, response_headers = ?, response_body = ?', [
      response.status,
      JSON.stringify(response.headers),
      this.sealer.seal(response.body),
    ]);
  }

  /** Keeps the key for its 24 hours without the answer, which held a secret: a replay gets `error`. */
  async withhold(held: HeldKey, status: number, error: DomainError): Promise<boolean> {
    const stored: StoredError = {
      kind: error.kind,
      code: error.code,
      message: error.message,
      extensions: error.extensions,
    };
    return this.settle(held, 'response_status = ?, replay_error = ?', [status, JSON.stringify(stored)]);
  }

  /**
   * Frees the key so the request can be retried (it failed unexpectedly or was never authorised).
   * A request mostly fails this way because the database dropped its connections, and the first
   * try may draw one it dropped whose socket has not closed yet: a second try, a moment later, gets
   * a live one. When the database cannot take either, the marker's expiry frees the key.
   */
  async release(held: HeldKey): Promise<void> {
    const free = () =>
      this.em
        .getConnection()
        .execute(
          'delete from idempotency_keys where api_key_hash = ? and key = ? and claim_id = ? and response_status is null',
          [held.apiKeyHash, held.key, held.claimId],
        );
    await free().catch(() => new Promise((resolve) => setTimeout(resolve, RELEASE_RETRY_PAUSE_MS)).then(free));
  }

  /** Moves the marker's end on while its request runs; false when the key is no longer this request's. */
  async renew(held: HeldKey): Promise<boolean> {
    const renewed = await this.em.getConnection().execute<{ affectedRows: number }>(
      `update idempotency_keys set in_progress_until = now() + make_interval(secs => ?)
         where api_key_hash = ? and key = ? and claim_id = ? and response_status is null`,
      [this.inProgressSeconds, held.apiKeyHash, held.key, held.claimId],
      'run',
    );
    return renewed.affectedRows > 0;
  }

  private async settle(held: HeldKey, assignments: string, values: unknown[]): Promise<boolean> {
    const settled = await this.em
      .getConnection()
      .execute<{ affectedRows: number }>(
        `update idempotency_keys set ${assignments} where api_key_hash = ? and key = ? and claim_id = ? and response_status is null`,
        [...values, held.apiKeyHash, held.key, held.claimId],
        'run',
      );
    return settled.affectedRows > 0;
  }

  /**
   * Expired keys are taken afresh by `claim`, but one never sent again would stay for ever; each
   * instance deletes them at most once a minute, on the way, so no timer has to run.
   */
  private async purgeExpiredWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < this.nextPurgeAt) return;
    this.nextPurgeAt = now + PURGE_EVERY_MS;
    await this.em
      .getConnection()
      .execute(`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
  }
}
