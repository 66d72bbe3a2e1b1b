import { offsetOf, type PageRequest } from '../domain/index.js';
import type { SqlParams } from './sql-params.js';

/** The part of a list's SQL that paging decides: an extra condition and the order. */
export interface ListWindow {
  /** ` and <alias>.updated_at >= $n` in sync mode, otherwise empty: append it to the list's own `where`. */
  condition: string;
  orderBy: string;
}

/**
 * Where a page of a list sits. Normally the list's own order. In sync mode (`updatedSince`) the
 * rows changed at or after that instant, `updated_at, id` ascending: a change moves a row to the
 * end, where a client paging forward meets it, and new rows never push unseen ones back. (A change
 * to a row the client has already read pulls the rows after it one place forward; the sync guide
 * in the docs shows the loop that is safe from that.) `column` is `created_at` for resources that
 * never change once written. The condition's value is added to `params`.
 */
export function listWindow(
  alias: string,
  page: PageRequest,
  ownOrder: string,
  params: SqlParams,
  column = 'updated_at',
): ListWindow {
  if (!page.updatedSince) return { condition: '', orderBy: ownOrder };
  return {
    condition: ` and ${alias}.${column} >= ${params.add(page.updatedSince)}`,
    orderBy: `${alias}.${column}, ${alias}.id`,
  };
}

/** `limit $n offset $m` of the page, its two values added to `params`. */
export const limitAndOffset = (page: PageRequest, params: SqlParams): string =>
  `limit ${params.add(page.limit)} offset ${params.add(offsetOf(page))}`;

/** Archived rows are in a list when asked for, and always in sync mode, so a sync client learns of archiving. */
export const includesArchived = (query: PageRequest & { includeDeleted?: boolean }): boolean =>
  query.includeDeleted === true || query.updatedSince !== undefined;
