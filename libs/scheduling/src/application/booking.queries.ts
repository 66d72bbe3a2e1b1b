import { Injectable } from '@nestjs/common';
import { type Expansion, listWindow, ReadModel, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { clientIdsNamed, ClientQueries, type ClientView } from '@app/membership';
import { type Business, type Location, DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import { type Attendance, Booking, type BookingStatus } from '../domain/booking.js';
import { BookingCounts } from '../domain/booking-counts.js';
import { isManageTokenShaped, manageTokenHash } from '../domain/manage-token.js';
import { bookingNotFound, manageTokenNotFound } from '../domain/scheduling.errors.js';
import { AppointmentTypeQueries } from './appointment-type.queries.js';

export const BOOKING_EXPANSIONS = [
  'paymentMethod',
  'healthFundCard',
  'cancellationPolicy',
  'latestTransaction',
  'latestTransaction.transactionItems.billableItem',
  'location.business.capabilities',
  'providerLocationLink',
  'pmsAttendeeId',
  'location.registrations',
  'appointmentType.billableItems.serviceItem',
] as const;
export type BookingExpansion = (typeof BOOKING_EXPANSIONS)[number];

export interface BookingFilters {
  status?: BookingStatus[];
  serviceDateMin?: Date;
  serviceDateMax?: Date;
  paid?: boolean;
  providerId?: string;
  locationId?: string;
  clientId?: string;
  /** The start of the client's first, last or full name, ignoring case and accents (as client search matches names). */
  clientName?: string;
  attendance?: Attendance[];
  seriesId?: string;
}

/**
 * A booking with the parties its answer shows: provider, location, appointment type and client.
 * `business` is set when the location's business is expanded; the other expansions are read above
 * this context.
 */
export interface BookingView {
  booking: Booking;
  expansion: Expansion<BookingExpansion>;
  provider: ProviderView | null;
  location: Location | null;
  business?: Business | null;
  appointmentType: AppointmentType | null;
  client: ClientView | null;
}

export const BOOKINGS = ReadModel.of(Booking, 'b');
export const BOOKING_COUNTS = ReadModel.of(BookingCounts, 'c');

/** Reads of bookings: pages and single bookings for answers, and a booking with its parties for writes. */
export abstract class BookingQueries {
  /**
   * A page of the organisation's bookings, newest service date first, or in sync mode
   * (`updatedSince`) those changed since, `updatedAt, id` ascending; 404 for an unknown organisation.
   */
  abstract list(organisationId: string, page: PageRequest, filters: BookingFilters): Promise<Page<Booking>>;
  /** The organisation's booking, or its 404. */
  abstract find(organisationId: string, bookingId: string): Promise<Booking>;
  /** The organisation's bookings, in the order of `bookingIds`; a 404 for the first missing. */
  abstract findAll(organisationId: string, bookingIds: readonly string[]): Promise<Booking[]>;
  /** The booking a manage token names, or its 404. */
  abstract byManageToken(token: string): Promise<Booking>;
  /** The parties of each booking, one read per kind of party whatever the number of bookings. */
  abstract withParties(organisationId: string, rows: Booking[], expansion: Expansion<BookingExpansion>): Promise<BookingView[]>;
  /**
   * The booking with its parties, as a write answers and records it, read in the write's
   * transaction. Only the parties are read here, whatever `expansion` asks of the answer.
   */
  async get(organisationId: string, bookingId: string, expansion: Expansion<BookingExpansion>): Promise<BookingView> {
    const [view] = await this.withParties(organisationId, [await this.find(organisationId, bookingId)], expansion);
    return view;
  }

  /** `get` of several bookings (a repeat's), their parties read once for all. */
  async getAll(organisationId: string, bookingIds: readonly string[], expansion: Expansion<BookingExpansion>): Promise<BookingView[]> {
    return this.withParties(organisationId, await this.findAll(organisationId, bookingIds), expansion);
  }
}

/** `BookingQueries` on PostgreSQL: a page is one statement for its rows and one for the count. */
@Injectable()
export class SqlBookingQueries extends BookingQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly clients: ClientQueries,
  ) {
    super();
  }

  async list(organisationId: string, page: PageRequest, filters: BookingFilters): Promise<Page<Booking>> {
    await this.organisations.assertExists(organisationId);
    const filtered = whereOf(organisationId, filters);
    const window = listWindow('b', page, 'b.service_date desc, b.id desc', filtered.params.length + 1);
    const where = filtered.where + window.condition;
    const params = [...filtered.params, ...window.params];
    const paging = pagingOf(page, params);
    // The page's ids first, from an index alone, then only those rows: a deep page skips index
    // entries instead of whole rows.
    const [rows, total] = await Promise.all([
      this.sql.select(
        BOOKINGS,
        `join (select b.id from bookings b where ${where} order by ${window.orderBy} ${paging.clause}) page using (id)
         order by ${window.orderBy}`,
        paging.params,
      ),
      this.count(organisationId, filters, page.updatedSince !== undefined, where, params),
    ]);
    return pageOf(rows, total, page);
  }

  /** From the trigger-kept counters when only `status` filters (the common dashboard case), else counted. */
  private async count(organisationId: string, filters: BookingFilters, syncing: boolean, where: string, params: unknown[]): Promise<number> {
    const { status, ...others } = filters;
    if (!syncing && Object.values(others).every((value) => value === undefined)) {
      const { bookings, cancelled } = (await this.sql.first(BOOKING_COUNTS, 'where c.organisation_id = $1', [organisationId])) ?? { bookings: 0, cancelled: 0 };
      const statuses = new Set(status ?? []);
      if (statuses.size === 1) return statuses.has('cancelled') ? cancelled : bookings - cancelled;
      return bookings;
    }
    return this.sql.count(BOOKINGS, `where ${where}`, params);
  }

  async find(organisationId: string, bookingId: string): Promise<Booking> {
    const booking = await this.sql.first(BOOKINGS, 'where b.organisation_id = $1 and b.id = $2', [organisationId, bookingId]);
    if (!booking) throw bookingNotFound(bookingId);
    return booking;
  }

  async findAll(organisationId: string, bookingIds: readonly string[]): Promise<Booking[]> {
    const rows = await this.sql.select(BOOKINGS, 'where b.organisation_id = $1 and b.id = any($2)', [organisationId, [...bookingIds]]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return bookingIds.map((id) => {
      const booking = byId.get(id);
      if (!booking) throw bookingNotFound(id);
      return booking;
    });
  }

  async byManageToken(token: string): Promise<Booking> {
    const booking = isManageTokenShaped(token) ? await this.sql.first(BOOKINGS, 'where b.manage_token_hash = $1', [manageTokenHash(token)]) : null;
    if (!booking) throw manageTokenNotFound();
    return booking;
  }

  async withParties(organisationId: string, rows: Booking[], expansion: Expansion<BookingExpansion>): Promise<BookingView[]> {
    if (rows.length === 0) return [];
    const ids = (pick: (row: Booking) => string): string[] => [...new Set(rows.map(pick))];
    const [providers, locations, appointmentTypes, clients] = await Promise.all([
      this.providers.byIds(
        organisationId,
        ids((row) => row.providerId),
      ),
      this.locations.locations(
        organisationId,
        ids((row) => row.locationId),
      ),
      this.appointmentTypes.byIds(
        organisationId,
        ids((row) => row.appointmentTypeId),
      ),
      this.clients.findByIds(
        organisationId,
        ids((row) => row.clientId),
      ),
    ]);
    return rows.map((booking) => ({
      booking,
      expansion,
      provider: providers.get(booking.providerId) ?? null,
      location: locations.get(booking.locationId) ?? null,
      appointmentType: appointmentTypes.get(booking.appointmentTypeId) ?? null,
      client: clients.get(booking.clientId) ?? null,
    }));
  }
}

/**
 * The page's `limit … offset …` and the statement's parameters with its own after `params`. The
 * first page writes its limit into the statement and has no offset: PostgreSQL prices a generic
 * plan for `limit $n` at a tenth of the organisation's bookings and so plans that statement on
 * every call (about 200 µs), while with a number it keeps one plan per connection. Limits are
 * validated integers from 1 to 200.
 */
function pagingOf(page: PageRequest, params: unknown[]): { clause: string; params: unknown[] } {
  if (page.page !== 1) return { clause: `limit $${params.length + 1} offset $${params.length + 2}`, params: [...params, page.limit, offsetOf(page)] };
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new Error(`Invalid page limit ${String(page.limit)}`);
  return { clause: `limit ${page.limit}`, params };
}

function whereOf(organisationId: string, filters: BookingFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [organisationId];
  const conditions = ['b.organisation_id = $1'];
  const compare = (column: string, operator: string, value: unknown) => {
    params.push(value);
    conditions.push(`${column} ${operator} $${params.length}`);
  };
  const statuses = new Set(filters.status ?? []);
  if (statuses.size === 1) conditions.push(statuses.has('cancelled') ? 'b.cancelled_at is not null' : 'b.cancelled_at is null');
  if (filters.serviceDateMin) compare('b.service_date', '>=', filters.serviceDateMin);
  if (filters.serviceDateMax) compare('b.service_date', '<', filters.serviceDateMax);
  if (filters.paid !== undefined) compare('b.paid', '=', filters.paid);
  if (filters.providerId) compare('b.provider_id', '=', filters.providerId);
  if (filters.locationId) compare('b.location_id', '=', filters.locationId);
  if (filters.clientId) compare('b.client_id', '=', filters.clientId);
  if (filters.clientName !== undefined) {
    const named = clientIdsNamed(filters.clientName, '$1', params.length + 1);
    params.push(...named.params);
    conditions.push(`b.client_id in (${named.sql})`);
  }
  if (filters.attendance?.length) {
    params.push([...new Set(filters.attendance)]);
    conditions.push(`b.attendance = any($${params.length})`);
  }
  if (filters.seriesId) compare('b.series_id', '=', filters.seriesId);
  return { where: conditions.join(' and '), params };
}
