import { Injectable } from '@nestjs/common';
import { Expansion, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ClientReader } from '@app/membership';
import { type Business, type Location, LocationReader, OrganisationDirectory } from '@app/organisations';
import { PractitionerDirectory, type ProviderLocationLink, ProviderQueries, type ProviderRow } from '@app/practitioners';
import { type CardRead, WalletQueries } from '@app/wallet';
import { AppointmentType } from '../domain/appointment-type.js';
import type { Adjustment, BookingStatus } from '../domain/booking.js';
import { BookingTransactions } from '../domain/booking-transactions.js';
import { type CancellationPolicy, cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';

/** An appointment type as read for an answer. */
export type AppointmentTypeRow = Omit<AppointmentType, 'organisationId' | 'offers'>;

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

export interface BookingRow {
  id: string;
  createdAt: Date;
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
  clientId: string;
  serviceDate: Date;
  paid: boolean;
  invoiced: boolean;
  adjustments: Adjustment[];
  servicePrice: number;
  cancelledAt: Date | null;
  paymentMethodId: string | null;
  healthFundCardId: string | null;
  providerLocationLinkId: string;
  pmsBookingId: string | null;
  pmsAttendeeId: string | null;
}

/** A booking with everything its answer needs, batched across a page. */
export interface BookingRead {
  booking: BookingRow;
  expansion: Expansion<BookingExpansion>;
  provider: ProviderRow | null;
  location: Location | null;
  business?: Business | null;
  appointmentType: AppointmentTypeRow | null;
  client: object | null;
  paymentMethod?: CardRead | null;
  healthFundCard?: CardRead | null;
  providerLocationLink?: ProviderLocationLink | null;
  cancellationPolicy?: CancellationPolicy;
  latestTransaction?: object | null;
}

const BOOKING_COLUMNS = `
  b.id, b.created_at as "createdAt", b.location_id as "locationId", b.provider_id as "providerId",
  b.appointment_type_id as "appointmentTypeId", b.client_id as "clientId", b.service_date as "serviceDate",
  b.paid, b.invoiced, b.adjustments, b.service_price as "servicePrice", b.cancelled_at as "cancelledAt",
  b.payment_method_id as "paymentMethodId", b.health_fund_card_id as "healthFundCardId",
  b.provider_location_link_id as "providerLocationLinkId", b.pms_booking_id as "pmsBookingId", b.pms_attendee_id as "pmsAttendeeId"`;

/**
 * The read side of bookings: one statement for the page, one for the count, and one per related
 * kind of thing (providers, locations, types, clients, cards, ...), whatever the page size.
 */
@Injectable()
export class BookingQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
    private readonly locations: LocationReader,
    private readonly providers: ProviderQueries,
    private readonly practitioners: PractitionerDirectory,
    private readonly clients: ClientReader,
    private readonly wallet: WalletQueries,
    private readonly transactions: BookingTransactions,
  ) {}

  async list(
    organisationId: string,
    page: PageRequest,
    filters: BookingFilters,
    expansion: Expansion<BookingExpansion>,
    now: Date,
  ): Promise<Page<BookingRead>> {
    await this.organisations.assertExists(organisationId);
    const { where, params } = whereOf(organisationId, filters);
    // The page's ids first, from an index alone, then only those rows: a deep page skips index
    // entries instead of whole rows.
    const [rows, total] = await Promise.all([
      this.sql.rows<BookingRow>(
        `select ${BOOKING_COLUMNS} from bookings b
         join (select b.id from bookings b where ${where} order by b.service_date desc, b.id desc limit $${params.length + 1} offset $${params.length + 2}) page using (id)
         order by b.service_date desc, b.id desc`,
        [...params, page.limit, offsetOf(page)],
      ),
      this.count(organisationId, filters, where, params),
    ]);
    return pageOf(await this.assemble(organisationId, rows, expansion, now), total, page);
  }

  /** From the trigger-kept counters when only `status` filters (the common dashboard case), else counted. */
  private async count(organisationId: string, filters: BookingFilters, where: string, params: unknown[]): Promise<number> {
    const { status, ...others } = filters;
    if (Object.values(others).every((value) => value === undefined)) {
      const [counts] = await this.sql.rows<{ bookings: number; cancelled: number }>(
        'select bookings, cancelled from booking_counts where organisation_id = $1',
        [organisationId],
      );
      const { bookings = 0, cancelled = 0 } = counts ?? {};
      const statuses = new Set(status ?? []);
      if (statuses.size === 1) return statuses.has('cancelled') ? cancelled : bookings - cancelled;
      return bookings;
    }
    const [{ total }] = await this.sql.rows<{ total: number }>(`select count(*)::int as total from bookings b where ${where}`, params);
    return total;
  }

  async get(organisationId: string, bookingId: string, expansion: Expansion<BookingExpansion>, now: Date): Promise<BookingRead> {
    const rows = await this.sql.rows<BookingRow>(`select ${BOOKING_COLUMNS} from bookings b where b.organisation_id = $1 and b.id = $2`, [
      organisationId,
      bookingId,
    ]);
    if (rows.length === 0) throw bookingNotFound(bookingId);
    const [read] = await this.assemble(organisationId, rows, expansion, now);
    return read;
  }

  private async assemble(organisationId: string, rows: BookingRow[], expansion: Expansion<BookingExpansion>, now: Date): Promise<BookingRead[]> {
    if (rows.length === 0) return [];
    const ids = (pick: (row: BookingRow) => string | null) => [...new Set(rows.flatMap((row) => pick(row) ?? []))];
    const [providers, locations, appointmentTypes, clients, cards, links, settings, transactions] = await Promise.all([
      this.providers.byIds(
        organisationId,
        ids((row) => row.providerId),
      ),
      this.locations.locations(
        organisationId,
        ids((row) => row.locationId),
      ),
      this.appointmentTypesByIds(
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
      expansion.has('providerLocationLink') ? this.practitioners.linksByIds(ids((row) => row.providerLocationLinkId)) : undefined,
      expansion.has('cancellationPolicy') ? this.organisations.bookingSettings(organisationId) : undefined,
      expansion.has('latestTransaction')
        ? this.transactions.latestOf(
            organisationId,
            rows.map((row) => row.id),
            { withBillableItems: expansion.has('latestTransaction.transactionItems.billableItem') },
          )
        : undefined,
    ]);
    const businesses = expansion.has('location.business')
      ? await this.locations.businesses([...locations.values()].map((location) => location.businessId))
      : undefined;

    return rows.map((booking) => {
      const location = locations.get(booking.locationId) ?? null;
      return {
        booking,
        expansion,
        provider: providers.get(booking.providerId) ?? null,
        location,
        appointmentType: appointmentTypes.get(booking.appointmentTypeId) ?? null,
        client: clients.get(booking.clientId) ?? null,
        ...(businesses ? { business: (location && businesses.get(location.businessId)) ?? null } : {}),
        ...(cards && expansion.has('paymentMethod') ? { paymentMethod: (booking.paymentMethodId && cards.get(booking.paymentMethodId)) || null } : {}),
        ...(cards && expansion.has('healthFundCard') ? { healthFundCard: (booking.healthFundCardId && cards.get(booking.healthFundCardId)) || null } : {}),
        ...(links ? { providerLocationLink: links.get(booking.providerLocationLinkId) ?? null } : {}),
        ...(settings
          ? { cancellationPolicy: cancellationPolicyOf(settings, { serviceDate: new Date(booking.serviceDate), servicePrice: booking.servicePrice }, now) }
          : {}),
        ...(transactions ? { latestTransaction: transactions.get(booking.id) ?? null } : {}),
      };
    });
  }

  private async appointmentTypesByIds(organisationId: string, ids: string[]): Promise<Map<string, AppointmentTypeRow>> {
    if (ids.length === 0) return new Map();
    const types = await this.sql.entities(AppointmentType, 'where organisation_id = $1 and id = any($2)', [organisationId, ids]);
    return new Map(types.map((type) => [type.id, type]));
  }
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
