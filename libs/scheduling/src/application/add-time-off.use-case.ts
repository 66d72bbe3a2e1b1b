import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { ProviderScheduleRepository } from '../domain/provider-schedule.repository.js';
import { providerDeleted } from '../domain/scheduling.errors.js';
import { type NewTimeOff, TimeOff } from '../domain/time-off.js';
import { ProviderScheduleQueries } from './provider-schedule.queries.js';

@Injectable()
export class AddTimeOff {
  constructor(
    private readonly schedules: ProviderScheduleRepository,
    private readonly queries: ProviderScheduleQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, providerId: string, props: NewTimeOff): Promise<TimeOff> {
    const provider = await this.queries.provider(organisationId, providerId);
    if (provider.deleted) throw providerDeleted(providerId);
    const timeOff = TimeOff.create(organisationId, providerId, props, this.clock.now());
    await this.schedules.addTimeOff(timeOff);
    return timeOff;
  }
}
