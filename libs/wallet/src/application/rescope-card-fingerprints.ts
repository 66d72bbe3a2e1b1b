import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { CardVault } from '../domain/card-vault.js';

const BATCH = 500;

/**
 * Start-up step: cards whose fingerprint is still platform-wide (written before fingerprints were
 * per organisation) get their organisation's, derived from the stored one. Idempotent, and safe
 * when several instances start at once: a row is rewritten only while it is still `platform`.
 * A health fund or Medicare card answers its fingerprint, so a rescoped card changed (`updated_at`).
 * Returns how many rows it rescoped.
 */
@Injectable()
export class RescopeCardFingerprints {
  constructor(
    private readonly em: EntityManager,
    private readonly vault: CardVault,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const connection = this.em.fork().getConnection();
    let rescoped = 0;
    for (;;) {
      const rows = await connection.execute<{ id: string; organisation_id: string; fingerprint: string }[]>(
        `select id, organisation_id, fingerprint from wallet_cards where fingerprint_scope = 'platform' order by id limit ${BATCH}`,
      );
      if (rows.length === 0) return rescoped;
      await connection.execute(
        `update wallet_cards w set fingerprint = r.fingerprint, fingerprint_scope = 'organisation',
                updated_at = greatest(?::timestamptz, w.updated_at + interval '1 millisecond')
           from jsonb_to_recordset(?::jsonb) as r (id uuid, fingerprint text)
          where w.id = r.id and w.fingerprint_scope = 'platform'`,
        [
          this.clock.now(),
          JSON.stringify(
            rows.map((row) => ({ id: row.id, fingerprint: this.vault.rescope(row.organisation_id, row.fingerprint) })),
          ),
        ],
      );
      rescoped += rows.length;
    }
  }
}
