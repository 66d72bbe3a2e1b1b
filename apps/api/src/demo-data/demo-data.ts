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
  const result = await seedDatabase({
    databaseUrl,
    scale: 'demo',
    seed: DEMO_SEED,
    anchor,
    vault: cardVaultFor(config),
  });
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
    return Object.fromEntries(
      Object.entries(rows[0] ?? {}).filter((entry): entry is [string, string] => entry[1] !== null),
    );
  } finally {
    await client.end();
  }
}

/**
 * A booking the demo can check out with a health fund claim and a card: its service happened (a
 * fund pays only for those; not a no-show), never checked out (so no claim of Medicare's or a fund's
 * stands on it, and no link waits), not paid, not cancelled, of a client with a payment method and a
 * health fund card the built-in fund pays (not its rejected or timing-out member numbers), with a
 * provider who has a provider number there, at a location with a claiming terminal (the card swiped
 * there is the patient's agreement). The newest, in the demo organisation if it claims from
 * funds, else in the largest that does. Null when none is left.
 */
export async function readCheckOutIds(
  databaseUrl: string,
  preferredOrganisationId: string,
): Promise<{
  organisationId: string;
  bookingId: string;
  paymentMethodId: string;
  healthFundCardId: string;
  terminalId: string;
} | null> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const { rows } = await client.query<{
      organisationId: string;
      bookingId: string;
      paymentMethodId: string;
      healthFundCardId: string;
      terminalId: string;
    }>(
      `select b.organisation_id as "organisationId", b.id as "bookingId", pm.id as "paymentMethodId", hf.id as "healthFundCardId",
              loc.terminal_ids[1] as "terminalId"
       from bookings b
       join locations loc on loc.id = b.location_id and cardinality(loc.terminal_ids) > 0
       join lateral (select id from wallet_cards where client_id = b.client_id and type = 'payment_method' order by created_at, id limit 1) pm on true
       join lateral (select id from wallet_cards where client_id = b.client_id and type = 'health_fund_card' and last4 not in ('9999', '8888')
                     order by created_at, id limit 1) hf on true
       join provider_location_links l on l.provider_id = b.provider_id and l.location_id = b.location_id and not l.deleted
            and l.medicare->>'providerNumber' is not null
       where not b.paid and b.cancelled_at is null and b.service_date < now() and b.attendance <> 'no_show'
         and not exists (select 1 from transactions t where t.booking_id = b.id)
       order by b.organisation_id = $1 desc, b.service_date desc, b.id limit 1`,
      [preferredOrganisationId],
    );
    return rows[0] ?? null;
  } finally {
    await client.end();
  }
}

/**
 * Ready-to-paste requests against each of the spec's read routes, with ids from the database, and
 * one check-out (a health fund claim, then the card for the gap: 201, and 409 booking_already_paid
 * when pasted again). The bookings line asks for paid ones: those have a transaction, so every
 * expansion it asks for has data.
 */
export async function demoRequests(
  databaseUrl: string,
  baseUrl: string,
  apiKey: string | undefined,
): Promise<string[]> {
  const { organisationId, slug, businessId, payoutId } = await readDemoIds(databaseUrl);
  if (!organisationId) return [];
  const auth = `-H "Authorization: Bearer ${apiKey ?? '<your API key>'}"`;
  const checkOut = await readCheckOutIds(databaseUrl, organisationId);
  const body = checkOut && {
    healthFundClaim: { healthFundCardId: checkOut.healthFundCardId, terminalId: checkOut.terminalId },
    payment: { paymentMethodId: checkOut.paymentMethodId },
  };
  return [
    `curl ${auth} "${baseUrl}/v1/organisations/${organisationId}/bookings?limit=5&status=confirmed&paid=true&expand=cancellationPolicy,latestTransaction"`,
    ...(checkOut
      ? [
          `curl -X POST ${auth} -H "Content-Type: application/json" -d '${JSON.stringify(body)}' "${baseUrl}/v1/organisations/${checkOut.organisationId}/bookings/${checkOut.bookingId}/transactions"`,
        ]
      : []),
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
    const { rows } = await client.query<{ slug: string }>(
      'select slug from organisations where bookings_enabled order by created_at, id limit 1',
    );
    return rows.length ? `${baseUrl}/book/${rows[0].slug}` : null;
  } finally {
    await client.end();
  }
}
