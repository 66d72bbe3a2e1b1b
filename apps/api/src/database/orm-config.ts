import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { platformSchemas } from '@app/platform';
import { organisationSchemas } from '@app/organisations';
import { membershipSchemas } from '@app/membership';
import { practitionerSchemas } from '@app/practitioners';
import { walletSchemas } from '@app/wallet';
import { schedulingSchemas } from '@app/scheduling';
import { paymentsSchemas } from '@app/payments-and-claims';
import { eventsSchemas } from '@app/events';
import { currentEntityManager } from './lazy-request-context.js';
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
];

export function createOrmConfig(clientUrl: string): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITY_SCHEMAS,
    extensions: [Migrator],
    // Silent: its colour console lines would break the JSON log; start-up reports what it applied.
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: 10 },
    // A request waits at most this long for a connection (pool exhausted, server unreachable), then
    // fails as a database outage: 503 with Retry-After, never a request hanging for ever.
    driverOptions: { connectionTimeoutMillis: 5_000, onPoolCreated: reclaimLostConnections },
    forceUtcTimezone: true,
    // Every unit of work runs in a request context or an explicit fork.
    allowGlobalContext: false,
    context: currentEntityManager,
  });
}
