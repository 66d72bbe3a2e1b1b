import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ProviderScheduleRepository } from '../../domain/provider-schedule.repository.js';
import { TimeOff } from '../../domain/time-off.js';
import { WorkingHours } from '../../domain/working-hours.js';

@Injectable()
export class MikroOrmProviderScheduleRepository extends ProviderScheduleRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  replaceWeek(providerId: string, week: readonly WorkingHours[]): Promise<void> {
    return this.em.transactional(async (tx) => {
      // Two concurrent replacements of one week must not interleave into a mixture of both.
      await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`working-hours:${providerId}`]);
      await tx.nativeDelete(WorkingHours, { providerId });
      tx.persist([...week]);
    });
  }

  async addTimeOff(timeOff: TimeOff): Promise<void> {
    await this.em.persist(timeOff).flush();
  }

  async removeTimeOff(organisationId: string, providerId: string, timeOffId: string): Promise<boolean> {
    return (await this.em.nativeDelete(TimeOff, { id: timeOffId, organisationId, providerId })) > 0;
  }
}
