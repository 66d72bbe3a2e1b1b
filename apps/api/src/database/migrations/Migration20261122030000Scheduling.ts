import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000Scheduling extends Migration {
  override up(): void {
    this.addSql(`
      create table appointment_types (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        name text not null,
        duration_minutes integer not null check (duration_minutes > 0),
        price integer not null check (price >= 0),
        provider_ids uuid[] not null,
        location_ids uuid[] not null,
        max_attendees integer not null check (max_attendees >= 1),
        description text,
        category text,
        item_code text,
        billable_items jsonb not null,
        deleted boolean not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(
      `create index appointment_types_organisation_idx on appointment_types (organisation_id, created_at desc, id desc)`,
    );

    this.addSql(`
      create table bookings (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        client_id uuid not null references clients (id),
        provider_id uuid not null references providers (id),
        location_id uuid not null references locations (id),
        appointment_type_id uuid not null references appointment_types (id),
        provider_location_link_id uuid not null references provider_location_links (id),
        service_date timestamptz(3) not null,
        ends_at timestamptz(3) not null,
        service_price integer not null check (service_price >= 0),
        paid boolean not null,
        invoiced boolean not null,
        adjustments jsonb not null,
        cancelled_at timestamptz(3),
        payment_method_id uuid references wallet_cards (id),
        health_fund_card_id uuid references wallet_cards (id),
        pms_booking_id text,
        pms_attendee_id text,
        created_at timestamptz(3) not null,
        check (ends_at > service_date)
      )`);
    // The listing order, and every filter combined with it.
    this.addSql(`create index bookings_listing_idx on bookings (organisation_id, service_date desc, id desc)`);
    this.addSql(
      `create index bookings_provider_idx on bookings (organisation_id, provider_id, service_date desc, id desc)`,
    );
    this.addSql(
      `create index bookings_location_idx on bookings (organisation_id, location_id, service_date desc, id desc)`,
    );
    this.addSql(
      `create index bookings_client_idx on bookings (organisation_id, client_id, service_date desc, id desc)`,
    );
    // The overlap check under the provider lock reads only confirmed bookings.
    this.addSql(
      `create index bookings_provider_diary_idx on bookings (provider_id, service_date, ends_at) where cancelled_at is null`,
    );
  }
}
