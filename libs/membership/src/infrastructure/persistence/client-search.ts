import { e164OrNull } from '@app/shared/domain';
import { prefixRange, searchForm } from '../../domain/name-search.js';

/** A piece of SQL and the values of its parameters (numbered from the `firstParam` it was built with). */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * `<alias>`'s first, last or full name ("first last") starts with `term`, ignoring case and
 * accents, as two alternatives: a range of the last name (`clients_name_idx`) and a range of the
 * full name (`clients_full_name_idx`, which covers first names). `null` when the term has nothing a
 * name could start with.
 */
function nameRanges(
  alias: string,
  term: string,
  firstParam: number,
): { lastName: string; fullName: string; params: unknown[] } | null {
  const form = searchForm(term);
  if (form === '') return null;
  const { from, to } = prefixRange(form);
  const [low, high] = [`$${firstParam}`, `$${firstParam + 1}`];
  return {
    lastName: `${alias}.last_name_search >= ${low} and ${alias}.last_name_search < ${high}`,
    fullName: `${alias}.full_name_search >= ${low} and ${alias}.full_name_search < ${high}`,
    params: [from, to],
  };
}

/** `<alias>`'s first, last or full name starts with `term` (as `nameRanges`), in one condition. */
export function nameStartsWith(alias: string, term: string, firstParam: number): SqlPart | null {
  const ranges = nameRanges(alias, term, firstParam);
  return ranges && { sql: `(${ranges.lastName} or ${ranges.fullName})`, params: ranges.params };
}

/**
 * Client search's `q`: a name prefix (as `nameRanges`), a whole email ignoring case, or a mobile
 * number in any form (compared as E.164, as numbers are stored). Each part is asked only of a term
 * that can be one (an email has an `@`, a number parses), so each is an index look-up. `sql` is
 * them all in one condition; `alternatives` each alone (a search can read and count each from its
 * own index).
 */
export function clientMatches(alias: string, term: string, firstParam: number): SqlPart & { alternatives: string[] } {
  const alternatives: string[] = [];
  const params: unknown[] = [];
  const name = nameRanges(alias, term, firstParam);
  if (name) {
    alternatives.push(name.lastName, name.fullName);
    params.push(...name.params);
  }
  const email = term.trim();
  if (email.includes('@')) {
    params.push(email);
    alternatives.push(`lower(${alias}.email) = lower($${firstParam + params.length - 1})`);
  }
  const mobileNumber = e164OrNull(term);
  if (mobileNumber) {
    params.push(mobileNumber);
    alternatives.push(`${alias}.mobile_number = $${firstParam + params.length - 1}`);
  }
  return {
    sql: alternatives.length ? `(${alternatives.map((alternative) => `(${alternative})`).join(' or ')})` : 'false',
    alternatives,
    params,
  };
}

/**
 * The ids of the organisation's clients whose name starts with `term` (as client search matches
 * names), as a subquery another context's list can filter by: the bookings list's `q`.
 * `organisationParam` is the outer statement's parameter holding the organisation id (`$1`).
 */
export function clientIdsNamed(term: string, organisationParam: string, firstParam: number): SqlPart {
  const name = nameStartsWith('c', term, firstParam);
  return name
    ? {
        sql: `select c.id from clients c where c.organisation_id = ${organisationParam} and ${name.sql}`,
        params: name.params,
      }
    : { sql: 'select null::uuid where false', params: [] };
}
