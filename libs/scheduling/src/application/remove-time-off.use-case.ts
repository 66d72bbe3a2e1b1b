import { Injectable } from '@nestjs/common';
import { ProviderScheduleRepository } from '../domain/provider-schedule.repository.js';
import { timeOffNotFound } from '../domain/scheduling.errors.js';
import { ProviderScheduleQueries } from './provider-schedule.queries.js';

@Injectable()
export class RemoveTimeOff {
  constructor(
    private readonly schedules: ProviderScheduleRepository,
    private readonly queries: ProviderScheduleQueries,
  ) {}

  async execute(organisationId: string, providerId: string, timeOffId: string): Promise<void> {
    await this.queries.provider(organisationId, providerId);
    if (!(await this.schedules.removeTimeOff(organisationId, providerId, timeOffId))) throw timeOffNotFound(timeOffId);
  }
}
