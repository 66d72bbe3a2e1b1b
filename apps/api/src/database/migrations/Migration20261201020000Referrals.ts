import { Migration } from '@mikro-orm/migrations';

/**
 * Referrals: a client's referrals, as the referring practitioner wrote them, and the Medicare claims
 * made under them. Medicare pays the allied health items (MBS 10950 to 10970) only under a referral
 * with sessions left, and at most 5 of them a calendar year; a claim keeps its referral and when
 * its service was given, so that both are counted. The claims made so far take the service date of
 * their booking. The client's referrals and its transactions are each read by their index when a
 * claim counts the sessions taken.
 */
export class Migration20261201020000Referrals extends Migration {
  override up(): void {
    this.addSql(`
      create table referrals (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        client_id uuid not null references clients (id),
        type text not null check (type in ('gp_chronic_disease_management', 'specialist', 'other')),
        referring_provider_number text not null,
        referring_provider_name text not null,
        issued_on date not null,
        expires_on date check (expires_on >= issued_on),
        sessions_referred integer check (sessions_referred > 0),
        deleted boolean not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      )`);
    this.addSql(`create index referrals_client_idx on referrals (client_id, created_at desc, id desc)`);

    this.addSql(`alter table medicare_claims add column referral_id uuid references referrals (id)`);
    this.addSql(`alter table medicare_claims add column service_date timestamptz(3)`);
    this.addSql(
      `update medicare_claims m set service_date = b.service_date
       from transactions t join bookings b on b.id = t.booking_id where t.id = m.transaction_id`,
    );
    this.addSql(
      `create index medicare_claims_referral_idx on medicare_claims (referral_id) where referral_id is not null`,
    );
    this.addSql(`create index transactions_client_idx on transactions (client_id) where client_id is not null`);
  }
}
