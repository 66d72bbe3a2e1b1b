import { type EntityManager, ReferenceKind } from '@mikro-orm/postgresql';
import type { MappedClass } from './read-model.js';

/**
 * `insert into <table> (<columns>) values (…), (…)` of instances of one mapped class, for a write
 * that puts the rows of several tables in one statement (each insert in a `with` clause; foreign
 * keys are checked at the end of the statement, so the order of the clauses does not matter).
 * Columns come from the ORM's mapping and each value is converted as the ORM converts it for its
 * own inserts (json as its text). Placeholders are numbered after those already in `values`, to
 * which it appends. `sqlFor` gives a column SQL in place of a value, the same for every row.
 */
export function insertRows<T extends object>(
  em: EntityManager,
  type: MappedClass<T>,
  rows: readonly T[],
  values: unknown[],
  sqlFor: { [K in keyof T]?: string } = {},
): string {
  if (rows.length === 0) throw new Error('insertRows needs at least one row');
  const meta = em.getMetadata().get(type);
  const platform = em.getPlatform();
  const props = meta.props.filter(
    (prop) => prop.kind === ReferenceKind.SCALAR && prop.persist !== false && !prop.formula,
  );
  for (const prop of props) {
    if (prop.fieldNames?.length !== 1)
      throw new Error(
        `insertRows cannot write ${meta.className}.${String(prop.name)}: it spans ${prop.fieldNames?.length ?? 0} columns`,
      );
  }
  const given = sqlFor as Record<string, string | undefined>;
  const tuples = rows.map((row) => {
    const placeholders = props.map((prop) => {
      const sql = given[String(prop.name)];
      if (sql !== undefined) return sql;
      const value = (row as Record<string, unknown>)[String(prop.name)] ?? null;
      values.push(
        value === null || value instanceof Date || !prop.customType
          ? value
          : prop.customType.convertToDatabaseValue(value, platform, { mode: 'query-data' }),
      );
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return `insert into ${meta.tableName} (${props.map((prop) => prop.fieldNames[0]).join(', ')}) values ${tuples.join(', ')}`;
}
