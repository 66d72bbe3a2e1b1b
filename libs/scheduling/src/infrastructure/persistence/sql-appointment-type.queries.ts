import { Injectable } from '@nestjs/common';
import {
  includesArchived,
  type JoinedRead,
  joinedRead,
  listWindow,
  ReadModel,
  SqlParams,
  SqlReader,
} from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { AppointmentTypeQueries } from '../../application/appointment-type.queries.js';
import { AppointmentType } from '../../domain/appointment-type.js';
import { appointmentTypeNotFound } from '../../domain/scheduling.errors.js';

export const APPOINTMENT_TYPES = ReadModel.of(AppointmentType, 't');

/** The organisation's appointment type, archived or not, for a statement that reads several things at once (`SqlReader.row`); each argument a SQL expression. */
export const appointmentTypeRead = (organisation: string, id: string): JoinedRead<AppointmentType> =>
  joinedRead(APPOINTMENT_TYPES, `where t.organisation_id = ${organisation} and t.id = ${id}`);

/** `AppointmentTypeQueries` on PostgreSQL: each read one statement, a page two. */
@Injectable()
export class SqlAppointmentTypeQueries extends AppointmentTypeQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {
    super();
  }

  async list(organisationId: string, page: PageRequest & { includeDeleted?: boolean }): Promise<Page<AppointmentType>> {
    await this.organisations.assertExists(organisationId);
    const params = new SqlParams(organisationId, includesArchived(page));
    const window = listWindow('t', page, 't.created_at desc, t.id desc', params);
    const where = `where t.organisation_id = $1 and ($2 or not t.deleted)${window.condition}`;
    return this.sql.page(APPOINTMENT_TYPES, where, window.orderBy, params, page);
  }

  async get(organisationId: string, id: string): Promise<AppointmentType> {
    const type = await this.sql.first(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = $2', [
      organisationId,
      id,
    ]);
    if (!type) throw appointmentTypeNotFound(id);
    return type;
  }

  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, AppointmentType>> {
    if (ids.length === 0) return new Map();
    const types = await this.sql.select(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = any($2)', [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(types.map((type) => [type.id, type]));
  }

  offered(organisationId: string): Promise<AppointmentType[]> {
    return this.sql.select(
      APPOINTMENT_TYPES,
      'where t.organisation_id = $1 and not t.deleted order by t.created_at, t.id',
      [organisationId],
    );
  }

  findOffered(organisationId: string, id: string): Promise<AppointmentType | null> {
    return this.sql.first(APPOINTMENT_TYPES, 'where t.organisation_id = $1 and t.id = $2 and not t.deleted', [
      organisationId,
      id,
    ]);
  }
}
