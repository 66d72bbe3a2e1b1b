// The read paths of scenarios A (providers page) and B (bookings page) written directly on `pg`,
// for the two baselines. Every statement is the parameterised text the service sends (its
// `SqlReader`), in the same order and with the same concurrency, and each answer is built with the
// same key order as the service's DTOs, so the JSON is byte-identical.
//
// Copied from (keep in step with):
//   libs/organisations/src/application/organisation-directory.ts  assertExists (remembered once found)
//   libs/practitioners/src/application/provider.queries.ts         list, byIds
//   libs/practitioners/src/http/dto/provider.dto.ts                ProviderResponse.from
//   libs/scheduling/src/application/booking.queries.ts             list, count, assemble (no expansion)
//   libs/scheduling/src/http/dto/booking.dto.ts                    BookingResponse.from
//   libs/scheduling/src/http/dto/appointment-type.dto.ts           AppointmentTypeResponse.from
//   libs/organisations/src/application/location-reader.ts          locations
//   libs/organisations/src/http/dto/location.dto.ts                LocationResponse.from
//   libs/membership/src/application/client-reader.ts               findByIds
// The harness checks both: the statements (against the service's, logged in the same run) and the bytes.

import pg from 'pg';

const PROVIDER_COLUMNS = `
  p.id, p.created_at as "createdAt", p.deleted, p.bookings_enabled as "bookingsEnabled", p.mobile_number as "mobileNumber",
  p.email, p.first_name as "firstName", p.middle_name as "middleName", p.last_name as "lastName", p.profile_image_url as "profileImageUrl",
  coalesce((select array_agg(l.location_id::text order by l.created_at, l.id) from provider_location_links l
            where l.provider_id = p.id and not l.deleted), '{}') as "locationIds"`;

const BOOKING_COLUMNS = `
  b.id, b.created_at as "createdAt", b.location_id as "locationId", b.provider_id as "providerId",
  b.appointment_type_id as "appointmentTypeId", b.client_id as "clientId", b.service_date as "serviceDate",
  b.paid, b.invoiced, b.adjustments, b.service_price as "servicePrice", b.cancelled_at as "cancelledAt",
  b.payment_method_id as "paymentMethodId", b.health_fund_card_id as "healthFundCardId",
  b.provider_location_link_id as "providerLocationLinkId", b.pms_booking_id as "pmsBookingId", b.pms_attendee_id as "pmsAttendeeId"`;

export class NotFound extends Error {}

const iso = (value) => (value === null ? null : new Date(value).toISOString());

function providerResponse(provider) {
  return {
    id: provider.id,
    createdAt: new Date(provider.createdAt).toISOString(),
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

/** A pool that reads `date` columns as text (`YYYY-MM-DD`), as the ORM's type parsers do. */
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

/** The two read paths over one `pg.Pool`. */
export function createQueries(pool) {
  const rows = async (text, params) => (await pool.query(text, params)).rows;
  const existing = new Set();

  async function assertExists(organisationId) {
    if (existing.has(organisationId)) return;
    const [{ count }] = await rows('select count(*) as "count" from "organisations" as "o0" where "o0"."id" = $1', [organisationId]);
    if (Number(count) === 0) throw new NotFound(`Organisation ${organisationId} not found`);
    existing.add(organisationId);
  }

  const pageOf = (items, totalItems, { page, limit }) => ({ items, page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) });

  async function providers(organisationId, page) {
    await assertExists(organisationId);
    const [list, [{ total }]] = await Promise.all([
      rows(
        `select ${PROVIDER_COLUMNS} from providers p
         where p.organisation_id = $1 and ($2 or not p.deleted)
         order by p.last_name, p.first_name, p.id limit $3 offset $4`,
        [organisationId, false, page.limit, (page.page - 1) * page.limit],
      ),
      rows('select count(*)::int as total from providers where organisation_id = $1 and ($2 or not deleted)', [organisationId, false]),
    ]);
    return pageOf(list.map(providerResponse), total, page);
  }

  async function bookings(organisationId, page) {
    await assertExists(organisationId);
    const [list, counts] = await Promise.all([
      rows(
        `select ${BOOKING_COLUMNS} from bookings b
         join (select b.id from bookings b where b.organisation_id = $1 order by b.service_date desc, b.id desc limit $2 offset $3) page using (id)
         order by b.service_date desc, b.id desc`,
        [organisationId, page.limit, (page.page - 1) * page.limit],
      ),
      rows('select bookings, cancelled from booking_counts where organisation_id = $1', [organisationId]),
    ]);
    const total = counts[0]?.bookings ?? 0;
    if (list.length === 0) return pageOf([], total, page);

    const ids = (pick) => [...new Set(list.flatMap((row) => pick(row) ?? []))];
    const clientIds = ids((row) => row.clientId).filter((id) => UUID.test(id));
    const [providerRows, locationRows, typeRows, clientRows] = await Promise.all([
      rows(`select ${PROVIDER_COLUMNS} from providers p where p.organisation_id = $1 and p.id = any($2)`, [organisationId, ids((row) => row.providerId)]),
      rows(
        'select "id" as "id", "organisation_id" as "organisationId", "business_id" as "businessId", "name" as "name", "time_zone" as "timeZone", "address" as "address", "email" as "email", "suggested_tax_identifier" as "suggestedTaxIdentifier", "booking_custom_text" as "bookingCustomText", "registrations" as "registrations", "created_at" as "createdAt" from "locations" where organisation_id = $1 and id = any($2)',
        [organisationId, ids((row) => row.locationId)],
      ),
      rows(
        'select "id" as "id", "organisation_id" as "organisationId", "name" as "name", "duration_minutes" as "durationMinutes", "price" as "price", "provider_ids" as "providerIds", "location_ids" as "locationIds", "max_attendees" as "maxAttendees", "description" as "description", "category" as "category", "item_code" as "itemCode", "billable_items" as "billableItems", "deleted" as "deleted", "created_at" as "createdAt" from "appointment_types" where organisation_id = $1 and id = any($2)',
        [organisationId, ids((row) => row.appointmentTypeId)],
      ),
      clientIds.length
        ? rows(
            'select "id" as "id", "organisation_id" as "organisationId", "member_id" as "memberId", "first_name" as "firstName", "last_name" as "lastName", "date_of_birth" as "dateOfBirth", "mobile_number" as "mobileNumber", "email" as "email", "pms_patient_id" as "pmsPatientId", "pms_created_at" as "pmsCreatedAt", "profile_image_url" as "profileImageUrl", "deleted" as "deleted", "created_at" as "createdAt" from "clients" where organisation_id = $1 and id = any($2)',
            [organisationId, clientIds],
          )
        : [],
    ]);
    const providersById = byId(providerRows, providerResponse);
    const locationsById = byId(locationRows, locationResponse);
    const typesById = byId(typeRows, appointmentTypeResponse);
    const clientsById = byId(clientRows, clientView);

    const items = list.map((booking) => ({
      id: booking.id,
      createdAt: iso(booking.createdAt),
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
      pmsBookingId: booking.pmsBookingId,
    }));
    return pageOf(items, total, page);
  }

  return { providers, bookings };
}
