import { e164OrNull } from '@app/shared/domain';
import type { SqlParams } from '@app/shared/sql';
import { prefixRange, searchForm } from '../../domain/name-search.js';

/**
 * `<alias>`'s first, last or full name ("first last") starts with `term`, ignoring case and
 * accents, as two alternatives: a range of the last name (`clients_name_idx`) and a range of the
 * full name (`clients_full_name_idx`, which covers first names), whose two bounds are added to
 * `params`. `null` when the term has nothing a name could start with.
 */
function nameRanges(alias: string, term: string, params: SqlParams): { lastName: string; fullName: string } | null {
  const form = searchForm(term);
  if (form === '') return null;
  const { from, to } = prefixRange(form);
  const [low, high] = [params.add(from), params.add(to)];
  return {
    lastName: `${alias}.last_name_search >= ${low} and ${alias}.last_name_search < ${high}`,
    fullName: `${alias}.full_name_search >= ${low} and ${alias}.full_name_search < ${high}`,
  };
}

/** `<alias>`'s first, last or full name starts with `term` (as `nameRanges`), in one condition. */
export function nameStartsWith(alias: string, term: string, params: SqlParams): string | null {
  const ranges = nameRanges(alias, term, params);
  return ranges && `(${ranges.lastName} or ${ranges.fullName})`;
}

/**
 * Client search's `q`: a name prefix (as `nameRanges`), a whole email ignoring case, or a mobile
 * number in any form (compared as E.164, as numbers are stored). Each part is asked only of a term
 * that can be one (an email has an `@`, a number parses), so each is an index look-up; its values
 * are added to `params`. `sql` is them all in one condition; `alternatives` each alone (a search
 * can read and count each from its own index).
 */
export function clientMatches(alias: string, term: string, params: SqlParams): { sql: string; alternatives: string[] } {
  const alternatives: string[] = [];
  const name = nameRanges(alias, term, params);
  if (name) alternatives.push(name.lastName, name.fullName);
  const email = term.trim();
  if (email.includes('@')) alternatives.push(`lower(${alias}.email) = lower(${params.add(email)})`);
  const mobileNumber = e164OrNull(term);
  if (mobileNumber) alternatives.push(`${alias}.mobile_number = ${params.add(mobileNumber)}`);
  return {
    sql: alternatives.length ? `(${alternatives.map((alternative) => `(${alternative})`).join(' or ')})` : 'false',
    alternatives,
  };
}

/**
 * The ids of the organisation's clients whose name starts with `term` (as client search matches
 * names), as a subquery another context's list can filter by: the bookings list's `q`.
 * `organisationParam` is the outer statement's parameter holding the organisation id (`$1`); the
 * name's values are added to `params`.
 */
export function clientIdsNamed(term: string, organisationParam: string, params: SqlParams): string {
  const name = nameStartsWith('c', term, params);
  return name
    ? `select c.id from clients c where c.organisation_id = ${organisationParam} and ${name}`
    : 'select null::uuid where false';
}
