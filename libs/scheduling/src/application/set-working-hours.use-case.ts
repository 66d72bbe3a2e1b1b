import { Injectable } from '@nestjs/common';
import { providerDeleted } from '../domain/scheduling.errors.js';
import { validationFailed } from '@app/shared/domain';
import { ProviderScheduleRepository } from '../domain/provider-schedule.repository.js';
import { weekOfWorkingHours, type WorkingHours, type WorkingHoursInput } from '../domain/working-hours.js';
import { ProviderScheduleQueries } from './provider-schedule.queries.js';

@Injectable()
export class SetWorkingHours {
  constructor(
    private readonly schedules: ProviderScheduleRepository,
    private readonly queries: ProviderScheduleQueries,
  ) {}

  /** Replaces the provider's whole week. Every location must be one the provider is linked to. */
  async execute(
    organisationId: string,
    providerId: string,
    items: readonly WorkingHoursInput[],
  ): Promise<WorkingHours[]> {
    const provider = await this.queries.provider(organisationId, providerId);
    if (provider.deleted) throw providerDeleted(providerId);
    const week = weekOfWorkingHours(organisationId, providerId, items);
    const unlinked = items.flatMap((item, index) =>
      provider.locationIds.includes(item.locationId)
        ? []
        : [
            {
              field: `items[${index}].locationId`,
              code: 'provider_not_at_location',
              message: 'the provider has no live link to this location',
            },
          ],
    );
    if (unlinked.length) throw validationFailed(unlinked);
    await this.schedules.replaceWeek(providerId, week);
    return week;
  }
}
