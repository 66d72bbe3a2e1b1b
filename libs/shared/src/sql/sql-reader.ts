import { type EntityMetadata, type EntityProperty, MikroORM, type Platform, ReferenceKind } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { ReadModel } from './read-model.js';
import type { ReadReplicas } from './read-replicas.js';
import { StatementNames } from './statement-names.js';
import { transactionConnection } from './transaction-connection.js';

type Row = Record<string, unknown>;

/** How the rows of one read model are selected and turned into values. */
interface Mapping {
  from: string;
  toValue: (row: Row) => unknown;
}

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
    const rows = await this.query(`${mapping.from} ${rest}`, values);
    return rows.map(mapping.toValue) as T[];
  }

  /** The first row of `select`, or `null`. */
  async first<T>(model: ReadModel<T>, rest: string, values: readonly unknown[] = []): Promise<T | null> {
    const [value] = await this.select(model, rest, values);
    return value ?? null;
  }

  /** `select count(*)::int as total from <the model's table> <alias> <rest>`. */
  async count(model: ReadModel<unknown>, rest: string, values: readonly unknown[] = []): Promise<number> {
    const [row] = await this.query(`${this.countOf(model)} ${rest}`, values);
    return row.total as number;
  }

  /** How `select` starts its statements for a model: `select <columns> from <table> <alias>`. The bench baselines build theirs from this. */
  selectOf(model: ReadModel<unknown>): string {
    return this.mappingOf(model).from;
  }

  /** How `count` starts its statements for a model. */
  countOf(model: ReadModel<unknown>): string {
    return `select count(*)::int as total from ${this.metadataOf(model).tableName} ${model.alias}`;
  }

  private async query(text: string, values: readonly unknown[]): Promise<Row[]> {
    const transaction = transactionConnection(this.orm.em);
    if (transaction) return (await transaction.executeSql(text, values)).rows;
    const run = async (pool: Pool) => (await pool.query<Row>({ name: this.names.of(text), text, values: values as unknown[] })).rows;
    if (this.replicas) return this.replicas.read(run);
    this.pool ??= this.orm.em.getConnection().getNativeClient();
    return run(await this.pool);
  }

  private metadataOf(model: ReadModel<unknown>): EntityMetadata<object> {
    return this.orm.getMetadata().get(model.type) as EntityMetadata<object>;
  }

  private mappingOf(model: ReadModel<unknown>): Mapping {
    let mapping = this.mappings.get(model);
    if (!mapping) {
      mapping = mappingOf(this.metadataOf(model), model, this.orm.em.getPlatform());
      this.mappings.set(model, mapping);
    }
    return mapping;
  }
}

/** A column's value as the class holds it; `null` stays `null`. */
type Conversion = (value: unknown) => unknown;

function mappingOf(meta: EntityMetadata<object>, model: ReadModel<unknown>, platform: Platform): Mapping {
  const fields = meta.props
    .filter((prop) => !model.omitted.has(prop.name as string))
    .map((prop) => ({ name: String(prop.name), column: columnOf(meta, prop), convert: conversionOf(prop, platform) }));
  for (const name of model.omitted) {
    if (!meta.properties[name as never]) throw new Error(`${meta.className} has no mapped property "${name}" to leave out`);
  }
  const computed = Object.entries(model.computed).map(([name, { sql, convert }]) => {
    if (meta.properties[name as never]) throw new Error(`${meta.className}: the computed column "${name}" would hide the mapped property of that name`);
    return { name, sql, convert };
  });
  const columns = [...fields.map(({ name, column }) => `${model.alias}.${column} as "${name}"`), ...computed.map(({ name, sql }) => `${sql} as "${name}"`)];
  // Columns whose value the driver already gives as the class holds it (text, numbers, booleans,
  // jsonb, arrays) have no conversion: they are copied as they are.
  return {
    from: `select ${columns.join(', ')} from ${meta.tableName} ${model.alias}`,
    toValue: instanceMaker(meta.class.prototype as object, [...fields, ...computed]),
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
function instanceMaker(prototype: object, fields: readonly { name: string; convert?: Conversion }[]): (row: Row) => unknown {
  const shadow = Object.create(
    prototype,
    Object.fromEntries(fields.map(({ name }) => [name, { value: undefined, writable: true, configurable: true }])),
  ) as object;
  const conversions = fields.map(({ convert }) => convert);
  const body = fields
    .map(({ name, convert }, index) => {
      const key = JSON.stringify(name);
      return convert ? `v = row[${key}]; this[${key}] = v === null || v === undefined ? v : c[${index}](v);` : `this[${key}] = row[${key}];`;
    })
    .join('\n');
  // The field names are the mapping's (property and computed column names), never input.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constructor generated per read model is the point
  const define = new Function('c', `return function ReadInstance(row) { let v;\n${body}\n}`) as (c: (Conversion | undefined)[]) => new (row: Row) => object;
  const Instance = define(conversions);
  Instance.prototype = shadow;
  return (row) => new Instance(row);
}

/** The one column a property is stored in; anything else is refused, never silently left out. */
function columnOf(meta: EntityMetadata<object>, prop: EntityProperty<object>): string {
  const refuse = (why: string) => new Error(`The read side cannot map ${meta.className}.${prop.name as string}: ${why}. Map it, or read it another way.`);
  if (prop.kind !== ReferenceKind.SCALAR) throw refuse(`it is a ${prop.kind} relation`);
  if (prop.persist === false) throw refuse('it is not persisted (persist: false)');
  if (prop.lazy) throw refuse('it is lazy');
  if (prop.formula) throw refuse('it is a formula');
  if (prop.fieldNames?.length !== 1) throw refuse(`it spans ${prop.fieldNames?.length ?? 0} columns`);
  const column = prop.fieldNames[0];
  if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw refuse(`its column "${column}" needs quoting`);
  return column;
}

/** As the ORM's hydrator converts a column: its custom type's conversion, or text to a Date; `undefined`: none needed. */
function conversionOf(prop: EntityProperty<object>, platform: Platform): Conversion | undefined {
  if (prop.runtimeType === 'Date') return (value) => (value instanceof Date ? value : new Date(value as string));
  const type = prop.customType;
  if (type) return (value): unknown => type.convertToJSValue(value, platform);
  return undefined;
}
