// The read paths of scenarios A (providers page), B (bookings page), C (bookings page with every
// expansion) and E (a payout's payment transactions) written directly on `pg`, for the baselines.
// Every statement is the parameterised text the service sends, under the same name, with the same
// concurrency, and each answer is built with the same key order as the service's DTOs
// (responses.mjs), so the JSON is byte-identical. The column lists are not copied: `loadStatements`
// asks the service's own read models for them, so a field added to a mapping reaches the baselines
// without an edit here. `test/bench-baselines.e2e-spec.ts` checks statements and bytes on every
// test run; the harness checks them again before it measures.
//
// The rest is copied from (keep in step with):
//   libs/organisations/src/infrastructure/persistence/sql-organisation.queries.ts         assertExists (remembered once found), get
//   libs/organisations/src/infrastructure/persistence/sql-directory.queries.ts            locations, businesses
//   libs/practitioners/src/infrastructure/persistence/sql-practitioner.queries.ts         list, byIds, linksByIds
//   libs/scheduling/src/infrastructure/persistence/sql-booking.queries.ts                 list, count, withParties
//   libs/scheduling/src/infrastructure/persistence/sql-appointment-type.queries.ts        byIds
//   libs/membership/src/infrastructure/persistence/sql-client.queries.ts                  findByIds
//   libs/membership/src/infrastructure/persistence/sql-member.queries.ts                  findByIds
//   libs/wallet/src/infrastructure/persistence/sql-wallet-card.queries.ts                 cardsByIds, healthFundsByIds
//   libs/composition/src/bookings/booking-views.ts                     list, expand
//   libs/payments-and-claims/src/ledger/infrastructure/persistence/sql-transaction.queries.ts    latestOfBookings, read
//   libs/payments-and-claims/src/ledger/infrastructure/persistence/sql-payment-transaction.queries.ts  read
//   libs/payments-and-claims/src/payouts/infrastructure/persistence/sql-payout.queries.ts         get, transactions
//   libs/shared/src/http/page-json.ts                                  SharedResponses (each shared part's JSON made once per answer)

import { join } from 'node:path';
import pg from 'pg';
import { ALL_EXPANSIONS } from '../lib/scenarios.mjs';
import {
  appointmentTypeResponse,
  bookingResponse,
  businessResponse,
  cancellationPolicyResponse,
  clientView,
  healthFundCardResponse,
  linkResponse,
  locationResponse,
  paymentMethodResponse,
  paymentTransactionResponse,
  providerResponse,
  transactionResponse,
} from './responses.mjs';

/**
 * How each statement the baselines send starts (`select <columns> from <table> <alias>`), from the
 * service's read models (and, for the writes, the bookings table's columns from its mapping, the
 * write statements from the service's own builders, and its id makers), and the names the service sends them under (`names.of(text)`: prepared
 * statements, unless `DATABASE_PREPARED_STATEMENTS=false`, read as the service reads it).
 * `importModule` loads one of the service's modules by its path from the repository root: the
 * built `dist/` in the benchmark, the sources in the tests.
 */
export async function loadStatements(
  databaseUrl,
  importModule,
  preparedStatements = process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
) {
  const [
    { MikroORM },
    { createOrmConfig },
    { SqlReader },
    { StatementNames },
    organisations,
    directory,
    practitioners,
    bookings,
    appointmentTypes,
    clients,
    members,
    wallet,
    transactions,
    paymentTransactions,
    payouts,
    ids,
    jobIds,
    writeReads,
    storedEvents,
    eventStore,
    pgBossJobs,
  ] = await Promise.all([
    import('@mikro-orm/postgresql'),
    importModule('apps/api/src/database/orm-config.js'),
    importModule('libs/shared/src/sql/sql-reader.js'),
    importModule('libs/shared/src/sql/statement-names.js'),
    importModule('libs/organisations/src/infrastructure/persistence/sql-organisation.queries.js'),
    importModule('libs/organisations/src/infrastructure/persistence/sql-directory.queries.js'),
    importModule('libs/practitioners/src/infrastructure/persistence/sql-practitioner.queries.js'),
    importModule('libs/scheduling/src/infrastructure/persistence/sql-booking.queries.js'),
    importModule('libs/scheduling/src/infrastructure/persistence/sql-appointment-type.queries.js'),
    importModule('libs/membership/src/infrastructure/persistence/sql-client.queries.js'),
    importModule('libs/membership/src/infrastructure/persistence/sql-member.queries.js'),
    importModule('libs/wallet/src/infrastructure/persistence/sql-wallet-card.queries.js'),
    importModule('libs/payments-and-claims/src/ledger/infrastructure/persistence/sql-transaction.queries.js'),
    importModule('libs/payments-and-claims/src/ledger/infrastructure/persistence/sql-payment-transaction.queries.js'),
    importModule('libs/payments-and-claims/src/payouts/infrastructure/persistence/sql-payout.queries.js'),
    importModule('libs/shared/src/domain/ids.js'),
    importModule('libs/jobs/src/job-id.js'),
    importModule('libs/scheduling/src/infrastructure/persistence/sql-booking-write-reads.js'),
    importModule('libs/events/src/domain/stored-event.js'),
    importModule('libs/events/src/infrastructure/persistence/sql-event-store.js'),
    importModule('libs/jobs/src/pg-boss-jobs.js'),
  ]);
  const orm = await MikroORM.init({ ...createOrmConfig(databaseUrl), pool: { min: 0, max: 1 } });
  try {
    const sql = new SqlReader(orm);
    return {
      names: new StatementNames(preparedStatements),
      organisationCount: sql.countOf(organisations.ORGANISATIONS),
      organisations: sql.selectOf(organisations.ORGANISATIONS),
      providers: sql.selectOf(practitioners.PROVIDERS),
      providerCount: sql.countOf(practitioners.PROVIDERS),
      links: sql.selectOf(practitioners.LINKS),
      bookings: sql.selectOf(bookings.BOOKINGS),
      bookingCounts: sql.selectOf(bookings.BOOKING_COUNTS),
      locations: sql.selectOf(directory.LOCATIONS),
      businesses: sql.selectOf(directory.BUSINESSES),
      appointmentTypes: sql.selectOf(appointmentTypes.APPOINTMENT_TYPES),
      clients: sql.selectOf(clients.CLIENTS),
      members: sql.selectOf(members.MEMBERS),
      walletCardsWithFunds: `${sql.selectPairsOf(wallet.WALLET_CARDS, wallet.HEALTH_FUNDS)} ${wallet.WITH_FUNDS}`,
      healthFunds: sql.selectOf(wallet.HEALTH_FUNDS),
      transactions: sql.selectOf(transactions.TRANSACTIONS),
      paymentTransactions: sql.selectOf(transactions.PAYMENT_TRANSACTIONS),
      claims: sql.selectOf(paymentTransactions.CLAIMS),
      medicareClaims: sql.selectOf(paymentTransactions.MEDICARE_CLAIMS),
      payouts: sql.selectOf(payouts.PAYOUTS),
      payoutTransactions: sql.selectOf(payouts.PAYMENT_TRANSACTIONS),
      // The bookings table's columns as the ORM inserts a booking: its properties in mapping order (writes.mjs).
      bookingColumns: orm
        .getMetadata()
        .get(bookings.BOOKINGS.type)
        .props.map((prop) => ({ property: prop.name, column: prop.fieldNames[0] })),
      // The statements of a booking's writes (writes.mjs): its place's parties with the provider's
      // lock, and a booking locked with its parties (each with the names of its reads); the events'
      // insert and how it goes in front of the jobs' (`Jobs.sendWith`).
      bookingWrites: {
        lockPlace: rowStatement(sql, writeReads.placeStatement(true)),
        lockBooking: rowStatement(sql, writeReads.bookingStatement(true)),
        booking: rowStatement(sql, writeReads.bookingStatement(false)),
        lockKeyOf: writeReads.lockKeyOf,
        eventsInsert: eventStore.eventsInsert,
        withLeadingWrite: pgBossJobs.withLeadingWrite,
      },
      // How the service names what a write makes: bookings, events, jobs (writes.mjs).
      ids: { newUuid: ids.newUuid, isUuid: ids.isUuid, newEvent: storedEvents.newEvent, jobIdOf: jobIds.jobIdOf },
    };
  } finally {
    await orm.close(true);
  }
}

/** The text of a statement of `SqlReader.row`, and the names of its reads (each row holds `<name>.<property>` columns and `<name>`). */
const rowStatement = (sql, statement) => ({ text: sql.rowOf(statement), reads: Object.keys(statement.reads) });

/** `loadStatements` on the service built into `dist/` (the benchmark builds it first). */
export function loadBuiltStatements(databaseUrl) {
  const root = join(import.meta.dirname, '..', '..');
  return loadStatements(databaseUrl, (path) => import(join(root, 'dist', path)));
}

export class NotFound extends Error {}

/** date, timestamp, timestamptz, interval: kept as the text PostgreSQL sends, as the ORM's pool keeps them. */
const AS_TEXT = new Set([1082, 1114, 1184, 1186]);
/** Their arrays: arrays of that text. */
const ARRAYS_AS_TEXT = new Set([1182, 1115, 1185, 1187]);
const TEXT_ARRAY_OID = 1009;

/**
 * A pool that reads dates and timestamps as the ORM's type parsers do: as text, which the answers
 * turn into the same ISO strings as the service's (`new Date(text).toISOString()`), for the same work.
 */
export function createPool(connectionString, max = 10) {
  const getTypeParser = (oid, format) => {
    if (AS_TEXT.has(oid)) return (text) => text;
    if (ARRAYS_AS_TEXT.has(oid)) return pg.types.getTypeParser(TEXT_ARRAY_OID, format);
    return pg.types.getTypeParser(oid, format);
  };
  return new pg.Pool({ connectionString, max, types: { getTypeParser } });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value) => UUID.test(value);
const byId = (rows, map = (row) => row) => new Map(rows.map((row) => [row.id, map(row)]));
const unique = (values) => [...new Set(values)];

/** `page` and `limit` as the service reads them (defaults 1 and 10); anything else is a 400. */
export function pageRequest(query) {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 200) return null;
  return { page, limit };
}

/**
 * The paths a bookings list's `expand` (comma-separated) asks for, each with its prefixes, as the
 * service's `Expansion` holds them; `null` for a value the service refuses (its 400). Scenario C
 * asks for all ten, which are every one the service knows.
 */
export function expansionOf(expand) {
  const requested = (expand ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  if (requested.some((path) => !ALL_EXPANSIONS.includes(path))) return null;
  const paths = new Set();
  for (const path of requested) {
    const parts = path.split('.');
    for (let length = 1; length <= parts.length; length++) paths.add(parts.slice(0, length).join('.'));
  }
  return paths;
}

const NO_EXPANSION = new Set();

/**
 * The JSON text of each response a page's items share (a provider, a location, …), made once per
 * answer by `pageJson`. Keyed by the response object, so it lives as long as the answer does.
 */
const sharedTexts = new WeakMap();

/** The response `render` gives for the row, the same object for every item of this answer that holds it. */
/**
 * A row of a read model with another joined beside it under `name` (`selectPairsOf`): its columns
 * are `<name>.<property>`, and the column `<name>` is `true` when the join found a row.
 */
function splitJoined(row, name) {
  const card = {};
  const joined = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(`${name}.`)) joined[key.slice(name.length + 1)] = value;
    else if (key !== name) card[key] = value;
  }
  return { card, healthFund: row[name] === true ? joined : null };
}

function sharedOnce(cache, row, render) {
  let response = cache.get(row);
  if (response === undefined) {
    response = render(row);
    cache.set(row, response);
    sharedTexts.set(response, undefined);
  }
  return response;
}

/**
 * `JSON.stringify(page)`, byte for byte, writing the text of a response shared between items once
 * (the service's `SharedResponses` does the same): an expanded page of 200 bookings is over a megabyte.
 */
export function pageJson(page) {
  const parts = [];
  for (const [key, value] of Object.entries(page)) {
    parts.push(`${parts.length ? ',' : '{'}${JSON.stringify(key)}:`);
    if (key !== 'items') {
      parts.push(JSON.stringify(value));
      continue;
    }
    parts.push('[');
    page.items.forEach((item, index) => {
      let text = index ? ',{' : '{';
      let first = true;
      for (const field of Object.keys(item)) {
        const fieldValue = item[field];
        let valueText;
        if (typeof fieldValue === 'object' && fieldValue !== null && sharedTexts.has(fieldValue)) {
          valueText = sharedTexts.get(fieldValue);
          if (valueText === undefined) sharedTexts.set(fieldValue, (valueText = JSON.stringify(fieldValue)));
        } else {
          valueText = JSON.stringify(fieldValue);
          if (valueText === undefined) continue;
        }
        text += `${first ? '' : ','}${JSON.stringify(field)}:${valueText}`;
        first = false;
      }
      parts.push(`${text}}`);
    });
    parts.push(']');
  }
  parts.push('}');
  return parts.join('');
}

/** The condition of a payout's payment transactions: those it paid out, and those it counted an adjustment of. */
const OF_PAYOUT = `(pt.payout_id = $1 or (pt.adjustments <> '[]'::jsonb and pt.adjustments @> jsonb_build_array(jsonb_build_object('payoutId', $1::text))))`;

/** The read paths over one `pg.Pool`, with the statements of `loadStatements`, each sent under its prepared-statement name. */
export function createQueries(pool, statements) {
  return createReads(
    async (text, values) => (await pool.query({ name: statements.names.of(text), text, values })).rows,
    statements,
  );
}

/**
 * The read paths, each statement sent with `rows(text, values)`: on a pool under its name, as the
 * service reads outside a transaction, or unnamed on a write's connection, as it reads inside one.
 * `bookingAnswers` are bookings' answers with their parties (and what `expansion` asks for).
 */
export function createReads(rows, statements) {
  const existing = new Set();

  async function assertExists(organisationId) {
    if (existing.has(organisationId)) return;
    const [{ total: count }] = await rows(`${statements.organisationCount} where o.id = $1`, [organisationId]);
    if (count === 0) throw new NotFound(`Organisation ${organisationId} not found`);
    existing.add(organisationId);
  }

  const pageOf = (items, totalItems, { page, limit }) => ({
    items,
    page,
    limit,
    totalItems,
    totalPages: Math.ceil(totalItems / limit),
  });

  // ---- batched reads by id, one statement each (none for no ids) ------------------------------

  const providersByIds = async (organisationId, ids) =>
    ids.length
      ? byId(
          await rows(`${statements.providers} where p.organisation_id = $1 and p.id = any($2)`, [
            organisationId,
            unique(ids),
          ]),
        )
      : new Map();
  const locationsByIds = async (organisationId, ids) =>
    ids.length
      ? byId(
          await rows(`${statements.locations} where l.organisation_id = $1 and l.id = any($2)`, [
            organisationId,
            unique(ids),
          ]),
        )
      : new Map();
  const businessesByIds = async (ids) =>
    ids.length ? byId(await rows(`${statements.businesses} where b.id = any($1)`, [unique(ids)])) : new Map();
  const linksByIds = async (ids) =>
    ids.length ? byId(await rows(`${statements.links} where l.id = any($1)`, [unique(ids)])) : new Map();
  const appointmentTypesByIds = async (organisationId, ids) =>
    ids.length
      ? byId(
          await rows(`${statements.appointmentTypes} where t.organisation_id = $1 and t.id = any($2)`, [
            organisationId,
            unique(ids),
          ]),
        )
      : new Map();
  async function clientsByIds(organisationId, ids) {
    const wellFormed = unique(ids.filter(isUuid));
    if (wellFormed.length === 0) return new Map();
    return byId(
      await rows(`${statements.clients} where c.organisation_id = $1 and c.id = any($2)`, [organisationId, wellFormed]),
      clientView,
    );
  }
  async function membersByIds(ids) {
    const wellFormed = unique(ids.filter((id) => id.startsWith('memb_')));
    if (wellFormed.length === 0) return new Map();
    return byId(await rows(`${statements.members} where m.id = any($1)`, [wellFormed]));
  }
  async function healthFundsByIds(ids) {
    const wanted = unique(ids);
    if (wanted.length === 0) return new Map();
    return byId(await rows(`${statements.healthFunds} where f.id = any($1)`, [wanted]));
  }
  /** Cards by id, each `{ card, healthFund }` (its fund when it is a health fund card). */
  async function cardsByIds(organisationId, ids) {
    if (ids.length === 0) return new Map();
    const found = await rows(`${statements.walletCardsWithFunds} where w.organisation_id = $1 and w.id = any($2)`, [
      organisationId,
      unique(ids),
    ]);
    return new Map(found.map((row) => [row.id, splitJoined(row, 'f')]));
  }

  /** Claims, Medicare claims, their cards and funds, and (in a payout) the members behind events, of payment transactions. */
  async function readPaymentTransactions(organisationId, paymentTransactions, { withEventMembers }) {
    if (paymentTransactions.length === 0) return [];
    const ids = (pick) => unique(paymentTransactions.flatMap((transaction) => pick(transaction) ?? []));
    const claimIds = ids((transaction) => transaction.claimId);
    const medicareClaimIds = ids((transaction) => transaction.medicareClaimId);
    const [claims, medicareClaims, members] = await Promise.all([
      claimIds.length ? rows(`${statements.claims} where c.id = any($1)`, [claimIds]) : [],
      medicareClaimIds.length ? rows(`${statements.medicareClaims} where m.id = any($1)`, [medicareClaimIds]) : [],
      withEventMembers
        ? membersByIds(paymentTransactions.flatMap((transaction) => transaction.events.map((event) => event.createdBy)))
        : new Map(),
    ]);
    const [cards, funds] = await Promise.all([
      cardsByIds(
        organisationId,
        medicareClaims.flatMap((claim) => [claim.patientMedicareCardId, claim.claimantMedicareCardId ?? []].flat()),
      ),
      healthFundsByIds(claims.map((claim) => claim.healthFundId)),
    ]);
    const claimById = byId(claims);
    const medicareClaimById = byId(medicareClaims);
    return paymentTransactions.map((paymentTransaction) => {
      const claim = paymentTransaction.claimId ? (claimById.get(paymentTransaction.claimId) ?? null) : null;
      const medicareClaim = paymentTransaction.medicareClaimId
        ? (medicareClaimById.get(paymentTransaction.medicareClaimId) ?? null)
        : null;
      return {
        paymentTransaction,
        claim,
        healthFund: claim ? (funds.get(claim.healthFundId) ?? null) : null,
        medicareClaim,
        patientMedicareCard: medicareClaim ? (cards.get(medicareClaim.patientMedicareCardId) ?? null) : null,
        claimantMedicareCard: medicareClaim?.claimantMedicareCardId
          ? (cards.get(medicareClaim.claimantMedicareCardId) ?? null)
          : null,
        eventMembers: members,
      };
    });
  }

  /** The newest transaction of each booking, with what its answer shows. */
  async function latestTransactions(organisationId, bookingIds) {
    if (bookingIds.length === 0) return new Map();
    const transactions = await rows(
      `${statements.transactions} where t.id in (select distinct on (booking_id) id from transactions
                      where organisation_id = $1 and booking_id = any($2) and status <> 'cancelled'
                      order by booking_id, created_at desc, id desc)`,
      [organisationId, unique(bookingIds)],
    );
    if (transactions.length === 0) return new Map();
    const paymentTransactions = await rows(
      `${statements.paymentTransactions} where pt.transaction_id = any($1) order by pt.created_at, pt.id`,
      [transactions.map((transaction) => transaction.id)],
    );
    const pick = (field) => transactions.flatMap((transaction) => transaction[field] ?? []);
    const [paymentTransactionReads, cards, clients, providers, locations] = await Promise.all([
      readPaymentTransactions(organisationId, paymentTransactions, { withEventMembers: false }),
      cardsByIds(organisationId, [...pick('paymentMethodId'), ...pick('healthFundCardId'), ...pick('medicareCardId')]),
      clientsByIds(organisationId, pick('clientId')),
      providersByIds(organisationId, pick('serviceProviderId')),
      locationsByIds(organisationId, pick('locationId')),
    ]);
    const byTransaction = Map.groupBy(paymentTransactionReads, (read) => read.paymentTransaction.transactionId);
    const card = (id) => (id ? (cards.get(id) ?? null) : null);
    return new Map(
      transactions.map((transaction) => [
        transaction.bookingId,
        {
          transaction,
          paymentTransactions: byTransaction.get(transaction.id) ?? [],
          paymentMethod: card(transaction.paymentMethodId),
          healthFundCard: card(transaction.healthFundCardId),
          medicareCard: card(transaction.medicareCardId),
          client: transaction.clientId ? (clients.get(transaction.clientId) ?? null) : null,
          serviceProvider: transaction.serviceProviderId
            ? (providers.get(transaction.serviceProviderId) ?? null)
            : null,
          location: transaction.locationId ? (locations.get(transaction.locationId) ?? null) : null,
        },
      ]),
    );
  }

  // ---- A ----------------------------------------------------------------------------------------

  async function providers(organisationId, page) {
    await assertExists(organisationId);
    const [list, [{ total }]] = await Promise.all([
      rows(
        `${statements.providers} where p.organisation_id = $1 and ($2 or not p.deleted) order by p.last_name, p.first_name, p.id limit $3 offset $4`,
        [organisationId, false, page.limit, (page.page - 1) * page.limit],
      ),
      rows(`${statements.providerCount} where p.organisation_id = $1 and ($2 or not p.deleted)`, [
        organisationId,
        false,
      ]),
    ]);
    return pageOf(list.map(providerResponse), total, page);
  }

  // ---- B and C ------------------------------------------------------------------------------------

  /** A page of bookings, newest first; `expansion` from `expansionOf`. Serialise it with `pageJson` (or `JSON.stringify`). */
  async function bookings(organisationId, page, expansion = NO_EXPANSION) {
    await assertExists(organisationId);
    const [list, counts] = await Promise.all([
      rows(
        `${statements.bookings} join (select b.id from bookings b where b.organisation_id = $1 order by b.service_date desc, b.id desc ${page.page === 1 ? `limit ${page.limit}` : 'limit $2 offset $3'}) page using (id)
         order by b.service_date desc, b.id desc`,
        page.page === 1 ? [organisationId] : [organisationId, page.limit, (page.page - 1) * page.limit],
      ),
      rows(`${statements.bookingCounts} where c.organisation_id = $1`, [organisationId]),
    ]);
    const total = counts[0]?.bookings ?? 0;
    if (list.length === 0) return pageOf([], total, page);
    return pageOf(await expandBookings(organisationId, list, expansion), total, page);
  }

  async function expandBookings(organisationId, list, expansion = NO_EXPANSION) {
    const has = (path) => expansion.has(path);
    const ids = (pick) => unique(list.flatMap((row) => pick(row) ?? []));
    const [[providerRows, locationRows, typeRows, clientRows], cards, links, organisation, transactions] =
      await Promise.all([
        Promise.all([
          providersByIds(
            organisationId,
            ids((row) => row.providerId),
          ),
          locationsByIds(
            organisationId,
            ids((row) => row.locationId),
          ),
          appointmentTypesByIds(
            organisationId,
            ids((row) => row.appointmentTypeId),
          ),
          clientsByIds(
            organisationId,
            ids((row) => row.clientId),
          ),
        ]),
        has('paymentMethod') || has('healthFundCard')
          ? cardsByIds(organisationId, [
              ...(has('paymentMethod') ? ids((row) => row.paymentMethodId) : []),
              ...(has('healthFundCard') ? ids((row) => row.healthFundCardId) : []),
            ])
          : undefined,
        has('providerLocationLink') ? linksByIds(ids((row) => row.providerLocationLinkId)) : undefined,
        has('cancellationPolicy') ? rows(`${statements.organisations} where o.id = $1`, [organisationId]) : undefined,
        has('latestTransaction')
          ? latestTransactions(
              organisationId,
              list.map((row) => row.id),
            )
          : undefined,
      ]);
    if (has('cancellationPolicy') && organisation.length === 0)
      throw new NotFound(`Organisation ${organisationId} not found`);
    const businesses = has('location.business')
      ? await businessesByIds(
          list.flatMap((row) =>
            locationRows.has(row.locationId) ? [locationRows.get(row.locationId).businessId] : [],
          ),
        )
      : undefined;

    const now = new Date();
    const answers = {
      providers: new Map(),
      locations: new Map(),
      types: new Map(),
      clients: new Map(),
      fundCards: new Map(),
      paymentMethods: new Map(),
      links: new Map(),
    };
    const party = (cache, row, render) => (row ? sharedOnce(cache, row, render) : null);
    const withBillableItems = has('latestTransaction.transactionItems.billableItem');
    return list.map((booking) => {
      const location = locationRows.get(booking.locationId);
      const paymentMethod = has('paymentMethod')
        ? (booking.paymentMethodId && cards.get(booking.paymentMethodId)) || null
        : undefined;
      const healthFundCard = has('healthFundCard')
        ? (booking.healthFundCardId && cards.get(booking.healthFundCardId)) || null
        : undefined;
      const link = links ? (links.get(booking.providerLocationLinkId) ?? null) : undefined;
      const transaction = transactions ? (transactions.get(booking.id) ?? null) : undefined;
      return bookingResponse(
        booking,
        {
          provider: party(answers.providers, providerRows.get(booking.providerId), providerResponse),
          location: party(answers.locations, location, (row) =>
            locationResponse(row, {
              business: businesses
                ? (businesses.get(row.businessId) ?? null) && businessResponse(businesses.get(row.businessId))
                : undefined,
              registrations: has('location.registrations'),
            }),
          ),
          appointmentType: party(answers.types, typeRows.get(booking.appointmentTypeId), (row) =>
            appointmentTypeResponse(row, { withServiceItems: has('appointmentType.billableItems.serviceItem') }),
          ),
          client: party(answers.clients, clientRows.get(booking.clientId), (client) => client),
        },
        {
          ...(healthFundCard !== undefined
            ? {
                healthFundCard:
                  healthFundCard &&
                  sharedOnce(answers.fundCards, healthFundCard, (read) =>
                    healthFundCardResponse(read.card, read.healthFund),
                  ),
              }
            : {}),
          ...(paymentMethod !== undefined
            ? {
                paymentMethod:
                  paymentMethod &&
                  sharedOnce(answers.paymentMethods, paymentMethod, (read) => paymentMethodResponse(read.card)),
              }
            : {}),
          ...(link !== undefined
            ? { providerLocationLink: link && sharedOnce(answers.links, link, linkResponse) }
            : {}),
          ...(organisation
            ? { cancellationPolicy: cancellationPolicyResponse(organisation[0].bookingSettings, booking, now) }
            : {}),
          ...(transaction !== undefined
            ? { latestTransaction: transaction && transactionResponse(transaction, { withBillableItems }) }
            : {}),
        },
        { pmsAttendeeId: has('pmsAttendeeId') },
      );
    });
  }

  // ---- E ----------------------------------------------------------------------------------------

  /** A payout's payment transactions in `createdAt, id` order, as a payout listing shows them. */
  async function payoutTransactions(businessId, payoutId, page) {
    const [payout] = await rows(`${statements.payouts} where o.id = $1 and o.business_id = $2`, [payoutId, businessId]);
    if (!payout) throw new NotFound(`Payout ${payoutId} not found`);
    const items = await rows(
      `${statements.payoutTransactions} where ${OF_PAYOUT} order by pt.created_at, pt.id limit $2 offset $3`,
      [payout.id, page.limit, (page.page - 1) * page.limit],
    );
    const reads = await readPaymentTransactions(payout.organisationId, items, { withEventMembers: true });
    return pageOf(
      reads.map((read) => paymentTransactionResponse(read, true)),
      payout.transactionCount,
      page,
    );
  }

  return { providers, bookings, payoutTransactions, bookingAnswers: expandBookings };
}
