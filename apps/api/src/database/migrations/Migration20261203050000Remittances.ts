import { Migration } from '@mikro-orm/migrations';

/**
 * Remittances: what Medicare and the health funds deposited for a business's claims, one per
 * deposit (a payer's report, by its reference), each claim's payment transaction naming the one that paid it (and
 * what it paid). A bulk bill keeps the provider number Medicare pays it under; claims made before
 * take the servicing provider's number at the location where the service was given.
 */
export class Migration20261203050000Remittances extends Migration {
  override up(): void {
    this.addSql(`create table remittances (
      id uuid primary key,
      organisation_id text not null,
      business_id uuid not null,
      payer_type text not null check (payer_type in ('medicare', 'health_fund')),
      health_fund_id uuid,
      payer_name text not null,
      payee_provider_number text not null,
      payment_date date not null,
      payment_reference text not null,
      bank_account_bsb text not null,
      bank_account_number_last4 text not null,
      amount integer not null,
      expected_amount integer not null,
      claim_count integer not null,
      status text not null check (status in ('unreconciled', 'reconciled', 'discrepancy')),
      created_at timestamptz(3) not null,
      updated_at timestamptz(3) not null)`);
    // A payer's deposit is recorded once, whatever asks the payers how often.
    this.addSql(`create unique index remittances_deposit_unique on remittances
      (organisation_id, business_id, payer_type, coalesce(health_fund_id, '00000000-0000-0000-0000-000000000000'::uuid), payee_provider_number, payment_reference)`);
    this.addSql(
      'create index remittances_business_idx on remittances (business_id, payment_date desc, created_at desc, id desc)',
    );
    this.addSql('create index remittances_business_updated_idx on remittances (business_id, updated_at, id)');
    this.addSql(`alter table payment_transactions
      add column remittance_id uuid references remittances (id),
      add column remitted_amount integer check (remitted_amount >= 0),
      add constraint payment_transactions_remitted_check check ((remittance_id is null) = (remitted_amount is null))`);
    this.addSql(
      'create index payment_transactions_remittance_idx on payment_transactions (remittance_id, created_at, id) where remittance_id is not null',
    );
    this.addSql(`create index payment_transactions_unremitted_idx on payment_transactions (business_id)
      where remittance_id is null and source <> 'payment'`);
    this.addSql('alter table medicare_claims add column payee_provider_number text');
    this.addSql(`update medicare_claims m set payee_provider_number = nullif(l.medicare->>'providerNumber', '')
      from transactions t join provider_location_links l on l.provider_id = t.service_provider_id and l.location_id = t.location_id and not l.deleted
      where m.transaction_id = t.id and m.type->>'code' = 'bulk_bill'`);
  }
}
