/** A class the ORM maps (its EntitySchema names it). */
export type MappedClass<T extends object = object> = abstract new (...args: never[]) => T;

/** A column computed in SQL beside a class's own columns, and the one conversion its value needs. */
export interface Computed<V> {
  readonly sql: string;
  readonly convert: (value: unknown) => V;
}

type ValuesOf<C extends Record<string, Computed<unknown>>> = {
  [K in keyof C]: C[K] extends Computed<infer V> ? V : never;
};

function expect<V>(what: string, holds: (value: unknown) => value is V): (value: unknown) => V {
  return (value) => {
    if (!holds(value)) throw new TypeError(`A computed column read ${JSON.stringify(value)} where it expects ${what}`);
    return value;
  };
}

/** The kinds of computed column the read side uses, each with its check. */
export const computed = {
  /** An array of strings: a `json` array (`json_agg`; the cheapest for `pg` to parse), or a text or uuid array. */
  strings: (sql: string): Computed<string[]> => ({
    sql,
    convert: expect(
      'an array of strings',
      (value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'),
    ),
  }),
  /** An `int4` (cast `count(*)` to `::int`: an `int8` arrives as text). */
  integer: (sql: string): Computed<number> => ({
    sql,
    convert: expect('an integer', (value): value is number => Number.isInteger(value)),
  }),
};

/**
 * What one read selects: every mapped property of a class, from the ORM's mapping, under a table
 * alias, plus named computed columns. Its type is the class's with the computed values added, so a
 * row's type is the mapping's and cannot drift from it. `SqlReader` turns it into SQL on first use
 * and refuses a class with a property it cannot map.
 */
export class ReadModel<T> {
  declare private readonly shape?: T;

  private constructor(
    readonly type: MappedClass,
    readonly alias: string,
    readonly computed: Readonly<Record<string, Computed<unknown>>>,
    /** Mapped properties this read leaves out on purpose (a secret, a lazy column); their type leaves them out too. */
    readonly omitted: ReadonlySet<string>,
  ) {}

  static of<
    E extends object,
    C extends Record<string, Computed<unknown>> = Record<never, never>,
    K extends keyof E & string = never,
  >(
    type: MappedClass<E>,
    alias: string,
    options: { computed?: C; omit?: readonly K[] } = {},
  ): ReadModel<Omit<E, K> & ValuesOf<C>> {
    if (!/^[a-z][a-z0-9_]*$/.test(alias))
      throw new Error(`A read model's alias is a plain SQL identifier, not ${JSON.stringify(alias)}`);
    return new ReadModel(type, alias, options.computed ?? {}, new Set(options.omit ?? []));
  }
}
