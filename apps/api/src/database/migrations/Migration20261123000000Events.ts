import { Migration } from '@mikro-orm/migrations';

/**
 * The event log, which is also the outbox, and webhook endpoints with their delivery attempts.
 * The job engine (pg-boss) keeps its own tables in its own schema and migrates them itself.
 */
export class Migration20261123000000Events extends Migration {
  override up(): void {
    this.addSql(`create table events (
      id text primary key,
      seq bigint generated always as identity,
      type text not null,
      organisation_id text,
      data jsonb not null,
      created_at timestamptz(3) not null
    )`);
    // Newest first within an organisation, and across all of them for platform keys; ties by commit order.
    this.addSql(`create index events_organisation_idx on events (organisation_id, created_at desc, seq desc)`);
    this.addSql(`create index events_created_at_idx on events (created_at desc, seq desc)`);

    this.addSql(`create table webhook_endpoints (
      id uuid primary key,
      organisation_id text not null references organisations (id),
      url text not null,
      description text,
      enabled_events jsonb not null,
      status text not null check (status in ('enabled', 'disabled')),
      secret text not null,
      previous_secret text,
      previous_secret_expires_at timestamptz(3),
      failing_since timestamptz(3),
      created_at timestamptz(3) not null,
      updated_at timestamptz(3) not null
    )`);
    this.addSql(
      `create index webhook_endpoints_organisation_idx on webhook_endpoints (organisation_id, created_at desc, id desc)`,
    );

    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      organisation_id text not null,
      event_id text not null,
      event_type text not null,
      attempt int not null check (attempt >= 1),
      status text not null check (status in ('succeeded', 'retrying', 'failed')),
      response_status int,
      duration_ms int not null,
      error text,
      response_body text check (octet_length(response_body) <= 1024),
      created_at timestamptz(3) not null,
      next_attempt_at timestamptz(3),
      unique (endpoint_id, event_id, attempt)
    )`);
    this.addSql(
      `create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)`,
    );
    this.addSql(`create index webhook_deliveries_created_at_idx on webhook_deliveries (created_at)`);
  }
}
