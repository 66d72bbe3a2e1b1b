import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { ApiKey } from '../domain/api-key.js';
import { ApiKeyRepository } from '../domain/api-key.repository.js';
import { API_KEY_CHANGES_CHANNEL } from './api-key-changes.js';

const API_KEYS = ReadModel.of(ApiKey, 'k');
const INSERT =
  'insert into api_keys (id, name, organisation_id, secret_hash, created_at, updated_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)';
/** `nextUpdatedAt` in SQL: `updated_at` moved on to the parameter, or just past its last change. */
const CHANGED_AT = "greatest(?::timestamptz, updated_at + interval '1 millisecond')";

@Injectable()
export class MikroOrmApiKeyRepository extends ApiKeyRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {
    super();
  }

  findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    return this.sql.first(API_KEYS, 'where k.secret_hash = $1', [secretHash]);
  }

  findById(id: string): Promise<ApiKey | null> {
    return this.sql.first(API_KEYS, 'where k.id = $1', [id]);
  }

  async list(organisationId: string | undefined, page: PageRequest): Promise<Page<ApiKey>> {
    const params = organisationId === undefined ? new SqlParams() : new SqlParams(organisationId);
    const window = listWindow('k', page, 'k.created_at desc, k.id desc', params);
    const where = `where ${organisationId === undefined ? 'true' : 'k.organisation_id = $1'}${window.condition}`;
    return this.sql.page(API_KEYS, where, window.orderBy, params, page);
  }

  async add(apiKey: ApiKey): Promise<void> {
    await this.em.execute(
      `with added as (${INSERT} returning secret_hash) select pg_notify(?, secret_hash) from added`,
      [...insertValues(apiKey), API_KEY_CHANGES_CHANNEL],
    );
  }

  async addIfAbsent(apiKey: ApiKey): Promise<void> {
    await this.em.execute(
      `with added as (${INSERT} on conflict (secret_hash) do nothing returning secret_hash) select pg_notify(?, secret_hash) from added`,
      [...insertValues(apiKey), API_KEY_CHANGES_CHANNEL],
    );
  }

  async revoke(apiKey: ApiKey, now: Date): Promise<void> {
    // A repeated revocation notifies again: harmless, and an instance that missed the first hears it.
    const [row] = await this.em.execute<{ revoked_at: Date | string; updated_at: Date | string }[]>(
      `with revoked as (
         update api_keys set revoked_at = coalesce(revoked_at, ?), updated_at = case when revoked_at is null then ${CHANGED_AT} else updated_at end
         where id = ? returning revoked_at, updated_at, secret_hash)
       select revoked_at, updated_at, pg_notify(?, secret_hash) from revoked`,
      [now, now, apiKey.id, API_KEY_CHANGES_CHANNEL],
    );
    if (row) Object.assign(apiKey, { revokedAt: new Date(row.revoked_at), updatedAt: new Date(row.updated_at) });
  }

  async recordUse(id: string, now: Date): Promise<void> {
    await this.em.execute(
      `update api_keys set last_used_at = ?, updated_at = ${CHANGED_AT} where id = ? and (last_used_at is null or last_used_at <= ?)`,
      [now, now, id, new Date(now.getTime() - 60_000)],
    );
  }
}

const insertValues = (apiKey: ApiKey) => [
  apiKey.id,
  apiKey.name,
  apiKey.organisationId,
  apiKey.secretHash,
  apiKey.createdAt,
  apiKey.updatedAt,
  apiKey.expiresAt,
];
