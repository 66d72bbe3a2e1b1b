import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { ProviderQueries, type ProviderRow } from '@app/practitioners';
import type { Booking } from '../domain/booking.js';
import type { ProviderSchedule } from '../domain/availability.js';
import { providerNotFound } from '../domain/scheduling.errors.js';
import { TimeOff } from '../domain/time-off.js';
import { WorkingHours } from '../domain/working-hours.js';

type DiaryEntry = Pick<Booking, 'providerId' | 'serviceDate' | 'endsAt' | 'appointmentTypeId' | 'locationId'>;

/** Reads of providers' working hours and time off, and of the diaries availability is computed from. */
@Injectable()
export class ProviderScheduleQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly providers: ProviderQueries,
  ) {}

  /** The provider of the organisation (deleted or not), or 404. */
  async provider(organisationId: string, providerId: string): Promise<ProviderRow> {
    const provider = (await this.providers.byIds(organisationId, [providerId])).get(providerId);
    if (!provider) throw providerNotFound(providerId);
    return provider;
  }

  async weekOf(organisationId: string, providerId: string): Promise<WorkingHours[]> {
    await this.provider(organisationId, providerId);
    return this.sql.entities(WorkingHours, 'where organisation_id = $1 and provider_id = $2 order by day_of_week, start_time, location_id', [
      organisationId,
      providerId,
    ]);
  }

  async timeOffOf(organisationId: string, providerId: string, page: PageRequest): Promise<Page<TimeOff>> {
    await this.provider(organisationId, providerId);
    const [items, [{ total }]] = await Promise.all([
      this.sql.entities(TimeOff, 'where organisation_id = $1 and provider_id = $2 order by created_at desc, id desc limit $3 offset $4', [
        organisationId,
        providerId,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.rows<{ total: number }>('select count(*)::int as total from time_off where organisation_id = $1 and provider_id = $2', [
        organisationId,
        providerId,
      ]),
    ]);
    return pageOf(items, total, page);
  }

  /**
   * Each provider's hours at the location, time off and confirmed bookings between two instants:
   * three statements, whatever the number of providers or days.
   */
  async schedules(providerIds: readonly string[], locationId: string, between: { start: Date; end: Date }): Promise<ProviderSchedule[]> {
    if (providerIds.length === 0) return [];
    const ids = [...providerIds];
    const [hours, timeOff, bookings] = await Promise.all([
      this.sql.entities(WorkingHours, 'where provider_id = any($1) and location_id = $2', [ids, locationId]),
      this.sql.entities(TimeOff, 'where provider_id = any($1) and starts_at < $3 and ends_at > $2', [ids, between.start, between.end]),
      // Only what the overlap rule reads: a busy week of a large location is hundreds of rows.
      this.sql.rows<DiaryEntry>(
        `select provider_id as "providerId", service_date as "serviceDate", ends_at as "endsAt", appointment_type_id as "appointmentTypeId", location_id as "locationId"
         from bookings where provider_id = any($1) and cancelled_at is null and service_date < $3 and ends_at > $2`,
        [ids, between.start, between.end],
      ),
    ]);
    const hoursOf = Map.groupBy(hours, (row) => row.providerId);
    const timeOffOf = Map.groupBy(timeOff, (row) => row.providerId);
    const bookingsOf = Map.groupBy(
      bookings.map((row) => ({ ...row, serviceDate: new Date(row.serviceDate), endsAt: new Date(row.endsAt) })),
      (row) => row.providerId,
    );
    return ids.map((providerId) => ({
      providerId,
      workingHours: hoursOf.get(providerId) ?? [],
      timeOff: timeOffOf.get(providerId) ?? [],
      bookings: bookingsOf.get(providerId) ?? [],
    }));
  }
}
