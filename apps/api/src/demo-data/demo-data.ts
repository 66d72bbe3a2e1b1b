import pg from 'pg';
import type { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { todayUtc } from './anchor.js';
import { DEMO_SEED, seedDatabase } from './seed.js';

/**
 * Loads the `demo` scale into an empty database; a database with organisations is left alone.
 * Anchored on today, so the demo always has upcoming bookings. Returns what it loaded, naming seed
 * and anchor, which `npm run seed` takes to rebuild the same rows; undefined when it loaded nothing.
 */
export async function loadDemoDataIfEmpty(config: AppConfig, databaseUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>('select exists (select 1 from organisations) as exists');
    if (rows[0].exists) return undefined;
  } finally {
    await client.end();
  }
  const anchor = todayUtc();
  const result = await seedDatabase({ databaseUrl, scale: 'demo', seed: DEMO_SEED, anchor, vault: cardVaultFor(config) });
  const bookings = result.counts.get('bookings')?.toLocaleString('en-AU');
  return `demo clinic group loaded in ${result.seconds.toFixed(1)} s (${bookings} bookings; seed ${DEMO_SEED}, anchor ${anchor})`;
}

/**
 * Ids of one demo organisation's rows that belong together: its newest payout's business, and an
 * upcoming confirmed booking (of a client with a member and a wallet card) with its client, member,
 * provider, location and appointment type. Keyed by the path parameter and body field names that take them. Empty when the
 * database has no organisation with a payout.
 */
export async function readDemoIds(databaseUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string | null>>(
      `with org as (
         select o.id as "organisationId", o.slug, p.business_id as "businessId", p.id as "payoutId"
         from organisations o join payouts p on p.organisation_id = o.id
         order by o.created_at, o.id, p.created_at desc, p.id desc limit 1),
       booking as (
         select b.id, b.client_id, b.provider_id, b.location_id, b.appointment_type_id, cl.member_id
         from bookings b join org on b.organisation_id = org."organisationId" join clients cl on cl.id = b.client_id
         where b.cancelled_at is null and b.service_date > now() and cl.member_id is not null
           and exists (select 1 from wallet_cards c where c.client_id = b.client_id)
         order by b.service_date, b.id limit 1)
       select org.*, booking.id as "bookingId", booking.client_id as "clientId", booking.provider_id as "providerId",
         booking.location_id as "locationId", booking.appointment_type_id as "appointmentTypeId",
         booking.member_id as "memberId",
         (select c.id from wallet_cards c where c.client_id = booking.client_id order by c.created_at, c.id limit 1) as "cardId",
         (select l.id from plan_template_links l where l.organisation_id = org."organisationId" order by l.created_at, l.id limit 1) as "linkId"
       from org left join booking on true`,
    );
    return Object.fromEntries(Object.entries(rows[0] ?? {}).filter((entry): entry is [string, string] => entry[1] !== null));
  } finally {
    await client.end();
  }
}

/**
 * Ready-to-paste requests against each of the spec's read routes, with ids from the database. The
 * bookings line asks for paid ones: those have a transaction, so every expansion it asks for has data.
 */
export async function demoRequests(databaseUrl: string, baseUrl: string, apiKey: string | undefined): Promise<string[]> {
  const { organisationId, slug, businessId, payoutId } = await readDemoIds(databaseUrl);
  if (!organisationId) return [];
  const auth = `-H "Authorization: Bearer ${apiKey ?? '<your API key>'}"`;
  return [
    `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/bookings?limit=5&status=confirmed&paid=true&expand=cancellationPolicy,latestTransaction"`,
    `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/providers?limit=5&expand=locationLinks,locations"`,
    `curl ${auth} "${baseUrl}/v1/businesses/${businessId}/payouts/${payoutId}/transactions?limit=5"`,
    `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/plans/templates/links?limit=5"`,
    `curl "${baseUrl}/v1/organisations/${slug}/booking-data"`,
  ];
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
