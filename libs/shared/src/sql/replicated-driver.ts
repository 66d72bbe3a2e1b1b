import { type PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';

/**
 * MikroORM's PostgreSQL driver with its read replicas' connections (the `replicas` option) in
 * reach one by one: the driver's own `getConnection('read')` picks one at random, and the read
 * routing needs each to know which is current enough and which is down.
 */
export class ReplicatedPostgreSqlDriver extends PostgreSqlDriver {
  readConnections(): readonly PostgreSqlConnection[] {
    return this.replicas;
  }
}
