// The read paths of scenarios A (providers page) and B (bookings page) written directly on `pg`,
// for the two baselines. Every statement is the parameterised text the service sends, in the same
// order and with the same concurrency, and each answer is built with the same key order as the
// service's DTOs, so the JSON is byte-identical. The column lists are not copied: `loadStatements`
// asks the service's own read models for them, so a field added to a mapping reaches the baselines
// without an edit here. `test/bench-baselines.e2e-spec.ts` checks statements and bytes on every
// test run; the harness checks them again before it measures.
//
// The rest is copied from (keep in step with):
//   libs/organisations/src/application/organisation.queries.ts     assertExists (remembered once found)
//   libs/practitioners/src/application/practitioner.queries.ts     list, byIds
//   libs/practitioners/src/http/dto/provider.response.ts           ProviderResponse.from
//   libs/scheduling/src/application/booking.queries.ts             list, count, withParties
//   libs/composition/src/bookings/booking-views.ts                 list, expand (no expansion)
//   libs/scheduling/src/http/dto/booking.response.ts               renderBooking
//   libs/scheduling/src/http/dto/appointment-type.response.ts      AppointmentTypeResponse.from
//   libs/organisations/src/application/directory.queries.ts        locations
//   libs/organisations/src/http/dto/location.response.ts           LocationResponse.from
//   libs/membership/src/application/client.queries.ts              findByIds

import { join } from 'node:path';
import pg from 'pg';

/**
 * How each statement the baselines send starts (`select <columns> from <table> <alias>`), from the
 * service's read models, and the names the service sends them under (`names.of(text)`: prepared
 * statements, unless `DATABASE_PREPARED_STATEMENTS=false`, read as the service reads it).
 * `importModule` loads one of the service's modules by its path from the repository root: the
 * built `dist/` in the benchmark, the sources in the tests.
 */
export async function loadStatements(databaseUrl, importModule, preparedStatements = process.env.DATABASE_PREPARED_STATEMENTS !== 'false') {
  const [{ MikroORM }, { createOrmConfig }, { SqlReader }, { StatementNames }, organisations, providers, bookings, locations, appointmentTypes, clients] =
    await Promise.all([
      import('@mikro-orm/postgresql'),
      importModule('apps/api/src/database/orm-config.js'),
      importModule('libs/shared/src/sql/sql-reader.js'),
      importModule('libs/shared/src/sql/statement-names.js'),
      importModule('libs/organisations/src/application/organisation.queries.js'),
      importModule('libs/practitioners/src/application/practitioner.queries.js'),
      importModule('libs/scheduling/src/application/booking.queries.js'),
      importModule('libs/organisations/src/application/directory.queries.js'),
      importModule('libs/scheduling/src/application/appointment-type.queries.js'),
      importModule('libs/membership/src/application/client.queries.js'),
    ]);
  const orm = await MikroORM.init({ ...createOrmConfig(databaseUrl), pool: { min: 0, max: 1 } });
  try {
    const sql = new SqlReader(orm);
    return {
      names: new StatementNames(preparedStatements),
      organisationCount: sql.countOf(organisations.ORGANISATIONS),
      providers: sql.selectOf(providers.PROVIDERS),
      providerCount: sql.countOf(providers.PROVIDERS),
      bookings: sql.selectOf(bookings.BOOKINGS),
      bookingCounts: sql.selectOf(bookings.BOOKING_COUNTS),
      locations: sql.selectOf(locations.LOCATIONS),
      appointmentTypes: sql.selectOf(appointmentTypes.APPOINTMENT_TYPES),
      clients: sql.selectOf(clients.CLIENTS),
    };
  } finally {
    await orm.close(true);
  }
}

/** `loadStatements` on the service built into `dist/` (the benchmark builds it first). */
export function loadBuiltStatements(databaseUrl) {
  const root = join(import.meta.dirname, '..', '..');
  return loadStatements(databaseUrl, (path) => import(join(root, 'dist', path)));
}

export class NotFound extends Error {}

const iso = (value) => (value === null ? null : new Date(value).toISOString());

function providerResponse(provider) {
  return {
    id: provider.id,
    createdAt: new Date(provider.createdAt).toISOString(),
    updatedAt: new Date(provider.updatedAt).toISOString(),
    locationIds: provider.locationIds,
    deleted: provider.deleted,
    bookingsEnabled: provider.bookingsEnabled,
    mobileNumber: provider.mobileNumber,
    email: provider.email,
    firstName: provider.firstName,
    middleName: provider.middleName,
    lastName: provider.lastName,
    profileImageUrl: provider.profileImageUrl,
  };
}

function locationResponse(location) {
  const address = location.address;
  return {
    id: location.id,
    name: location.name,
    createdAt: new Date(location.createdAt).toISOString(),
    updatedAt: new Date(location.updatedAt).toISOString(),
    timeZone: location.timeZone,
    address: {
      line1: address.line1,
      line2: address.line2,
      suburb: address.suburb,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
      country: address.country,
      countryCode: address.countryCode,
    },
    suggestedTaxIdentifier: location.suggestedTaxIdentifier,
    bookingCustomText: location.bookingCustomText,
    businessId: location.businessId,
    email: location.email,
    organisationId: location.organisationId,
  };
}

function appointmentTypeResponse(type) {
  return {
    id: type.id,
    name: type.name,
    durationMinutes: type.durationMinutes,
    price: type.price,
    providers: type.providerIds,
    locations: type.locationIds,
    createdAt: new Date(type.createdAt).toISOString(),
    updatedAt: new Date(type.updatedAt).toISOString(),
    deleted: type.deleted,
    maxAttendees: type.maxAttendees,
    description: type.description,
    category: type.category,
    billableItems: type.billableItems.map((item) => ({
      name: item.name,
      basePrice: item.basePrice,
      totalPrice: item.totalPrice,
      taxAmount: item.taxAmount,
      taxRate: item.taxRate,
      id: item.id,
      itemCode: item.itemCode,
      pmsBillableItemId: item.pmsBillableItemId,
    })),
  };
}

function clientView(row) {
  return {
    id: row.id,
    deleted: row.deleted,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    memberId: row.memberId,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    mobileNumber: row.mobileNumber,
    email: row.email,
    pmsPatientId: row.pmsPatientId,
    pmsCreatedAt: row.pmsCreatedAt === null ? null : new Date(row.pmsCreatedAt).toISOString(),
    profileImageUrl: row.profileImageUrl,
  };
}

const DATE_OID = 1082;

/**
 * A pool that reads `date` columns as text (`YYYY-MM-DD`), as the ORM's type parsers do. The ORM's
 * parsers keep timestamps as text too; here `pg` makes them Dates, and both answers turn them into
 * the same ISO strings.
 */
export function createPool(connectionString, max = 10) {
  const getTypeParser = (oid, format) => (oid === DATE_OID ? (text) => text : pg.types.getTypeParser(oid, format));
  return new pg.Pool({ connectionString, max, types: { getTypeParser } });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const byId = (rows, map = (row) => row) => new Map(rows.map((row) => [row.id, map(row)]));

/** `page` and `limit` as the service reads them (defaults 1 and 10); anything else is a 400. */
export function pageRequest(query) {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 200) return null;
  return { page, limit };
}

/** The two read paths over one `pg.Pool`, with the statements of `loadStatements`. */
export function createQueries(pool, statements) {
  const rows = async (text, values) => (await pool.query({ name: statements.names.of(text), text, values })).rows;
  const existing = new Set();

  async function assertExists(organisationId) {
    if (existing.has(organisationId)) return;
    const [{ total: count }] = await rows(`${statements.organisationCount} where o.id = $1`, [organisationId]);
    if (count === 0) throw new NotFound(`Organisation ${organisationId} not found`);
    existing.add(organisationId);
  }

  const pageOf = (items, totalItems, { page, limit }) => ({ items, page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) });

  async function providers(organisationId, page) {
    await assertExists(organisationId);
    const [list, [{ total }]] = await Promise.all([
      rows(`${statements.providers} where p.organisation_id = $1 and ($2 or not p.deleted) order by p.last_name, p.first_name, p.id limit $3 offset $4`, [
        organisationId,
        false,
        page.limit,
        (page.page - 1) * page.limit,
      ]),
      rows(`${statements.providerCount} where p.organisation_id = $1 and ($2 or not p.deleted)`, [organisationId, false]),
    ]);
    return pageOf(list.map(providerResponse), total, page);
  }

  async function bookings(organisationId, page) {
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

    const ids = (pick) => [...new Set(list.flatMap((row) => pick(row) ?? []))];
    const clientIds = ids((row) => row.clientId).filter((id) => UUID.test(id));
    const [providerRows, locationRows, typeRows, clientRows] = await Promise.all([
      rows(`${statements.providers} where p.organisation_id = $1 and p.id = any($2)`, [organisationId, ids((row) => row.providerId)]),
      rows(`${statements.locations} where l.organisation_id = $1 and l.id = any($2)`, [organisationId, ids((row) => row.locationId)]),
      rows(`${statements.appointmentTypes} where t.organisation_id = $1 and t.id = any($2)`, [organisationId, ids((row) => row.appointmentTypeId)]),
      clientIds.length ? rows(`${statements.clients} where c.organisation_id = $1 and c.id = any($2)`, [organisationId, clientIds]) : [],
    ]);
    const providersById = byId(providerRows, providerResponse);
    const locationsById = byId(locationRows, locationResponse);
    const typesById = byId(typeRows, appointmentTypeResponse);
    const clientsById = byId(clientRows, clientView);

    const items = list.map((booking) => ({
      id: booking.id,
      createdAt: iso(booking.createdAt),
      updatedAt: iso(booking.updatedAt),
      locationId: booking.locationId,
      providerId: booking.providerId,
      appointmentTypeId: booking.appointmentTypeId,
      clientId: booking.clientId,
      provider: providersById.get(booking.providerId) ?? null,
      location: locationsById.get(booking.locationId) ?? null,
      appointmentType: typesById.get(booking.appointmentTypeId) ?? null,
      serviceDate: iso(booking.serviceDate),
      client: clientsById.get(booking.clientId) ?? null,
      paid: booking.paid,
      invoiced: booking.invoiced,
      adjustments: booking.adjustments,
      servicePrice: booking.servicePrice,
      cancelledAt: iso(booking.cancelledAt),
      status: booking.cancelledAt ? 'cancelled' : 'confirmed',
      attendance: booking.attendance,
      arrivedAt: iso(booking.arrivedAt),
      seriesId: booking.seriesId,
      pmsBookingId: booking.pmsBookingId,
    }));
    return pageOf(items, total, page);
  }

  return { providers, bookings };
}
