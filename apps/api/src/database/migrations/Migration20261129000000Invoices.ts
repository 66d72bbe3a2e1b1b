import { Migration } from '@mikro-orm/migrations';

/**
 * A check-out issues an invoice. Its number counts per business without gaps: the next one is kept
 * in `invoice_counters`, a row per business updated in the check-out's transaction, so a check-out
 * that rolls back gives its number back (a sequence would not). Check-outs made before invoices
 * existed keep no invoice: their bookings stay `invoiced: false`.
 */
export class Migration20261129000000Invoices extends Migration {
  override up(): void {
    this.addSql(`
      create table invoice_counters (
        business_id uuid primary key references businesses (id),
        next integer not null
      )`);
    this.addSql(`
      create table invoices (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        booking_id uuid not null references bookings (id),
        transaction_id uuid not null references transactions (id),
        client_id uuid not null references clients (id),
        number text not null,
        status text not null,
        issued_at timestamptz(3) not null,
        parties jsonb not null,
        items jsonb not null,
        subtotal integer not null,
        tax_amount integer not null,
        total integer not null,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      )`);
    // One invoice per check-out, and one of each number in a business.
    this.addSql(`create unique index invoices_transaction_unique on invoices (transaction_id)`);
    this.addSql(`create unique index invoices_number_unique on invoices (business_id, number)`);
    // The list, newest first, and its sync order.
    this.addSql(`create index invoices_organisation_idx on invoices (organisation_id, issued_at desc, id desc)`);
    this.addSql(`create index invoices_sync_idx on invoices (organisation_id, updated_at, id)`);
    this.addSql(`create index invoices_booking_idx on invoices (booking_id)`);
    this.addSql(`create index invoices_client_idx on invoices (client_id, issued_at desc)`);
  }
}
