import type { Page, PageRequest } from '@app/shared/domain';
import type { HealthFund } from '../domain/health-fund.js';

/** The health funds cards may name. */
export abstract class HealthFundQueries {
  /** Ordered by name, then id; in sync mode (`updatedSince`) those added since, in the order they were added. */
  abstract list(page: PageRequest): Promise<Page<HealthFund>>;
  abstract find(id: string): Promise<HealthFund | null>;
}
