import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040000Payments extends Migration {
  override up(): void {
    this.addSql(`
      create table transactions (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        booking_id uuid references bookings (id),
        client_id uuid references clients (id),
        client_name text not null,
        customer_name text not null,
        amount integer not null,
        currency text not null,
        payment_method_id uuid references wallet_cards (id),
        health_fund_card_id uuid references wallet_cards (id),
        medicare_card_id uuid references wallet_cards (id),
        service_provider_id uuid references providers (id),
        location_id uuid references locations (id),
        items jsonb not null,
        confirmations jsonb not null,
        created_at timestamptz(3) not null
      )`);
    // latestTransaction of a booking: the newest by (created_at, id).
    this.addSql(
      `create index transactions_booking_idx on transactions (booking_id, created_at desc, id desc) where booking_id is not null`,
    );

    this.addSql(`
      create table claims (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        health_fund_id uuid not null references health_funds (id),
        reference_number text not null,
        provider_number text not null,
        is_rebate_estimate boolean not null,
        total_charge_amount integer not null,
        total_rebate_amount integer not null,
        total_gap_amount integer not null,
        items jsonb not null,
        device jsonb not null,
        service_type jsonb not null,
        rules jsonb not null,
        response jsonb not null,
        payment jsonb,
        provider jsonb not null,
        cancelled_at timestamptz(3),
        voided_at timestamptz(3),
        created_at timestamptz(3) not null,
        check (total_gap_amount = total_charge_amount - total_rebate_amount)
      )`);

    this.addSql(`
      create table medicare_claims (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        transaction_id uuid references transactions (id),
        reference text not null,
        mcol_transaction_id text,
        mcol_claim_id text,
        mcol_error_code text,
        mcol_error_message text,
        type jsonb not null,
        payment_status jsonb not null,
        total_charge_amount integer not null,
        total_rebate_amount integer not null,
        total_gap_amount integer not null,
        items_count integer not null,
        items jsonb not null,
        rules jsonb not null,
        patient_medicare_card_id uuid not null references wallet_cards (id),
        claimant_medicare_card_id uuid references wallet_cards (id),
        created_at timestamptz(3) not null,
        check (total_gap_amount = total_charge_amount - total_rebate_amount)
      )`);

    this.addSql(`
      create table payouts (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        amount integer not null,
        currency text not null,
        status text not null,
        arrival_date date not null,
        transaction_count integer not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index payouts_business_idx on payouts (business_id, created_at desc, id desc)`);

    this.addSql(`
      create table payment_transactions (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        transaction_id uuid references transactions (id),
        payout_id uuid references payouts (id) deferrable initially deferred,
        source text not null check (source in ('payment', 'health_fund_claim', 'medicare_claim')),
        amount integer not null,
        platform_fee_amount integer not null check (platform_fee_amount >= 0),
        payment jsonb,
        claim_id uuid references claims (id) deferrable initially deferred,
        medicare_claim_id uuid references medicare_claims (id) deferrable initially deferred,
        adjustments jsonb not null,
        payment_links jsonb not null,
        events jsonb not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(
      `create index payment_transactions_payout_idx on payment_transactions (payout_id, created_at, id) where payout_id is not null`,
    );
    this.addSql(
      `create index payment_transactions_transaction_idx on payment_transactions (transaction_id) where transaction_id is not null`,
    );
  }
}
