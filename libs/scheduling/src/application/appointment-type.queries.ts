import { Injectable } from '@nestjs/common';
import { includesArchived, type JoinedRead, joinedRead, listWindow, ReadModel, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { AppointmentType } from '../domain/appointment-type.js';
import { appointmentTypeNotFound } from '../domain/scheduling.errors.js';

export const APPOINTMENT_TYPES = ReadModel.of(AppointmentType, 't');

/** The organisation's appointment type, archived or not, for a statement that reads several things at once (`SqlReader.row`); each argument a SQL expression. */
export const appointmentTypeRead = (organisation: string, id: string): JoinedRead<AppointmentType> =>
  joinedRead(APPOINTMENT_TYPES, `where t.organisation_id = ${organisation} and t.id = ${id}`);

@Injectable()
export class AppointmentTypeQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {}

  /** Newest first, archived ones only when asked for; in sync mode (`updatedSince`) by `updatedAt, id`, archived ones included. */
  async list(organisationId: string, page: PageRequest & { includeDeleted?: boolean }): Promise<Page<AppointmentType>> {
    await this.organisations.assertExists(organisationId);
    const window = listWindow('t', page, 't.created_at desc, t.id desc', 3);
    const where = `where t.organisation_id = $1 and ($2 or not t.deleted)${window.condition}`;
    const params = [organisationId, includesArchived(page), ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(
        APPOINTMENT_TYPES,
        `${where} order by ${window.orderBy} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, page.limit, offsetOf(page)],
      ),
      this.sql.count(APPOINTMENT_TYPES, where, params),
    ]);
    return pageOf(items, total, page);
  }

  /** Archived or not. */
  async get(organisationId: string, id: string): Promise<AppointmentType> {
    const type = await this.sql.first(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = $2', [
      organisationId,
      id,
    ]);
    if (!type) throw appointmentTypeNotFound(id);
    return type;
  }

  /** Appointment types by id, in one statement. */
  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, AppointmentType>> {
    if (ids.length === 0) return new Map();
    const types = await this.sql.select(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = any($2)', [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(types.map((type) => [type.id, type]));
  }

  /** What patients may book: types not deleted, oldest first. */
  offered(organisationId: string): Promise<AppointmentType[]> {
    return this.sql.select(
      APPOINTMENT_TYPES,
      'where t.organisation_id = $1 and not t.deleted order by t.created_at, t.id',
      [organisationId],
    );
  }
}
