import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { AppointmentType } from '../domain/appointment-type.js';

export const APPOINTMENT_TYPES = ReadModel.of(AppointmentType, 't');

@Injectable()
export class AppointmentTypeQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {}

  /** Newest first. */
  async list(organisationId: string, page: PageRequest): Promise<Page<AppointmentType>> {
    await this.organisations.assertExists(organisationId);
    const [items, total] = await Promise.all([
      this.sql.select(APPOINTMENT_TYPES, 'where t.organisation_id = $1 order by t.created_at desc, t.id desc limit $2 offset $3', [
        organisationId,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(APPOINTMENT_TYPES, 'where t.organisation_id = $1', [organisationId]),
    ]);
    return pageOf(items, total, page);
  }

  async get(organisationId: string, id: string): Promise<AppointmentType> {
    const type = await this.sql.first(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = $2', [organisationId, id]);
    if (!type) throw notFound('Appointment type', id);
    return type;
  }

  /** Appointment types by id, in one statement. */
  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, AppointmentType>> {
    if (ids.length === 0) return new Map();
    const types = await this.sql.select(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = any($2)', [organisationId, [...new Set(ids)]]);
    return new Map(types.map((type) => [type.id, type]));
  }

  /** What patients may book: types not deleted, oldest first. */
  offered(organisationId: string): Promise<AppointmentType[]> {
    return this.sql.select(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and not t.deleted order by t.created_at, t.id', [organisationId]);
  }
}
