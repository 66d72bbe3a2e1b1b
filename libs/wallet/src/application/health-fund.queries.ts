import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { HealthFund } from '../domain/health-fund.js';

const HEALTH_FUNDS = ReadModel.of(HealthFund, 'f');

/** The health funds cards may name. */
export abstract class HealthFundQueries {
  /** Ordered by name, then id. */
  abstract list(page: PageRequest): Promise<Page<HealthFund>>;
  abstract find(id: string): Promise<HealthFund | null>;
}

@Injectable()
export class SqlHealthFundQueries extends HealthFundQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  async list(page: PageRequest): Promise<Page<HealthFund>> {
    const [items, total] = await Promise.all([
      this.sql.select(HEALTH_FUNDS, 'order by f.name, f.id limit $1 offset $2', [page.limit, offsetOf(page)]),
      this.sql.count(HEALTH_FUNDS, ''),
    ]);
    return pageOf(items, total, page);
  }

  find(id: string): Promise<HealthFund | null> {
    return isUuid(id) ? this.sql.first(HEALTH_FUNDS, 'where f.id = $1', [id]) : Promise.resolve(null);
  }
}
