import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Business } from '../../domain/business.js';
import { DirectoryRepository } from '../../domain/directory.repository.js';
import type { Location } from '../../domain/location.js';
import type { PlanTemplateLink } from '../../domain/plan-template-link.js';

@Injectable()
export class MikroOrmDirectoryRepository extends DirectoryRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.em.findOne(Business, { id: businessId, organisationId });
  }

  async add(entity: Business | Location | PlanTemplateLink): Promise<void> {
    await this.em.persist(entity).flush();
  }
}
