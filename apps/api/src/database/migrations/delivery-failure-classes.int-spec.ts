import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { Migration20261127000000DeliveryFailureClasses } from './Migration20261127000000DeliveryFailureClasses.js';

describe('stored delivery errors, made classes', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  it('leaves the organisation a class for each error stored in the words of what failed', async () => {
    const organisationId = await new Rows(orm).organisation();
    const endpointId = randomUUID();
    const connection = fresh(orm).getConnection();
    await connection.execute(
      `insert into webhook_endpoints (id, organisation_id, url, enabled_events, status, secret, created_at, updated_at)
       values (?, ?, 'https://pms.example.com.au/hooks', '["*"]', 'enabled', 'v1:sealed', now(), now())`,
      [endpointId, organisationId],
    );
    const stored = {
      'answered 500': 'http_status',
      'no answer within 10 s': 'timeout',
      'url names a host that does not resolve': 'dns_error',
      'getaddrinfo ENOTFOUND hooks.internal.corp': 'dns_error',
      'url must not resolve to a loopback, private, link-local or metadata address': 'address_refused',
      'DNS lookup 0.0.0.0(family:undefined, host:undefined) is not allowed. Because, It is meta IP address.':
        'address_refused',
      'connect ECONNREFUSED 10.0.4.17:8443': 'connection_refused',
      'socket hang up': 'connection_reset',
      "Hostname/IP does not match certificate's altnames: Host: hooks.example.com. is not in the cert's altnames: DNS:vault.corp.internal":
        'tls_error',
      'write EPROTO 40DDE4D2377F0000:error:0A00010B:SSL routines::wrong version number': 'tls_error',
      'connect EHOSTUNREACH 10.0.4.17:443': 'connection_failed',
      tls_error: 'tls_error',
    };
    const errors = Object.keys(stored);
    for (const [attempt, error] of errors.entries()) {
      await connection.execute(
        `insert into webhook_deliveries (id, endpoint_id, organisation_id, event_id, event_type, attempt, status, duration_ms, error, created_at)
         values (?, ?, ?, 'evt_migrated', 'client.created', ?, 'retrying', 10, ?, now())`,
        [randomUUID(), endpointId, organisationId, attempt + 1, error],
      );
    }

    const migration = new Migration20261127000000DeliveryFailureClasses(orm.em.getDriver(), orm.config);
    migration.up();
    for (const query of migration.getQueries()) await connection.execute(query);

    const rows = await connection.execute<{ attempt: number; error: string }[]>(
      'select attempt, error from webhook_deliveries where endpoint_id = ? order by attempt',
      [endpointId],
    );
    expect(rows.map((row) => row.error)).toEqual(Object.values(stored));
  });
});
