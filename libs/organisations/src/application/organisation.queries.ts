import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Caller } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { Organisation } from '../domain/organisation.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

@Injectable()
export class OrganisationQueries {
  constructor(private readonly em: EntityManager) {}

  /** A platform key sees every organisation; an organisation key only its own. */
  async list(caller: Caller, page: PageRequest): Promise<Page<Organisation>> {
    const where = caller.organisationId ? { id: caller.organisationId } : {};
    const [items, total] = await this.em.findAndCount(Organisation, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: offsetOf(page),
    });
    return pageOf(items, total, page);
  }

  async get(organisationId: string): Promise<Organisation> {
    const organisation = await this.em.findOne(Organisation, { id: organisationId });
    if (!organisation) throw organisationNotFound(organisationId);
    return organisation;
  }
}
