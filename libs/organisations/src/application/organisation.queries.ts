import { Injectable } from '@nestjs/common';
import { type Caller, ReadModel, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { Organisation } from '../domain/organisation.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

const ORGANISATIONS = ReadModel.of(Organisation, 'o');

@Injectable()
export class OrganisationQueries {
  constructor(private readonly sql: SqlReader) {}

  /** A platform key sees every organisation; an organisation key only its own. */
  async list(caller: Caller, page: PageRequest): Promise<Page<Organisation>> {
    const [where, values] = caller.organisationId ? ['where o.id = $1', [caller.organisationId]] : ['', []];
    const [items, total] = await Promise.all([
      this.sql.select(ORGANISATIONS, `${where} order by o.created_at desc, o.id desc limit $${values.length + 1} offset $${values.length + 2}`, [
        ...values,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(ORGANISATIONS, where, values),
    ]);
    return pageOf(items, total, page);
  }

  async get(organisationId: string): Promise<Organisation> {
    const organisation = await this.sql.first(ORGANISATIONS, 'where o.id = $1', [organisationId]);
    if (!organisation) throw organisationNotFound(organisationId);
    return organisation;
  }
}
