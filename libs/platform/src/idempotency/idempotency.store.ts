import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'in_progress' } | { kind: 'reused_with_other_request' } | { kind: 'completed'; response: StoredResponse };

/** Idempotency keys in PostgreSQL, kept 24 hours per API key. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the key for this request in one statement (the primary key settles a race), or tells
   * what an earlier request with the same key left. A key older than 24 hours is taken afresh.
   */
  async claim(apiKeyHash: string, key: string, requestHash: string): Promise<Claim> {
    const connection = this.em.getConnection();
    const claimed = await connection.execute(
      `insert into idempotency_keys (api_key_hash, key, request_hash, created_at) values (?, ?, ?, now())
       on conflict (api_key_hash, key) do update
         set request_hash = excluded.request_hash, created_at = now(), response_status = null, response_headers = null, response_body = null
         where idempotency_keys.created_at < now() - interval '24 hours'
       returning key`,
      [apiKeyHash, key, requestHash],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = await connection.execute<
      { request_hash: string; response_status: number | null; response_headers: Record<string, string> | null; response_body: string | null }[]
    >('select request_hash, response_status, response_headers, response_body from idempotency_keys where api_key_hash = ? and key = ?', [apiKeyHash, key]);
    if (!row) return this.claim(apiKeyHash, key, requestHash);
    if (row.request_hash !== requestHash) return { kind: 'reused_with_other_request' };
    if (row.response_status === null) return { kind: 'in_progress' };
    return { kind: 'completed', response: { status: row.response_status, headers: row.response_headers ?? {}, body: row.response_body ?? '' } };
  }

  async complete(apiKeyHash: string, key: string, response: StoredResponse): Promise<void> {
    await this.em
      .getConnection()
      .execute('update idempotency_keys set response_status = ?, response_headers = ?, response_body = ? where api_key_hash = ? and key = ?', [
        response.status,
        JSON.stringify(response.headers),
        response.body,
        apiKeyHash,
        key,
      ]);
  }

  /** Frees the key so the request can be retried (it failed unexpectedly or was never authorised). */
  async release(apiKeyHash: string, key: string): Promise<void> {
    await this.em.getConnection().execute('delete from idempotency_keys where api_key_hash = ? and key = ? and response_status is null', [apiKeyHash, key]);
  }
}
