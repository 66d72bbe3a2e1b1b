import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import { ProviderScheduleQueries } from '../../application/provider-schedule.queries.js';
import type { ProviderSchedule } from '../../domain/availability.js';
import { Booking } from '../../domain/booking.js';
import { providerNotFound } from '../../domain/scheduling.errors.js';
import { TimeOff } from '../../domain/time-off.js';
import { WorkingHours } from '../../domain/working-hours.js';

const WORKING_HOURS = ReadModel.of(WorkingHours, 'h');
const TIME_OFF = ReadModel.of(TimeOff, 't');
/** Only what the overlap rule reads: a busy week of a large location is hundreds of rows. */
const DIARY = ReadModel.of(Booking, 'b', {
  omit: [
    'id',
    'organisationId',
    'clientId',
    'providerLocationLinkId',
    'servicePrice',
    'paid',
    'invoiced',
    'adjustments',
    'cancelledAt',
    'paymentMethodId',
    'healthFundCardId',
    'pmsBookingId',
    'pmsAttendeeId',
    'manageTokenHash',
    'createdAt',
    'updatedAt',
  ],
});

/** `ProviderScheduleQueries` on PostgreSQL: a diary is three statements, whatever the number of providers or days. */
@Injectable()
export class SqlProviderScheduleQueries extends ProviderScheduleQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly providers: PractitionerQueries,
  ) {
    super();
  }

  async provider(organisationId: string, providerId: string): Promise<ProviderView> {
    const provider = (await this.providers.byIds(organisationId, [providerId])).get(providerId);
    if (!provider) throw providerNotFound(providerId);
    return provider;
  }

  async weekOf(organisationId: string, providerId: string): Promise<WorkingHours[]> {
    await this.provider(organisationId, providerId);
    return this.sql.select(
      WORKING_HOURS,
      'where h.organisation_id = $1 and h.provider_id = $2 order by h.day_of_week, h.start_time, h.location_id',
      [organisationId, providerId],
    );
  }

  async timeOffOf(organisationId: string, providerId: string, page: PageRequest): Promise<Page<TimeOff>> {
    await this.provider(organisationId, providerId);
    const params = new SqlParams(organisationId, providerId);
    const window = listWindow('t', page, 't.created_at desc, t.id desc', params, 'created_at');
    const where = `where t.organisation_id = $1 and t.provider_id = $2${window.condition}`;
    return this.sql.page(TIME_OFF, where, window.orderBy, params, page);
  }

  async schedules(
    providerIds: readonly string[],
    locationId: string,
    between: { start: Date; end: Date },
    moving?: string,
  ): Promise<ProviderSchedule[]> {
    if (providerIds.length === 0) return [];
    const ids = [...providerIds];
    const diary = 'where b.provider_id = any($1) and b.cancelled_at is null and b.service_date < $3 and b.ends_at > $2';
    const [hours, timeOff, bookings] = await Promise.all([
      this.sql.select(WORKING_HOURS, 'where h.provider_id = any($1) and h.location_id = $2', [ids, locationId]),
      this.sql.select(TIME_OFF, 'where t.provider_id = any($1) and t.starts_at < $3 and t.ends_at > $2', [
        ids,
        between.start,
        between.end,
      ]),
      moving
        ? this.sql.select(DIARY, `${diary} and b.id <> $4`, [ids, between.start, between.end, moving])
        : this.sql.select(DIARY, diary, [ids, between.start, between.end]),
    ]);
    const hoursOf = Map.groupBy(hours, (row) => row.providerId);
    const timeOffOf = Map.groupBy(timeOff, (row) => row.providerId);
    const bookingsOf = Map.groupBy(bookings, (row) => row.providerId);
    return ids.map((providerId) => ({
      providerId,
      workingHours: hoursOf.get(providerId) ?? [],
      timeOff: timeOffOf.get(providerId) ?? [],
      bookings: bookingsOf.get(providerId) ?? [],
    }));
  }
}
