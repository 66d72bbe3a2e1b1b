import { Injectable } from '@nestjs/common';
import { Expansion, ReadModel, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ClientQueries, type ClientView } from '@app/membership';
import { type Business, type Location, DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries, type ProviderLocationLink, type ProviderView } from '@app/practitioners';
import { type CardView, WalletCardQueries } from '@app/wallet';
import { type TransactionView, TransactionQueries } from '@app/payments-and-claims';
import type { AppointmentType } from '../domain/appointment-type.js';
import { Booking, type BookingStatus } from '../domain/booking.js';
import { BookingCounts } from '../domain/booking-counts.js';
import { type CancellationPolicy, cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
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
}

/** A booking with everything its answer needs, batched across a page. */
export interface BookingView {
  booking: Booking;
  expansion: Expansion<BookingExpansion>;
  provider: ProviderView | null;
  location: Location | null;
  business?: Business | null;
  appointmentType: AppointmentType | null;
  client: ClientView | null;
  paymentMethod?: CardView | null;
  healthFundCard?: CardView | null;
  providerLocationLink?: ProviderLocationLink | null;
  cancellationPolicy?: CancellationPolicy;
  latestTransaction?: TransactionView | null;
}

export const BOOKINGS = ReadModel.of(Booking, 'b');
export const BOOKING_COUNTS = ReadModel.of(BookingCounts, 'c');

/**
 * The read side of bookings: one statement for the page, one for the count, and one per related
 * kind of thing (providers, locations, types, clients, cards, ...), whatever the page size.
 */
@Injectable()
export class BookingQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly clients: ClientQueries,
    private readonly wallet: WalletCardQueries,
    private readonly transactions: TransactionQueries,
  ) {}

  async list(
    organisationId: string,
    page: PageRequest,
    filters: BookingFilters,
    expansion: Expansion<BookingExpansion>,
    now: Date,
  ): Promise<Page<BookingView>> {
    await this.organisations.assertExists(organisationId);
    const { where, params } = whereOf(organisationId, filters);
    const paging = pagingOf(page, params);
    // The page's ids first, from an index alone, then only those rows: a deep page skips index
    // entries instead of whole rows.
    const [rows, total] = await Promise.all([
      this.sql.select(
        BOOKINGS,
        `join (select b.id from bookings b where ${where} order by b.service_date desc, b.id desc ${paging.clause}) page using (id)
         order by b.service_date desc, b.id desc`,
        paging.params,
      ),
      this.count(organisationId, filters, where, params),
    ]);
    return pageOf(await this.assemble(organisationId, rows, expansion, now), total, page);
  }

  /** From the trigger-kept counters when only `status` filters (the common dashboard case), else counted. */
  private async count(organisationId: string, filters: BookingFilters, where: string, params: unknown[]): Promise<number> {
    const { status, ...others } = filters;
    if (Object.values(others).every((value) => value === undefined)) {
      const { bookings, cancelled } = (await this.sql.first(BOOKING_COUNTS, 'where c.organisation_id = $1', [organisationId])) ?? { bookings: 0, cancelled: 0 };
      const statuses = new Set(status ?? []);
      if (statuses.size === 1) return statuses.has('cancelled') ? cancelled : bookings - cancelled;
      return bookings;
    }
    return this.sql.count(BOOKINGS, `where ${where}`, params);
  }

  async get(organisationId: string, bookingId: string, expansion: Expansion<BookingExpansion>, now: Date): Promise<BookingView> {
    const rows = await this.sql.select(BOOKINGS, 'where b.organisation_id = $1 and b.id = $2', [organisationId, bookingId]);
    if (rows.length === 0) throw bookingNotFound(bookingId);
    const [read] = await this.assemble(organisationId, rows, expansion, now);
    return read;
  }

  private async assemble(organisationId: string, rows: Booking[], expansion: Expansion<BookingExpansion>, now: Date): Promise<BookingView[]> {
    if (rows.length === 0) return [];
    const ids = (pick: (row: Booking) => string | null): string[] => {
      const unique = new Set<string>();
      for (const row of rows) {
        const id = pick(row);
        if (id !== null) unique.add(id);
      }
      return [...unique];
    };
    const [providers, locations, appointmentTypes, clients, cards, links, settings, transactions] = await Promise.all([
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
      expansion.has('paymentMethod') || expansion.has('healthFundCard')
        ? this.wallet.cardsByIds(organisationId, [
            ...(expansion.has('paymentMethod') ? ids((row) => row.paymentMethodId) : []),
            ...(expansion.has('healthFundCard') ? ids((row) => row.healthFundCardId) : []),
          ])
        : undefined,
      expansion.has('providerLocationLink') ? this.providers.linksByIds(ids((row) => row.providerLocationLinkId)) : undefined,
      expansion.has('cancellationPolicy') ? this.organisations.bookingSettings(organisationId) : undefined,
      expansion.has('latestTransaction')
        ? this.transactions.latestOfBookings(
            organisationId,
            rows.map((row) => row.id),
          )
        : undefined,
    ]);
    const businesses = expansion.has('location.business')
      ? await this.locations.businesses([...locations.values()].map((location) => location.businessId))
      : undefined;

    // An expansion's key is set only when it was asked for (`undefined`: not expanded, `null`: none).
    return rows.map((booking) => {
      const location = locations.get(booking.locationId) ?? null;
      const view: BookingView = {
        booking,
        expansion,
        provider: providers.get(booking.providerId) ?? null,
        location,
        appointmentType: appointmentTypes.get(booking.appointmentTypeId) ?? null,
        client: clients.get(booking.clientId) ?? null,
      };
      if (businesses) view.business = (location && businesses.get(location.businessId)) ?? null;
      if (cards && expansion.has('paymentMethod')) view.paymentMethod = (booking.paymentMethodId && cards.get(booking.paymentMethodId)) || null;
      if (cards && expansion.has('healthFundCard')) view.healthFundCard = (booking.healthFundCardId && cards.get(booking.healthFundCardId)) || null;
      if (links) view.providerLocationLink = links.get(booking.providerLocationLinkId) ?? null;
      if (settings) view.cancellationPolicy = cancellationPolicyOf(settings, { serviceDate: booking.serviceDate, servicePrice: booking.servicePrice }, now);
      if (transactions) view.latestTransaction = transactions.get(booking.id) ?? null;
      return view;
    });
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
  return { where: conditions.join(' and '), params };
}
