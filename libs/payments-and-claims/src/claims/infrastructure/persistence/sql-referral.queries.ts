import { Injectable } from '@nestjs/common';
import { computed, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { Referral } from '../../domain/referral.js';
import { referralClientNotFound, referralNotFound } from '../../domain/referral.errors.js';
import { ReferralQueries, type ReferralView } from '../../application/referral.queries.js';
import { referredSessions } from './referred-sessions.js';

export const REFERRALS = ReadModel.of(Referral, 'r', {
  computed: { sessionsUsed: computed.integer(referredSessions('medicare_claims m', 'm.referral_id = r.id')) },
});

const viewOf = (row: Referral & { sessionsUsed: number }): ReferralView => ({
  referral: row,
  sessionsUsed: row.sessionsUsed,
});

/** `ReferralQueries` on PostgreSQL: a referral one statement, a page two (its rows and its count) after the client's. */
@Injectable()
export class SqlReferralQueries extends ReferralQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly clients: ClientQueries,
  ) {
    super();
  }

  async list(
    organisationId: string,
    clientId: string,
    page: PageRequest,
    options: { includeDeleted: boolean },
  ): Promise<Page<ReferralView>> {
    if (!(await this.clients.findClient(organisationId, clientId))) throw referralClientNotFound(clientId);
    const params = new SqlParams();
    const own = `r.organisation_id = ${params.add(organisationId)} and r.client_id = ${params.add(clientId)}`;
    const window = listWindow('r', page, 'r.created_at desc, r.id desc', params);
    const where = `where ${own}${options.includeDeleted ? '' : ' and not r.deleted'}${window.condition}`;
    const found = await this.sql.page(REFERRALS, where, window.orderBy, params, page);
    return { ...found, items: found.items.map(viewOf) };
  }

  async get(organisationId: string, clientId: string, referralId: string): Promise<ReferralView> {
    const row = isUuid(referralId)
      ? await this.sql.first(REFERRALS, 'where r.id = $1 and r.client_id = $2 and r.organisation_id = $3', [
          referralId,
          clientId,
          organisationId,
        ])
      : null;
    if (!row) throw referralNotFound(referralId);
    return viewOf(row);
  }
}
