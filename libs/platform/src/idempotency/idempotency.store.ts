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

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'in_progress' }
  | { kind: 'reused_with_other_request' }
  | { kind: 'completed'; response: StoredResponse }
  | { kind: 'withheld'; error: DomainError };

const PURGE_EVERY_MS = 60_000;

/** Idempotency keys in PostgreSQL, kept 24 hours per API key. */
@Injectable()
export class IdempotencyStore {
  private nextPurgeAt = 0;
  private readonly sealer: AnswerSealer;

  constructor(
    private readonly em: EntityManager,
    config: AppConfig,
  ) {
    this.sealer = AnswerSealer.fromConfig(config);
  }

  /**
   * Takes the key for this request in one statement (the primary key settles a race), or tells
   * what an earlier request with the same key left. A key older than 24 hours is taken afresh.
   */
  async claim(apiKeyHash: string, key: string, requestHash: string): Promise<Claim> {
    await this.purgeExpiredWhenDue();
    const connection = this.em.getConnection();
    const claimed = await connection.execute(
      `insert into idempotency_keys (api_key_hash, key, request_hash, created_at) values (?, ?, ?, now())
       on conflict (api_key_hash, key) do update
         set request_hash = excluded.request_hash, created_at = now(), response_status = null, response_headers = null, response_body = null, replay_error = null
         where idempotency_keys.created_at < now() - interval '24 hours'
       returning key`,
      [apiKeyHash, key, requestHash],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = await connection.execute<
      {
        request_hash: string;
        response_status: number | null;
        response_headers: Record<string, string> | null;
        response_body: string | null;
        replay_error: StoredError | null;
      }[]
    >('select request_hash, response_status, response_headers, response_body, replay_error from idempotency_keys where api_key_hash = ? and key = ?', [
      apiKeyHash,
      key,
    ]);
    if (!row) return this.claim(apiKeyHash, key, requestHash);
    if (row.request_hash !== requestHash) return { kind: 'reused_with_other_request' };
    if (row.replay_error) {
      const { kind, code, message, extensions } = row.replay_error;
      return { kind: 'withheld', error: new DomainError(kind, code, message, undefined, extensions) };
    }
    if (row.response_status === null) return { kind: 'in_progress' };
    return {
      kind: 'completed',
      response: {
        status: row.response_status,
        headers: row.response_headers ?? {},
        body: row.response_body === null ? '' : this.sealer.open(row.response_body),
      },
    };
  }

  async complete(apiKeyHash: string, key: string, response: StoredResponse): Promise<void> {
    await this.em
      .getConnection()
      .execute('update idempotency_keys set response_status = ?, response_headers = ?, response_body = ? where api_key_hash = ? and key = ?', [
        response.status,
        JSON.stringify(response.headers),
        this.sealer.seal(response.body),
        apiKeyHash,
        key,
      ]);
  }

  /** Keeps the key for its 24 hours without the answer, which held a secret: a replay gets `error`. */
  async withhold(apiKeyHash: string, key: string, status: number, error: DomainError): Promise<void> {
    const stored: StoredError = { kind: error.kind, code: error.code, message: error.message, extensions: error.extensions };
    await this.em
      .getConnection()
      .execute('update idempotency_keys set response_status = ?, replay_error = ? where api_key_hash = ? and key = ?', [
        status,
        JSON.stringify(stored),
        apiKeyHash,
        key,
      ]);
  }

  /** Frees the key so the request can be retried (it failed unexpectedly or was never authorised). */
  async release(apiKeyHash: string, key: string): Promise<void> {
    await this.em.getConnection().execute('delete from idempotency_keys where api_key_hash = ? and key = ? and response_status is null', [apiKeyHash, key]);
  }

  /**
   * Expired keys are taken afresh by `claim`, but one never sent again would stay for ever; each
   * instance deletes them at most once a minute, on the way, so no timer has to run.
   */
  private async purgeExpiredWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < this.nextPurgeAt) return;
    this.nextPurgeAt = now + PURGE_EVERY_MS;
    await this.em.getConnection().execute(`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
  }
}
