import {
  type EntityMetadata,
  type EntityProperty,
  MikroORM,
  type Platform,
  ReferenceKind,
} from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { type Page, type PageRequest, pageOf } from '../domain/index.js';
import { limitAndOffset } from './list-window.js';
import type { ReadModel } from './read-model.js';
import type { ReadReplicas } from './read-replicas.js';
import type { SqlParams } from './sql-params.js';
import { StatementNames } from './statement-names.js';
import { transactionConnection } from './transaction-connection.js';

type Row = Record<string, unknown>;

/** How the rows of one read model are selected and turned into values. */
interface Mapping {
  /** `<alias>.<column> as "<key>", …`: each value under its own key in a row. */
  columns: string;
  table: string;
  toValue: (row: Row) => unknown;
}

/**
 * A read of at most one row of a model, written by the context that owns the model (which columns,
 * which row), for a statement of another context that reads several things at once
 * (`SqlReader.row`). `rest` follows `select … from <table> <alias>`: its `where …` (and
 * `order by … limit 1` when several rows could match), over SQL expressions the caller gave it
 * (parameters such as `$2`, or columns of the statement's `from`, such as `b.provider_id`).
 * `view` makes the answer's value of the model's instance.
 */
export interface JoinedRead<V> {
  readonly model: ReadModel<unknown>;
  readonly rest: string;
  readonly view: (value: never) => V;
}

export function joinedRead<T, V = T>(model: ReadModel<T>, rest: string, view?: (value: T) => V): JoinedRead<V> {
  return { model, rest, view: (view ?? ((value: T) => value)) as (value: never) => V };
}

type ReadsOf<R extends Record<string, JoinedRead<unknown>>> = {
  [K in keyof R]: R[K] extends JoinedRead<infer V> ? V | null : never;
};

/**
 * The read side's one way to PostgreSQL. A `ReadModel` says what to select (a mapped class's
 * columns, from the ORM's own mapping, and computed columns); the caller adds the rest of the
 * statement (`where`, joins, order, paging) with `$1`, `$2`, … parameters. Each value is converted
 * once, here, as the ORM's hydrator would (timestamps arrive as text on its pool), and the result
 * is an instance of the mapped class that the unit of work never sees: for answers, not changes.
 *
 * Outside a transaction it sends the statement straight to MikroORM's `pg` pool, skipping the ORM's
 * query formatting, logging and identity map, which cost more CPU than the statements themselves.
 * Inside `em.transactional(...)` it runs on that transaction's connection, so a use case can read
 * the answer to its own change (uncommitted writes included) before it commits. Outside one,
 * `ReadReplicas` chooses the pool: a read replica's or the primary's.
 *
 * On a pool, statements go as named (prepared) statements unless `preparedStatements` is false
 * (`DATABASE_PREPARED_STATEMENTS`, see `StatementNames`).
 */
export class SqlReader {
  private pool?: Promise<Pool>;
  private readonly mappings = new WeakMap<ReadModel<unknown>, Mapping>();
  /** Per model, per name it is read under in `row`. */
  private readonly joinedMappings = new WeakMap<ReadModel<unknown>, Map<string, Mapping>>();
  private readonly names: StatementNames;

  private readonly replicas?: ReadReplicas;

  /** Without `replicas` (a reader built by hand, as some tests do) every read is on the primary. */
  constructor(
    private readonly orm: MikroORM,
    options: { preparedStatements?: boolean; replicas?: ReadReplicas } = {},
  ) {
    this.names = new StatementNames(options.preparedStatements ?? true);
    this.replicas = options.replicas;
  }

  /** `select <the model's columns> from <its table> <alias> <rest>`. */
  async select<T>(model: ReadModel<T>, rest: string, values: readonly unknown[] = []): Promise<T[]> {
    const mapping = this.mappingOf(model);
    const rows = await this.query(`select ${mapping.columns} from ${mapping.table} ${model.alias} ${rest}`, values);
    return rows.map(mapping.toValue) as T[];
  }

  /** The first row of `select`, or `null`. */
  async first<T>(model: ReadModel<T>, rest: string, values: readonly unknown[] = []): Promise<T | null> {
    const [value] = await this.select(model, rest, values);
    return value ?? null;
  }

  /**
   * One statement for two read models a row holds side by side: `select <left's columns>, <right's
   * columns> from <left's table> <left's alias> <rest>`, where `rest` joins the right one's table
   * under its alias. A `left join` that finds no row gives `null` on the right.
   */
  async selectPairs<L, R>(
    left: ReadModel<L>,
    right: ReadModel<R>,
    rest: string,
    values: readonly unknown[] = [],
  ): Promise<[L, R | null][]> {
    const leftMapping = this.mappingOf(left);
    const rightMapping = this.joinedMappingOf(right, right.alias);
    const rows = await this.query(`${this.selectPairsOf(left, right)} ${rest}`, values);
    return rows.map((row) => [
      leftMapping.toValue(row) as L,
      row[right.alias] === true ? (rightMapping.toValue(row) as R) : null,
    ]);
  }

  /** The first row of `selectPairs`, or `null`. */
  async firstPair<L, R>(
    left: ReadModel<L>,
    right: ReadModel<R>,
    rest: string,
    values: readonly unknown[] = [],
  ): Promise<[L, R | null] | null> {
    const [pair] = await this.selectPairs(left, right, rest, values);
    return pair ?? null;
  }

  /** `select count(*)::int as total from <the model's table> <alias> <rest>`. */
  async count(model: ReadModel<unknown>, rest: string, values: readonly unknown[] = []): Promise<number> {
    const [row] = await this.query(`${this.countOf(model)} ${rest}`, values);
    return row.total as number;
  }

  /**
   * A page of a list: the rows of `model` that `where` picks, in `orderBy`, within the page, and
   * the count of all it picks; two statements, sent together. `params` holds the values of
   * `where`'s parameters, and gains the page's limit and offset after them.
   */
  async page<T>(
    model: ReadModel<T>,
    where: string,
    orderBy: string,
    params: SqlParams,
    page: PageRequest,
  ): Promise<Page<T>> {
    const filter = params.values;
    const paging = limitAndOffset(page, params);
    const [items, total] = await Promise.all([
      this.select(model, `${where} order by ${orderBy} ${paging}`, params.values),
      this.count(model, where, filter),
    ]);
    return pageOf(items, total, page);
  }

  /**
   * One statement that reads several models' rows side by side, each at most one: `select
   * <columns>, <each read's columns> from <from> left join lateral (<the read>) on true … <rest>`.
   * Each read is its view, or `null` when it found no row; `row` holds `columns` by their names.
   * `null` when `from` and `rest` give no row. A statement a write makes to learn everything it
   * checks at once (and to lock what it locks, in `columns` or `rest`): one round trip.
   */
  async row<R extends Record<string, JoinedRead<unknown>>>(
    statement: { columns?: string; from: string; reads: R; rest?: string },
    values: readonly unknown[],
  ): Promise<{ reads: ReadsOf<R>; row: Row } | null> {
    const [row] = await this.query(this.rowOf(statement), values);
    if (!row) return null;
    const names = Object.keys(statement.reads);
    const reads = Object.fromEntries(
      names.map((name) => {
        const read = statement.reads[name];
        return [
          name,
          row[name] === true ? read.view(this.joinedMappingOf(read.model, name).toValue(row) as never) : null,
        ];
      }),
    ) as ReadsOf<R>;
    return { reads, row };
  }

  /** The text of `row`'s statement. The bench baselines send theirs from this. */
  rowOf(statement: {
    columns?: string;
    from: string;
    reads: Record<string, JoinedRead<unknown>>;
    rest?: string;
  }): string {
    const names = Object.keys(statement.reads);
    for (const name of names)
      if (!/^[a-z][a-zA-Z]*$/.test(name))
        throw new Error(`A joined read's name is a plain word, not ${JSON.stringify(name)}`);
    const laterals = names.map((name) => {
      const read = statement.reads[name];
      const mapping = this.joinedMappingOf(read.model, name);
      return `left join lateral (select ${mapping.columns} from ${mapping.table} ${read.model.alias} ${read.rest}) "${name}" on true`;
    });
    const columns = [...(statement.columns ? [statement.columns] : []), ...names.map((name) => `"${name}".*`)];
    return `select ${columns.join(', ')} from ${statement.from} ${laterals.join(' ')} ${statement.rest ?? ''}`;
  }

  /**
   * How many rows match any of `rests` (each `where …` under the model's alias), which must not
   * overlap: one statement adding up a count per condition, so each can be read from its own index
   * (an index-only scan where the index holds what its condition asks), where `count` of their
   * `or` reads the table's rows.
   */
  async countDisjoint(
    model: ReadModel<unknown>,
    rests: readonly string[],
    values: readonly unknown[] = [],
  ): Promise<number> {
    const table = `${this.metadataOf(model).tableName} ${model.alias}`;
    const counts = rests.map((rest) => `(select count(*) from ${table} ${rest})`);
    const [row] = await this.query(`select (${counts.join(' + ')})::int as total`, values);
    return row.total as number;
  }

  /** How `select` starts its statements for a model: `select <columns> from <table> <alias>`. The bench baselines build theirs from this. */
  selectOf(model: ReadModel<unknown>): string {
    const mapping = this.mappingOf(model);
    return `select ${mapping.columns} from ${mapping.table} ${model.alias}`;
  }

  /** How `selectPairs` starts its statements: the left model's columns, then the right's under its alias' prefix (`f.id`). */
  selectPairsOf(left: ReadModel<unknown>, right: ReadModel<unknown>): string {
    const leftMapping = this.mappingOf(left);
    return `select ${leftMapping.columns}, ${this.joinedMappingOf(right, right.alias).columns} from ${leftMapping.table} ${left.alias}`;
  }

  /** How `count` starts its statements for a model. */
  countOf(model: ReadModel<unknown>): string {
    return `select count(*)::int as total from ${this.metadataOf(model).tableName} ${model.alias}`;
  }

  private async query(text: string, values: readonly unknown[]): Promise<Row[]> {
    const transaction = transactionConnection(this.orm.em);
    if (transaction) return (await transaction.executeSql(text, values)).rows;
    const run = async (pool: Pool) =>
      (await pool.query<Row>({ name: this.names.of(text), text, values: values as unknown[] })).rows;
    if (this.replicas) return this.replicas.read(run);
    this.pool ??= this.orm.em.getConnection().getNativeClient();
    return run(await this.pool);
  }

  private metadataOf(model: ReadModel<unknown>): EntityMetadata<object> {
    return this.orm.getMetadata().get(model.type) as EntityMetadata<object>;
  }

  private joinedMappingOf(model: ReadModel<unknown>, name: string): Mapping {
    let byName = this.joinedMappings.get(model);
    if (!byName) this.joinedMappings.set(model, (byName = new Map<string, Mapping>()));
    let mapping = byName.get(name);
    if (!mapping)
      byName.set(name, (mapping = mappingOf(this.metadataOf(model), model, this.orm.em.getPlatform(), name)));
    return mapping;
  }

  private mappingOf(model: ReadModel<unknown>): Mapping {
    let mapping = this.mappings.get(model);
    if (!mapping) {
      mapping = mappingOf(this.metadataOf(model), model, this.orm.em.getPlatform(), '');
      this.mappings.set(model, mapping);
    }
    return mapping;
  }
}

/** A column's value as the class holds it; `null` stays `null`. */
type Conversion = (value: unknown) => unknown;

/**
 * The model's select and the maker of its instances. Under a `name` (a model read beside others in
 * one row: `SqlReader.row`, `selectPairs`), each column is named `<name>.<property>` and a column
 * `<name>` is `true` when a row was found, so that the reads of one statement keep apart, and a read
 * that found no row is told from one whose columns are all null.
 */
function mappingOf(
  meta: EntityMetadata<object>,
  model: ReadModel<unknown>,
  platform: Platform,
  name?: string,
): Mapping {
  const fields = meta.props
    .filter((prop) => !model.omitted.has(prop.name as string))
    .map((prop) => ({
      name: String(prop.name),
      column: columnOf(meta, prop),
      convert: conversionOf(prop, platform),
      prop,
    }));
  for (const omitted of model.omitted) {
    if (!meta.properties[omitted as never])
      throw new Error(`${meta.className} has no mapped property "${omitted}" to leave out`);
  }

  const computed = Object.entries(model.computed).map(([property, { sql, convert }]) => {
    if (meta.properties[property as never])
      throw new Error(
        `${meta.className}: the computed column "${property}" would hide the mapped property of that name`,
      );
    return { name: property, sql, convert };
  });
  const key = (property: string) => (name ? `${name}.${property}` : property);
  const columns = [
    ...fields.map(({ name: property, column, prop }) =>
      isStringArray(prop)
        ? `to_json(${model.alias}.${column}) as "${key(property)}"`
        : `${model.alias}.${column} as "${key(property)}"`,
    ),
    ...computed.map(({ name: property, sql }) => `${sql} as "${key(property)}"`),
    // Whether the row was found: its primary key is never null in a found row, and a left join that
    // found nothing leaves it null (beside another model, or in a lateral read of its own).
    ...(name
      ? [`(${model.alias}.${columnOf(meta, meta.properties[meta.primaryKeys[0]])} is not null) as "${name}"`]
      : []),
  ];
  // Columns whose value the driver already gives as the class holds it (text, numbers, booleans,
  // jsonb, arrays) have no conversion: they are copied as they are.
  return {
    columns: columns.join(', '),
    table: meta.tableName,
    toValue: instanceMaker(
      meta.class.prototype as object,
      [...fields, ...computed].map((field) => ({ ...field, key: key(field.name) })),
    ),
  };
}

/**
 * A function that makes one instance of the mapped class from a row: a constructor generated for
 * the read model, assigning each column in a fixed order (one object shape, no per-row loop), with
 * the conversions inline. Its prototype inherits the class's methods, and shadows each field with a
 * plain data property: the ORM puts change-tracking setters on its classes' prototypes, and an
 * assignment through them would build the tracking this avoids. (It replaced
 * `Object.setPrototypeOf` on the driver's row, which cost about 0.4 µs a row.)
 */
function instanceMaker(
  prototype: object,
  fields: readonly { name: string; key: string; convert?: Conversion }[],
): (row: Row) => unknown {
  const shadow = Object.create(
    prototype,
    Object.fromEntries(fields.map(({ name }) => [name, { value: undefined, writable: true, configurable: true }])),
  ) as object;
  const conversions = fields.map(({ convert }) => convert);
  const body = fields
    .map(({ name, key, convert }, index) => {
      const [property, column] = [JSON.stringify(name), JSON.stringify(key)];
      return convert
        ? `v = row[${column}]; this[${property}] = v === null || v === undefined ? v : c[${index}](v);`
        : `this[${property}] = row[${column}];`;
    })
    .join('\n');
  // The field names are the mapping's (property and computed column names), never input.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constructor generated per read model is the point
  const define = new Function('c', `return function ReadInstance(row) { let v;\n${body}\n}`) as (
    c: (Conversion | undefined)[],
  ) => new (row: Row) => object;
  const Instance = define(conversions);
  Instance.prototype = shadow;
  return (row) => new Instance(row);
}

/** The one column a property is stored in; anything else is refused, never silently left out. */
function columnOf(meta: EntityMetadata<object>, prop: EntityProperty<object>): string {
  const refuse = (why: string) =>
    new Error(
      `The read side cannot map ${meta.className}.${prop.name as string}: ${why}. Map it, or read it another way.`,
    );
  if (prop.kind !== ReferenceKind.SCALAR) throw refuse(`it is a ${prop.kind} relation`);
  if (prop.persist === false) throw refuse('it is not persisted (persist: false)');
  if (prop.lazy) throw refuse('it is lazy');
  if (prop.formula) throw refuse('it is a formula');
  if (prop.fieldNames?.length !== 1) throw refuse(`it spans ${prop.fieldNames?.length ?? 0} columns`);
  const column = prop.fieldNames[0];
  if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw refuse(`its column "${column}" needs quoting`);
  return column;
}

/**
 * A column of text or uuids in an array, which the read side selects as JSON: the driver parses
 * PostgreSQL's array text character by character in JavaScript, and JSON with `JSON.parse`, many
 * times faster (an appointment type lists every provider and location of the organisation: two
 * hundred ids each in a large one). The values are the same strings either way.
 */
function isStringArray(prop: EntityProperty<object>): boolean {
  return /^(uuid|text|varchar(\(\d+\))?|character varying(\(\d+\))?)\[\]$/.test(prop.columnTypes?.[0] ?? '');
}

/** As the ORM's hydrator converts a column: its custom type's conversion, or text to a Date; `undefined`: none needed. */
function conversionOf(prop: EntityProperty<object>, platform: Platform): Conversion | undefined {
  if (prop.runtimeType === 'Date') return (value) => (value instanceof Date ? value : new Date(value as string));
  const type = prop.customType;
  if (type) return (value): unknown => type.convertToJSValue(value, platform);
  return undefined;
}
