/**
 * Names as client search compares them. The database keeps each client's search forms beside its
 * names (written here, by the domain, on create and on every change), so a search is a range scan
 * of a plain index on any PostgreSQL: no extension, and one normalisation for stored names and
 * search terms alike.
 */

/** Letters that carry no combining accent in Unicode, so decomposition leaves them as they are. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * `"  José  O'Núñez "` → `"jose onunez"`: accents and apostrophes removed, lower case, spaces
 * collapsed, and only letters, digits, punctuation, symbols and spaces kept (so no control or
 * unassigned character, and no code point past the last assigned one).
 */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\p{M}'\u2019\u02bc]/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter])
    .replace(/[^\p{L}\p{N}\p{P}\p{S}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search forms a client's names are stored with: the last name, and the full name ("first last"). */
export interface NameSearchForms {
  lastNameSearch: string;
  fullNameSearch: string;
}

export function nameSearchForms(firstName: string, lastName: string): NameSearchForms {
  return { lastNameSearch: searchForm(lastName), fullNameSearch: searchForm(`${firstName} ${lastName}`) };
}

/**
 * The search forms that start with `prefix` (itself a search form, not empty) are those in
 * `[from, to)` in code point order (the columns' "C" collation): `to` is `prefix` with its last
 * character's code point one higher. A range, not `like 'prefix%'`, so that an index serves it
 * however the statement is planned.
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const characters = Array.from(prefix);
  const last = characters.pop()?.codePointAt(0);
  if (last === undefined) throw new Error('A prefix range needs a prefix');
  // After U+D7FF come the surrogates, which are not characters: the next one is U+E000.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return { from: prefix, to: characters.join('') + String.fromCodePoint(next) };
}
