import { describe, expect, it } from '@jest/globals';
import { MAX_NAMED_STATEMENTS, StatementNames, statementNameOf } from './statement-names.js';

const PROVIDERS = `select p.id as "id", coalesce((select array_agg(l.location_id) from provider_location_links l where l.provider_id = p.id), '{}') as "locationIds" from providers p where p.organisation_id = $1`;

describe('prepared statement names', () => {
  it('names a text after its command and outer table, with a hash of the whole text, within 63 characters', () => {
    expect(statementNameOf(PROVIDERS)).toMatch(/^select_providers_[0-9a-f]{24}$/);
    expect(statementNameOf(`${PROVIDERS} and not p.deleted`)).not.toBe(statementNameOf(PROVIDERS));
    expect(statementNameOf(PROVIDERS)).toBe(statementNameOf(PROVIDERS));
    expect(statementNameOf(`select 1 from ${'t'.repeat(80)}`).length).toBeLessThanOrEqual(63);
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts; the rest go unnamed`, () => {
    const names = new StatementNames();
    const texts = Array.from({ length: MAX_NAMED_STATEMENTS + 1 }, (_, index) => `select ${index} from t`);
    const named = texts.map((text) => names.of(text));
    expect(named.slice(0, MAX_NAMED_STATEMENTS).every((name) => name?.startsWith('select_t_'))).toBe(true);
    expect(named.at(-1)).toBeUndefined();
    expect(names.of(texts[0])).toBe(named[0]);
  });

  it('names nothing when prepared statements are off', () => {
    expect(new StatementNames(false).of(PROVIDERS)).toBeUndefined();
  });
});
