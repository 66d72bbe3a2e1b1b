import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ReplicatedPostgreSqlDriver } from '@app/shared';
import { platformSchemas } from '@app/platform';
import { organisationSchemas } from '@app/organisations';
import { membershipSchemas } from '@app/membership';
import { practitionerSchemas } from '@app/practitioners';
import { walletSchemas } from '@app/wallet';
import { schedulingSchemas } from '@app/scheduling';
import { paymentsSchemas } from '@app/payments-and-claims';
import { eventsSchemas } from '@app/events';
import { notificationsSchemas } from '@app/notifications';
import { currentEntityManager } from '../request-scope.js';
import { reclaimLostConnections } from './lost-connections.js';
import { MIGRATIONS } from './migrations/index.js';

export const ENTITY_SCHEMAS = [
  ...platformSchemas,
  ...organisationSchemas,
  ...membershipSchemas,
  ...practitionerSchemas,
  ...walletSchemas,
  ...schedulingSchemas,
  ...paymentsSchemas,
  ...eventsSchemas,
  ...notificationsSchemas,
];

// A request waits at most this long for a connection (pool exhausted, server unreachable), then
// fails as a database outage: 503 with Retry-After, never a request hanging for ever.
const DRIVER_OPTIONS = { connectionTimeoutMillis: 5_000, onPoolCreated: reclaimLostConnections };

/** `readUrls`: read replicas of `clientUrl`, which only `SqlReader` reads from (see `ReadReplicas`). */
export function createOrmConfig(clientUrl: string, readUrls: readonly string[] = []): Options {
  return defineConfig({
    clientUrl,
    driver: ReplicatedPostgreSqlDriver,
    replicas: readUrls.map((url, index) => ({
      name: `replica-${index + 1}`,
      clientUrl: url,
      // A replica that does not answer soon is skipped for the primary, so waiting long gains nothing.
      driverOptions: { ...DRIVER_OPTIONS, connectionTimeoutMillis: 1_000 },
    })),
    // The ORM's own reads (a use case loading what it changes) stay on the primary.
    preferReadReplicas: false,
    entities: ENTITY_SCHEMAS,
    extensions: [Migrator],
    // Silent: its colour console lines would break the JSON log; start-up reports what it applied.
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: 10 },
    driverOptions: DRIVER_OPTIONS,
    forceUtcTimezone: true,
    // The database exists before the service starts (the operator's, or the embedded one's start
    // makes it). Checking on connect would look the URL's database name up in pg_database, which
    // behind PgBouncer can be an alias, and then try to create it through a database PgBouncer does not serve.
    ensureDatabase: false,
    // Every unit of work runs in a request context or an explicit fork.
    allowGlobalContext: false,
    context: currentEntityManager,
  });
}
