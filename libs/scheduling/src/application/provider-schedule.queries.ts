import type { Page, PageRequest } from '@app/shared/domain';
import type { ProviderView } from '@app/practitioners';
import type { ProviderSchedule } from '../domain/availability.js';
import type { TimeOff } from '../domain/time-off.js';
import type { WorkingHours } from '../domain/working-hours.js';

/** Reads of providers' working hours and time off, and of the diaries availability is computed from. */
export abstract class ProviderScheduleQueries {
  /** The provider of the organisation (deleted or not), or 404. */
  abstract provider(organisationId: string, providerId: string): Promise<ProviderView>;
  /** The provider's working hours, by day, start and location; 404 for an unknown provider. */
  abstract weekOf(organisationId: string, providerId: string): Promise<WorkingHours[]>;
  /** Newest first; in sync mode (`updatedSince`) by `createdAt, id`, since time off never changes once added. */
  abstract timeOffOf(organisationId: string, providerId: string, page: PageRequest): Promise<Page<TimeOff>>;
  /**
   * Each provider's hours at the location, time off and confirmed bookings between two instants.
   * `moving` is a booking left out of its provider's diary: the one being moved does not stand in
   * its own way.
   */
  abstract schedules(
    providerIds: readonly string[],
    locationId: string,
    between: { start: Date; end: Date },
    moving?: string,
  ): Promise<ProviderSchedule[]>;
}
