import pg from 'pg';
import type { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { todayUtc } from './anchor.js';
import { DEMO_SEED, seedDatabase } from './seed.js';

/**
 * Loads the `demo` scale into an empty database; a database with organisations is left alone.
 * Anchored on today, so the demo always has upcoming bookings; the log names seed and anchor, which
 * `npm run seed` takes to rebuild the same rows.
 */
export async function loadDemoDataIfEmpty(config: AppConfig, databaseUrl: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>('select exists (select 1 from organisations) as exists');
    if (rows[0].exists) return;
  } finally {
    await client.end();
  }
  const anchor = todayUtc();
  log(`Empty database: loading the demo clinic group (DEMO_DATA; seed ${DEMO_SEED}, anchor ${anchor})...`);
  const result = await seedDatabase({ databaseUrl, scale: 'demo', seed: DEMO_SEED, anchor, vault: cardVaultFor(config) });
  log(`Demo data loaded in ${result.seconds.toFixed(1)} s (${result.counts.get('bookings')?.toLocaleString('en-AU')} bookings).`);
}

/** Ready-to-paste requests against each of the spec's read routes, with ids from the database. */
export async function demoRequests(databaseUrl: string, baseUrl: string, apiKey: string | undefined): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ organisation_id: string; slug: string; business_id: string; payout_id: string }>(
      `select o.id as organisation_id, o.slug, p.business_id, p.id as payout_id
       from organisations o join payouts p on p.organisation_id = o.id
       order by o.created_at, o.id, p.created_at desc, p.id desc limit 1`,
    );
    if (rows.length === 0) return [];
    const [{ organisation_id: organisationId, slug, business_id: businessId, payout_id: payoutId }] = rows;
    const auth = `-H "Authorization: Bearer ${apiKey ?? '<your API key>'}"`;
    return [
      `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/bookings?limit=5&status=confirmed&expand=cancellationPolicy,latestTransaction,paymentMethod"`,
      `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/providers?limit=5&expand=locationLinks,locations"`,
      `curl ${auth} "${baseUrl}/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=5"`,
      `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/plans/templates/links?limit=5"`,
      `curl "${baseUrl}/v1/organisations/${slug}/booking-data"`,
    ];
  } finally {
    await client.end();
  }
}

/** The booking page of the first organisation that takes online bookings, or `null` when there is none. */
export async function bookingPageUrl(databaseUrl: string, baseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string }>('select slug from organisations where bookings_enabled order by created_at, id limit 1');
    return rows.length ? `${baseUrl}/book/${rows[0].slug}` : null;
  } finally {
    await client.end();
  }
}
