export interface PageRequest {
  page: number;
  limit: number;
  /**
   * Sync mode: only rows changed at or after this instant, archived ones included, ordered
   * `updatedAt, id` ascending instead of the list's own order.
   */
  updatedSince?: Date;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  totalItems: number;
  totalPages: number;
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

export function pageOf<T>(items: T[], totalItems: number, { page, limit }: PageRequest): Page<T> {
  return { items, page, limit, totalItems, totalPages: Math.ceil(totalItems / limit) };
}
