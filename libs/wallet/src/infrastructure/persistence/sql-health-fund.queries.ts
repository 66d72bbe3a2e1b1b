import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import { HealthFundQueries } from '../../application/health-fund.queries.js';
import { HealthFund } from '../../domain/health-fund.js';

const HEALTH_FUNDS = ReadModel.of(HealthFund, 'f');

/** `HealthFundQueries` on PostgreSQL. */
@Injectable()
export class SqlHealthFundQueries extends HealthFundQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  list(page: PageRequest): Promise<Page<HealthFund>> {
    // A fund never changes once added: its `created_at` is when it last changed.
    const params = new SqlParams();
    const window = listWindow('f', page, 'f.name, f.id', params, 'created_at');
    const where = window.condition ? `where true${window.condition}` : '';
    return this.sql.page(HEALTH_FUNDS, where, window.orderBy, params, page);
  }

  find(id: string): Promise<HealthFund | null> {
    return isUuid(id) ? this.sql.first(HEALTH_FUNDS, 'where f.id = $1', [id]) : Promise.resolve(null);
  }
}
