import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared/sql';
import { OrganisationModes } from '../../application/organisation-modes.js';
import { organisationNotFound } from '../../domain/organisations.errors.js';
import { MAX_REMEMBERED, ORGANISATIONS } from './sql-organisation.queries.js';

/** `OrganisationModes` on PostgreSQL. */
@Injectable()
export class SqlOrganisationModes extends OrganisationModes {
  /**
   * An organisation's mode is fixed at creation, so it is remembered once read (a message sent
   * costs no statement for it): at most `MAX_REMEMBERED`, all forgotten when full.
   */
  private readonly liveById = new Map<string, boolean>();

  constructor(private readonly sql: SqlReader) {
    super();
  }

  async isLive(organisationId: string): Promise<boolean> {
    const remembered = this.liveById.get(organisationId);
    if (remembered !== undefined) return remembered;
    const organisation = await this.sql.first(ORGANISATIONS, 'where o.id = $1', [organisationId]);
    if (!organisation) throw organisationNotFound(organisationId);
    if (this.liveById.size >= MAX_REMEMBERED) this.liveById.clear();
    this.liveById.set(organisationId, organisation.livemode);
    return organisation.livemode;
  }
}
