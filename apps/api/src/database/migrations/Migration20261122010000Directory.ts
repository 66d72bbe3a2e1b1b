import { Migration } from '@mikro-orm/migrations';

/** Businesses, locations, plan template links, practitioners, members, clients, health funds. */
export class Migration20261122010000Directory extends Migration {
  override up(): void {
    this.addSql(`
      create table businesses (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        name text not null,
        tax_identifier text not null,
        country_code text not null,
        merchant_id text,
        settings jsonb not null,
        capabilities jsonb not null,
        events jsonb not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index businesses_organisation_idx on businesses (organisation_id, created_at desc, id desc)`);

    this.addSql(`
      create table locations (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        name text not null,
        time_zone text not null,
        address jsonb not null,
        suggested_tax_identifier text,
        booking_custom_text text,
        email text,
        registrations jsonb not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index locations_organisation_idx on locations (organisation_id, created_at desc, id desc)`);

    this.addSql(`
      create table plan_template_links (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        plan_template_id text not null,
        url text not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(
      `create index plan_template_links_organisation_idx on plan_template_links (organisation_id, created_at desc, id desc)`,
    );

    this.addSql(`
      create table providers (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        first_name text not null,
        middle_name text,
        last_name text not null,
        email text,
        mobile_number text,
        profile_image_url text,
        bookings_enabled boolean not null,
        deleted boolean not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index providers_listing_idx on providers (organisation_id, last_name, first_name, id)`);

    this.addSql(`
      create table provider_location_links (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        provider_id uuid not null references providers (id),
        location_id uuid not null references locations (id),
        accepted_terms boolean not null,
        category_code text,
        medicare jsonb,
        association jsonb,
        deleted boolean not null,
        created_at timestamptz(3) not null
      )`);
    // One live link per provider and location; the database settles concurrent creates.
    this.addSql(
      `create unique index provider_location_links_live_unique on provider_location_links (provider_id, location_id) where not deleted`,
    );
    this.addSql(
      `create index provider_location_links_location_idx on provider_location_links (location_id) where not deleted`,
    );

    this.addSql(`
      create table members (
        id text primary key,
        first_name text not null,
        last_name text not null,
        email text not null,
        mobile_number text,
        date_of_birth date,
        profile_image_url text,
        metadata jsonb not null,
        email_verified boolean not null,
        mobile_number_verified boolean not null,
        roles jsonb not null,
        settings jsonb not null,
        activity jsonb not null,
        created_by_organisation_id text references organisations (id),
        created_at timestamptz(3) not null
      )`);
    // Emails are unique ignoring case; concurrent sign-ups are settled here, not by a look-up.
    this.addSql(`create unique index members_email_unique on members (lower(email))`);

    this.addSql(`
      create table clients (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        member_id text references members (id),
        first_name text not null,
        last_name text not null,
        date_of_birth date,
        mobile_number text,
        email text,
        pms_patient_id text,
        pms_created_at timestamptz(3),
        profile_image_url text,
        deleted boolean not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index clients_organisation_idx on clients (organisation_id, created_at desc, id desc)`);
    this.addSql(`create index clients_member_idx on clients (member_id) where member_id is not null`);

    this.addSql(`
      create table health_funds (
        id uuid primary key,
        name text not null,
        capabilities jsonb not null
      )`);
    const funds: [string, string, Record<string, boolean>][] = [
      [
        '0193a6f2-0001-7000-8000-000000000001',
        'Medibank Private',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000002',
        'Bupa HI',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000003',
        'HCF',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000004',
        'nib',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000005',
        'HBF Health',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: false },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000006',
        'Teachers Health',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000007',
        'Australian Unity',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000008',
        'GMHBA',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-000000000009',
        'CBHS Health Fund',
        { onlineClaiming: true, rebateEstimates: false, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-00000000000a',
        'Defence Health',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: true },
      ],
      [
        '0193a6f2-0001-7000-8000-00000000000b',
        'Westfund',
        { onlineClaiming: true, rebateEstimates: false, claimReversal: false },
      ],
      [
        '0193a6f2-0001-7000-8000-00000000000c',
        'Peoplecare',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: false },
      ],
      [
        '0193a6f2-0001-7000-8000-00000000000d',
        'Health Partners',
        { onlineClaiming: true, rebateEstimates: false, claimReversal: false },
      ],
      [
        '0193a6f2-0001-7000-8000-00000000000e',
        'Police Health',
        { onlineClaiming: true, rebateEstimates: true, claimReversal: false },
      ],
    ];
    for (const [id, name, capabilities] of funds) {
      this.addSql(
        `insert into health_funds (id, name, capabilities) values ('${id}', '${name}', '${JSON.stringify(capabilities)}')`,
      );
    }
  }
}
