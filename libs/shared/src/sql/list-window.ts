import { offsetOf, type PageRequest } from '../domain/index.js';
import type { SqlParams } from './sql-params.js';

/** The part of a list's SQL that paging decides: an extra condition and the order. */
export interface ListWindow {
  /** ` and <alias>.updated_at >= $n` in sync mode, otherwise empty: append it to the list's own `where`. */
  condition: string;
  orderBy: string;
}

/** A `ListWindow` of a list that numbers its parameters by hand, with the values of the condition's parameters. */
export interface NumberedListWindow extends ListWindow {
  params: unknown[];
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
  column?: string,
): ListWindow;
/**
 * As above, for a list that numbers its parameters by hand: `firstParam` is the number of the
 * condition's parameter (`$n`), and the window answers the condition's values.
 */
export function listWindow(
  alias: string,
  page: PageRequest,
  ownOrder: string,
  firstParam: number,
  column?: string,
): NumberedListWindow;
export function listWindow(
  alias: string,
  page: PageRequest,
  ownOrder: string,
  params: SqlParams | number,
  column = 'updated_at',
): ListWindow | NumberedListWindow {
  const numbered = typeof params === 'number';
  if (!page.updatedSince)
    return numbered ? { condition: '', orderBy: ownOrder, params: [] } : { condition: '', orderBy: ownOrder };
  const placeholder = numbered ? `$${params}` : params.add(page.updatedSince);
  const window = { condition: ` and ${alias}.${column} >= ${placeholder}`, orderBy: `${alias}.${column}, ${alias}.id` };
  return numbered ? { ...window, params: [page.updatedSince] } : window;
}

/** `limit $n offset $m` of the page, its two values added to `params`. */
export const limitAndOffset = (page: PageRequest, params: SqlParams): string =>
  `limit ${params.add(page.limit)} offset ${params.add(offsetOf(page))}`;

/** Archived rows are in a list when asked for, and always in sync mode, so a sync client learns of archiving. */
export const includesArchived = (query: PageRequest & { includeDeleted?: boolean }): boolean =>
  query.includeDeleted === true || query.updatedSince !== undefined;
