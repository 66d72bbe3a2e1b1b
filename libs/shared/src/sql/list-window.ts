import type { PageRequest } from '../domain/index.js';

/** The part of a list's SQL that paging decides: an extra condition, the order, and the condition's parameters. */
export interface ListWindow {
  /** ` and <alias>.updated_at >= $n` in sync mode, otherwise empty: append it to the list's own `where`. */
  condition: string;
  orderBy: string;
  params: unknown[];
}

/**
 * Where a page of a list sits. Normally the list's own order. In sync mode (`updatedSince`) the
 * rows changed at or after that instant, `updated_at, id` ascending: a change moves a row to the
 * end, where a client paging forward meets it, and new rows never push unseen ones back. (A change
 * to a row the client has already read pulls the rows after it one place forward; the sync guide
 * in the docs shows the loop that is safe from that.) `column` is `created_at` for resources that
 * never change once written. `firstParam` is the number of the condition's parameter (`$n`).
 */
export function listWindow(
  alias: string,
  page: PageRequest,
  ownOrder: string,
  firstParam: number,
  column = 'updated_at',
): ListWindow {
  if (!page.updatedSince) return { condition: '', orderBy: ownOrder, params: [] };
  return {
    condition: ` and ${alias}.${column} >= $${firstParam}`,
    orderBy: `${alias}.${column}, ${alias}.id`,
    params: [page.updatedSince],
  };
}

/** Archived rows are in a list when asked for, and always in sync mode, so a sync client learns of archiving. */
export const includesArchived = (query: PageRequest & { includeDeleted?: boolean }): boolean =>
  query.includeDeleted === true || query.updatedSince !== undefined;
