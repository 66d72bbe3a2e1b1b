import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { HealthFund } from '../domain/health-fund.js';

@Injectable()
export class HealthFundQueries {
  constructor(private readonly em: EntityManager) {}

  /** Ordered by name, then id. */
  async list(page: PageRequest): Promise<Page<HealthFund>> {
    const [items, total] = await this.em.findAndCount(HealthFund, {}, { orderBy: { name: 'asc', id: 'asc' }, limit: page.limit, offset: offsetOf(page) });
    return pageOf(items, total, page);
  }

  find(id: string): Promise<HealthFund | null> {
    return isUuid(id) ? this.em.findOne(HealthFund, { id }) : Promise.resolve(null);
  }
}
