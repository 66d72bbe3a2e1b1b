import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Business } from '../../domain/business.js';
import { DirectoryRepository } from '../../domain/directory.repository.js';
import { Location } from '../../domain/location.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';

/** `select … for update`, read afresh even when this unit of work already holds the row. */
const LOCKED = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

@Injectable()
export class MikroOrmDirectoryRepository extends DirectoryRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.em.findOne(Business, { id: businessId, organisationId });
  }

  lockBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.em.findOne(Business, { id: businessId, organisationId }, LOCKED);
  }

  // `for update` also queues behind, and then holds off, a booking being written at this location:
  // the booking's foreign key locks the location's row `for key share`, which conflicts with it. So
  // a change of the location sees every booking written before it, and one written during it waits.
  lockLocation(organisationId: string, locationId: string): Promise<Location | null> {
    return this.em.findOne(Location, { id: locationId, organisationId }, LOCKED);
  }

  findPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink | null> {
    return this.em.findOne(PlanTemplateLink, { id: linkId, organisationId });
  }

  async add(entity: Business | Location | PlanTemplateLink): Promise<void> {
    await this.em.persist(entity).flush();
  }

  async save(entity: Business | Location): Promise<void> {
    await this.em.persist(entity).flush();
  }

  async removePlanTemplateLink(organisationId: string, linkId: string): Promise<boolean> {
    return (await this.em.nativeDelete(PlanTemplateLink, { id: linkId, organisationId })) > 0;
  }
}
