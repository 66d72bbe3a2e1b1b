import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { WebhookSecrets } from '../domain/webhook-secrets.js';

const BATCH = 500;
/** A secret stored before secrets were sealed is Standard Webhooks' own `whsec_…`; sealed ones start `v1:`. */
const PLAIN = `like 'whsec\\_%'`;

/**
 * Start-up step: endpoints whose secret (or rotated secret) was stored in plain text, before
 * secrets were sealed, get it sealed; it needs the master key, so no SQL migration can. Idempotent,
 * and safe when several instances start at once: a value is rewritten only while it is still plain.
 * Returns how many endpoints it sealed.
 */
@Injectable()
export class SealWebhookSecrets {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: WebhookSecrets,
  ) {}

  async execute(): Promise<number> {
    const connection = this.em.fork().getConnection();
    let sealed = 0;
    for (;;) {
      const rows = await connection.execute<{ id: string; secret: string; previous_secret: string | null }[]>(
        `select id, secret, previous_secret from webhook_endpoints where secret ${PLAIN} or previous_secret ${PLAIN} order by id limit ${BATCH}`,
      );
      if (rows.length === 0) return sealed;
      const sealIfPlain = (value: string | null) =>
        value !== null && value.startsWith('whsec_') ? this.secrets.seal(value) : value;
      await connection.execute(
        `update webhook_endpoints w
            set secret = case when w.secret ${PLAIN} then r.secret else w.secret end,
                previous_secret = case when w.previous_secret ${PLAIN} then r.previous_secret else w.previous_secret end
           from jsonb_to_recordset(?::jsonb) as r (id uuid, secret text, previous_secret text)
          where w.id = r.id`,
        [
          JSON.stringify(
            rows.map((row) => ({
              id: row.id,
              secret: sealIfPlain(row.secret),
              previous_secret: sealIfPlain(row.previous_secret),
            })),
          ),
        ],
      );
      sealed += rows.length;
    }
  }
}
