import { type EntityMetadata, MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { transactionConnection } from './transaction-connection.js';

type Row = Record<string, unknown>;

/** How rows of one mapped class are selected and turned into instances. */
interface ClassMapping {
  from: string;
  toInstance: (row: Row) => object;
}

/**
 * The read side's way to PostgreSQL: parameterised statements (`$1`, `$2`, …) on MikroORM's own
 * connection pool, so rows are parsed with the ORM's type parsers. Lists send a handful of these
 * per request, and expansions load hundreds of rows; going straight to the pool skips the ORM's
 * query formatting and logging and its unit of work (identity map, change tracking), which cost
 * more CPU than the statements themselves. Writes stay on the EntityManager.
 *
 * Outside a transaction it reads committed data on a pooled connection. Inside one it reads on
 * that transaction's connection, so it sees the transaction's own writes: an event's `data` is
 * rendered there, in the shape its GET returns, before the change commits.
 */
@Injectable()
export class SqlReader {
  private pool?: Promise<Pool>;
  private readonly mappings = new Map<abstract new (...args: never[]) => object, ClassMapping>();

  constructor(private readonly orm: MikroORM) {}

  async rows<R>(text: string, values: readonly unknown[] = []): Promise<R[]> {
    const transaction = transactionConnection(this.orm.em);
    if (transaction) return (await transaction.executeSql(text, values)).rows as R[];
    this.pool ??= this.orm.em.getConnection().getNativeClient();
    const result = await (await this.pool).query(text, values as unknown[]);
    return result.rows as R[];
  }

  /**
   * Instances of a domain class mapped by the ORM (`where` is the rest of the statement after
   * `from <table>`): each property from its column, lazy properties left out. Not managed: for
   * answers, never for changes.
   */
  async entities<T extends object>(type: abstract new (...args: never[]) => T, where: string, values: readonly unknown[]): Promise<T[]> {
    const mapping = this.mappingOf(type);
    const rows = await this.rows<Row>(`${mapping.from} ${where}`, values);
    return rows.map((row) => mapping.toInstance(row) as T);
  }

  private mappingOf(type: abstract new (...args: never[]) => object): ClassMapping {
    let mapping = this.mappings.get(type);
    if (!mapping) {
      mapping = classMapping(this.orm.getMetadata().get(type) as EntityMetadata<object>);
      this.mappings.set(type, mapping);
    }
    return mapping;
  }
}

function classMapping(meta: EntityMetadata<object>): ClassMapping {
  const properties = meta.props
    .filter((prop) => prop.persist !== false && !prop.lazy && prop.fieldNames?.length === 1)
    .map((prop) => ({ name: prop.name as string, column: prop.fieldNames[0], isDate: prop.runtimeType === 'Date' }));
  const columns = properties.map(({ name, column }) => `"${column}" as "${name}"`).join(', ');
  const prototype = meta.class.prototype as object;
  return {
    from: `select ${columns} from "${meta.tableName}"`,
    toInstance: (row) => {
      const instance: Row = {};
      for (const { name, isDate } of properties) {
        const value = row[name];
        // The ORM's parsers leave timestamps as text; the domain's classes hold Dates.
        instance[name] = isDate && typeof value === 'string' ? new Date(value) : value;
      }
      // Own properties first, then the class: the ORM puts change-tracking setters on its
      // classes' prototypes, and assigning through them would build the tracking this avoids.
      return Object.setPrototypeOf(instance, prototype) as object;
    },
  };
}
