import { e164OrNull } from '@app/shared/domain';
import { prefixRange, searchForm } from '../domain/name-search.js';

/** A piece of SQL and the values of its parameters (numbered from the `firstParam` it was built with). */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * `<alias>`'s first, last or full name ("first last") starts with `term`, ignoring case and
 * accents: a range of `clients_name_idx` (last name) or of `clients_full_name_idx` (full name,
 * which covers first names). `null` when the term has nothing a name could start with.
 */
export function nameStartsWith(alias: string, term: string, firstParam: number): SqlPart | null {
  const form = searchForm(term);
  if (form === '') return null;
  const { from, to } = prefixRange(form);
  const [low, high] = [`$${firstParam}`, `$${firstParam + 1}`];
  return {
    sql: `(${alias}.last_name_search >= ${low} and ${alias}.last_name_search < ${high} or ${alias}.full_name_search >= ${low} and ${alias}.full_name_search < ${high})`,
    params: [from, to],
  };
}

/**
 * Client search's `q`: a name prefix (as `nameStartsWith`), a whole email ignoring case, or a mobile
 * number in any form (compared as E.164, as numbers are stored). Each part is asked only of a term
 * that can be one (an email has an `@`, a number parses), so each is an index look-up.
 */
export function clientMatches(alias: string, term: string, firstParam: number): SqlPart {
  const alternatives: string[] = [];
  const params: unknown[] = [];
  const name = nameStartsWith(alias, term, firstParam);
  if (name) {
    alternatives.push(name.sql);
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
  return { sql: alternatives.length ? `(${alternatives.join(' or ')})` : 'false', params };
}

/**
 * The ids of the organisation's clients whose name starts with `term` (as client search matches
 * names), as a subquery another context's list can filter by: the bookings list's `q`.
 * `organisationParam` is the outer statement's parameter holding the organisation id (`$1`).
 */
export function clientIdsNamed(term: string, organisationParam: string, firstParam: number): SqlPart {
  const name = nameStartsWith('c', term, firstParam);
  return name
    ? { sql: `select c.id from clients c where c.organisation_id = ${organisationParam} and ${name.sql}`, params: name.params }
    : { sql: 'select null::uuid where false', params: [] };
}
