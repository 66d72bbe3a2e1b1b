import { Injectable } from '@nestjs/common';
import type { Expansion } from '@app/shared';
import { computed, limitAndOffset, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { clientIdsNamed, ClientQueries } from '@app/membership';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { AppointmentTypeQueries } from '../../application/appointment-type.queries.js';
import {
  type BookingExpansion,
  type BookingFilters,
  BookingQueries,
  type BookingView,
} from '../../application/booking.queries.js';
import { Booking } from '../../domain/booking.js';
import { BookingCounts, BookingDayCounts } from '../../domain/booking-counts.js';
import { isManageTokenShaped, manageTokenHash } from '../../domain/manage-token.js';
import { bookingNotFound, manageTokenNotFound } from '../../domain/scheduling.errors.js';

export const BOOKINGS = ReadModel.of(Booking, 'b');
export const BOOKING_COUNTS = ReadModel.of(BookingCounts, 'c');
/** The bookings and cancellations of a run of days, added up (`where` picks the organisation and days). */
export const BOOKING_DAY_TOTALS = ReadModel.of(BookingDayCounts, 'd', {
  omit: ['organisationId', 'day', 'bookings', 'cancelled'],
  computed: {
    totalBookings: computed.integer('coalesce(sum(d.bookings), 0)::int'),
    totalCancelled: computed.integer('coalesce(sum(d.cancelled), 0)::int'),
  },
});

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
    const params = new SqlParams();
    const filtered = whereOf(organisationId, filters, params);
    const window = listWindow('b', page, 'b.service_date desc, b.id desc', params);
    const where = filtered + window.condition;
    const filter = params.values;
    const counted = countedOf(filters, page.updatedSince !== undefined);
    // The page's ids first, from an index alone, then only those rows: a deep page skips index
    // entries instead of whole rows, and with the day counters only those of its own day.
    const ids =
      counted?.days && page.page > 1
        ? seekingPage(counted.only, counted.days, counted.parts.at(-1), where, params, page)
        : {
            sql: `select b.id from bookings b where ${where} order by ${window.orderBy}`,
            clause: pagingOf(page, params),
          };
    const [rows, total] = await Promise.all([
      this.sql.select(
        BOOKINGS,
        `join (${ids.sql} ${ids.clause}) page using (id)
         order by ${window.orderBy}`,
        params.values,
      ),
      this.count(organisationId, counted, where, filter),
    ]);
    return pageOf(rows, total, page);
  }

  /**
   * From the trigger-kept counters when `counted` (only `status` and the service date range
   * filter: the dashboard's lists): the organisation's totals, or its whole UTC days in the range
   * plus the bookings of the part days at its ends, counted from the index. Else counted.
   */
  private async count(
    organisationId: string,
    counted: Counted | undefined,
    where: string,
    params: unknown[],
  ): Promise<number> {
    if (!counted || (counted.ranged && !counted.days)) return this.sql.count(BOOKINGS, `where ${where}`, params);
    const ofStatus = ({ bookings, cancelled }: { bookings: number; cancelled: number }) =>
      counted.only === 'cancelled' ? cancelled : counted.only === 'confirmed' ? bookings - cancelled : bookings;
    if (!counted.days) {
      return ofStatus(
        (await this.sql.first(BOOKING_COUNTS, 'where c.organisation_id = $1', [organisationId])) ?? {
          bookings: 0,
          cancelled: 0,
        },
      );
    }
    const dayParams = new SqlParams(organisationId);
    const days = dayConditionsOf(counted.days, dayParams);
    const [totals, rest] = await Promise.all([
      this.sql.first(BOOKING_DAY_TOTALS, `where ${days}`, dayParams.values),
      counted.parts.length ? this.countParts(organisationId, counted.only, counted.parts) : 0,
    ]);
    return ofStatus({ bookings: totals!.totalBookings, cancelled: totals!.totalCancelled }) + rest;
  }

  /** The bookings in each of `parts` (each within a day), from the index alone. */
  private countParts(organisationId: string, only: OnlyStatus, parts: { from: Date; to: Date }[]): Promise<number> {
    const params = new SqlParams(organisationId);
    const ranges = parts.map(
      ({ from, to }) => `b.service_date >= ${params.add(from)} and b.service_date < ${params.add(to)}`,
    );
    return this.sql.count(
      BOOKINGS,
      `where b.organisation_id = $1${statusCondition('b', only)} and (${ranges.join(' or ')})`,
      params.values,
    );
  }

  async find(organisationId: string, bookingId: string): Promise<Booking> {
    const booking = await this.sql.first(BOOKINGS, 'where b.organisation_id = $1 and b.id = $2', [
      organisationId,
      bookingId,
    ]);
    if (!booking) throw bookingNotFound(bookingId);
    return booking;
  }

  async byManageToken(token: string): Promise<Booking> {
    const booking = isManageTokenShaped(token)
      ? await this.sql.first(BOOKINGS, 'where b.manage_token_hash = $1', [manageTokenHash(token)])
      : null;
    if (!booking) throw manageTokenNotFound();
    return booking;
  }

  async withParties(
    organisationId: string,
    rows: Booking[],
    expansion: Expansion<BookingExpansion>,
  ): Promise<BookingView[]> {
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
 * The page's `limit … offset …`, its parameters added to `params`. The first page writes its limit
 * into the statement and has no offset: PostgreSQL prices a generic plan for `limit $n` at a tenth
 * of the organisation's bookings and so plans that statement on every call (about 200 µs), while
 * with a number it keeps one plan per connection. Limits are validated integers from 1 to 200.
 */
function pagingOf(page: PageRequest, params: SqlParams): string {
  if (page.page !== 1) return limitAndOffset(page, params);
  if (!Number.isSafeInteger(page.limit) || page.limit < 1) throw new Error(`Invalid page limit ${String(page.limit)}`);
  return `limit ${page.limit}`;
}

type OnlyStatus = 'confirmed' | 'cancelled' | undefined;

/** A list the counters can count: its one status (or none), and its service date range as days (`ranged` when it has one). */
interface Counted {
  only: OnlyStatus;
  ranged: boolean;
  days?: { from?: string; to?: string };
  parts: { from: Date; to: Date }[];
}

/** What the counters know of a list filtered by `filters`, when only `status` and the service date range filter it; undefined otherwise. */
function countedOf(filters: BookingFilters, syncing: boolean): Counted | undefined {
  const { status, serviceDateMin, serviceDateMax, ...others } = filters;
  if (syncing || Object.values(others).some((value) => value !== undefined)) return undefined;
  const statuses = new Set(status ?? []);
  const only = statuses.size === 1 ? (statuses.has('cancelled') ? 'cancelled' : 'confirmed') : undefined;
  if (!serviceDateMin && !serviceDateMax) return { only, ranged: false, parts: [] };
  return { only, ranged: true, ...daysOf(serviceDateMin, serviceDateMax) };
}

const statusCondition = (alias: string, only: OnlyStatus): string =>
  only ? ` and ${alias}.cancelled_at is ${only === 'cancelled' ? 'not ' : ''}null` : '';

/** The day counters' rows of the organisation (`$1`) in the whole days `days`, their bounds added to `params`. */
function dayConditionsOf(days: { from?: string; to?: string }, params: SqlParams): string {
  const conditions = ['d.organisation_id = $1'];
  if (days.from) conditions.push(`d.day >= ${params.add(days.from)}`);
  if (days.to) conditions.push(`d.day < ${params.add(days.to)}`);
  return conditions.join(' and ');
}

/**
 * The ids of a page past the first of a date range, seeking with the day counters instead of
 * skipping every booking before it: the bookings from the newest day on that the page's offset
 * passes whole (the counters' running total, newest day first, plus the part day at the range's
 * end) are left out by service date, and only the rest of the offset is skipped. One statement,
 * so the counters and the bookings are of one snapshot, and the page is the one `offset` gives.
 */
function seekingPage(
  only: OnlyStatus,
  days: { from?: string; to?: string },
  lastPart: { from: Date; to: Date } | undefined,
  where: string,
  params: SqlParams,
  page: PageRequest,
): { sql: string; clause: string } {
  const dayConditions = dayConditionsOf(days, params);
  const counted =
    only === 'cancelled' ? 'd.cancelled' : only === 'confirmed' ? 'd.bookings - d.cancelled' : 'd.bookings';
  // The part day at the newest end (after the last whole day), counted from the index: it comes first.
  const newest =
    lastPart && days.to && lastPart.from.getTime() === Date.parse(`${days.to}T00:00:00.000Z`)
      ? `(select count(*) from bookings t where t.organisation_id = $1${statusCondition('t', only)} and t.service_date >= ${params.add(lastPart.from)} and t.service_date < ${params.add(lastPart.to)})`
      : '0';
  const [limit, offset] = [params.add(page.limit), params.add(offsetOf(page))];
  return {
    sql: `with passed as (
            select d.day, ${newest} + sum(${counted}) over (order by d.day desc) as bookings
            from booking_day_counts d where ${dayConditions}),
          seek as (select p.day, p.bookings from passed p where p.bookings <= ${offset} order by p.day limit 1)
          select b.id from bookings b
          where ${where} and b.service_date < coalesce((select s.day::timestamp at time zone 'UTC' from seek s), 'infinity')
          order by b.service_date desc, b.id desc`,
    clause: `limit ${limit} offset ${offset} - coalesce((select s.bookings from seek s), 0)`,
  };
}

/** The conditions of a list of the organisation's bookings that `filters` narrows, their values added to `params`. */
function whereOf(organisationId: string, filters: BookingFilters, params: SqlParams): string {
  const organisation = params.add(organisationId);
  const conditions = [`b.organisation_id = ${organisation}`];
  const compare = (column: string, operator: string, value: unknown) =>
    conditions.push(`${column} ${operator} ${params.add(value)}`);
  const statuses = new Set(filters.status ?? []);
  if (statuses.size === 1)
    conditions.push(statuses.has('cancelled') ? 'b.cancelled_at is not null' : 'b.cancelled_at is null');
  if (filters.serviceDateMin) compare('b.service_date', '>=', filters.serviceDateMin);
  if (filters.serviceDateMax) compare('b.service_date', '<', filters.serviceDateMax);
  if (filters.paid !== undefined) compare('b.paid', '=', filters.paid);
  if (filters.providerId) compare('b.provider_id', '=', filters.providerId);
  if (filters.locationId) compare('b.location_id', '=', filters.locationId);
  if (filters.clientId) compare('b.client_id', '=', filters.clientId);
  if (filters.clientName !== undefined)
    conditions.push(`b.client_id in (${clientIdsNamed(filters.clientName, organisation, params)})`);
  if (filters.attendance?.length)
    conditions.push(`b.attendance = any(${params.add([...new Set(filters.attendance)])})`);
  if (filters.seriesId) compare('b.series_id', '=', filters.seriesId);
  return conditions.join(' and ');
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A service date range `[min, max)` as the whole UTC days in it (`from`, `to`: `YYYY-MM-DD`, each
 * open when its bound is) and the part days at its ends. No whole days (`days` undefined) when the
 * range lies within two days: then it is counted row by row, which costs no more.
 */
export function daysOf(
  min: Date | undefined,
  max: Date | undefined,
): { days?: { from?: string; to?: string }; parts: { from: Date; to: Date }[] } {
  const first = min && Math.ceil(min.getTime() / DAY_MS) * DAY_MS;
  const end = max && Math.floor(max.getTime() / DAY_MS) * DAY_MS;
  if (first !== undefined && end !== undefined && first >= end) return { parts: [] };
  const parts: { from: Date; to: Date }[] = [];
  if (min && first! > min.getTime()) parts.push({ from: min, to: new Date(first!) });
  if (max && end! < max.getTime()) parts.push({ from: new Date(end!), to: max });
  return {
    days: { from: first === undefined ? undefined : dayOf(first), to: end === undefined ? undefined : dayOf(end) },
    parts,
  };
}
