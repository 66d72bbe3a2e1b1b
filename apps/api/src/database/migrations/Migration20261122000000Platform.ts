import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000Platform extends Migration {
  override up(): void {
    this.addSql(`
      create table organisations (
        id text primary key,
        name text not null,
        slug text not null,
        created_at timestamptz(3) not null,
        bookings_enabled boolean not null,
        brand_image_url text,
        wordmark_image_url text,
        website_url text,
        booking_settings jsonb not null,
        constraint organisations_slug_unique unique (slug)
      )`);
    this.addSql(`create index organisations_created_at_idx on organisations (created_at desc, id desc)`);

    this.addSql(`
      create table api_keys (
        id text primary key,
        name text not null,
        organisation_id text references organisations (id),
        secret_hash text not null,
        created_at timestamptz(3) not null,
        constraint api_keys_secret_hash_unique unique (secret_hash)
      )`);

    this.addSql(`
      create table idempotency_keys (
        api_key_hash text not null,
        key text not null,
        request_hash text not null,
        created_at timestamptz(3) not null default now(),
        response_status integer,
        response_headers jsonb,
        response_body text,
        primary key (api_key_hash, key)
      )`);
  }
}
