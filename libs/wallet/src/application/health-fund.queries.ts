import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlReader } from '@app/shared';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { HealthFund } from '../domain/health-fund.js';

const HEALTH_FUNDS = ReadModel.of(HealthFund, 'f');

/** The health funds cards may name. */
export abstract class HealthFundQueries {
  /** Ordered by name, then id; in sync mode (`updatedSince`) those added since, in the order they were added. */
  abstract list(page: PageRequest): Promise<Page<HealthFund>>;
  abstract find(id: string): Promise<HealthFund | null>;
}

@Injectable()
export class SqlHealthFundQueries extends HealthFundQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  async list(page: PageRequest): Promise<Page<HealthFund>> {
    // A fund never changes once added: its `created_at` is when it last changed.
    const window = listWindow('f', page, 'f.name, f.id', 1, 'created_at');
    const where = window.condition ? `where true${window.condition}` : '';
    const values = window.params;
    const [items, total] = await Promise.all([
      this.sql.select(
        HEALTH_FUNDS,
        `${where} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`,
        [...values, page.limit, offsetOf(page)],
      ),
      this.sql.count(HEALTH_FUNDS, where, values),
    ]);
    return pageOf(items, total, page);
  }

  find(id: string): Promise<HealthFund | null> {
    return isUuid(id) ? this.sql.first(HEALTH_FUNDS, 'where f.id = $1', [id]) : Promise.resolve(null);
  }
}
