import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationDirectory } from '@app/organisations';
import { AppointmentType } from '../domain/appointment-type.js';

@Injectable()
export class AppointmentTypeQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
  ) {}

  /** Newest first. */
  async list(organisationId: string, page: PageRequest): Promise<Page<AppointmentType>> {
    await this.organisations.assertExists(organisationId);
    const [items, total] = await this.em.findAndCount(
      AppointmentType,
      { organisationId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page) },
    );
    return pageOf(items, total, page);
  }

  async get(organisationId: string, id: string): Promise<AppointmentType> {
    const type = await this.em.findOne(AppointmentType, { organisationId, id });
    if (!type) throw notFound('Appointment type', id);
    return type;
  }

  /** What patients may book: types not deleted, oldest first. */
  offered(organisationId: string): Promise<AppointmentType[]> {
    return this.sql.entities(AppointmentType, 'where organisation_id = $1 and not deleted order by created_at, id', [organisationId]);
  }
}
