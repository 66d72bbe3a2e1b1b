import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

/**
 * The read side's way to PostgreSQL: a parameterised statement (`$1`, `$2`, …) on MikroORM's own
 * connection pool, so rows are parsed with the ORM's type parsers. Lists send a handful of these
 * per request; going straight to the pool skips the ORM's query formatting, logging and query
 * builder layers, which cost more CPU than the statement itself. Writes stay on the
 * EntityManager, in its unit of work and transaction.
 */
@Injectable()
export class SqlReader {
  private pool?: Promise<Pool>;

  constructor(private readonly orm: MikroORM) {}

  async rows<Row>(text: string, values: readonly unknown[] = []): Promise<Row[]> {
    this.pool ??= this.orm.em.getConnection().getNativeClient();
    const result = await (await this.pool).query(text, values as unknown[]);
    return result.rows as Row[];
  }
}
