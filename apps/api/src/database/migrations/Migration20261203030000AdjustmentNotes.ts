import { Migration } from '@mikro-orm/migrations';

/**
 * Adjustment notes: what a refund of a tax invoice with GST, or an invoice cancelled, takes off its
 * price, as the GST law asks. Numbered per business without gaps, from a counter row taken in the
 * transaction that issues the note (as invoices are). A refund has at most one note, and its
 * reversal one more.
 */
export class Migration20261203030000AdjustmentNotes extends Migration {
  override up(): void {
    this.addSql(`
      create table adjustment_notes (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        business_id uuid not null references businesses (id),
        invoice_id uuid not null references invoices (id),
        number text not null,
        issued_at timestamptz(3) not null,
        reason text not null check (reason in ('refund', 'refund_failed', 'invoice_cancelled')),
        amount integer not null,
        tax_amount integer not null,
        refund_id text,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create unique index adjustment_notes_number_unique on adjustment_notes (business_id, number)`);
    this.addSql(`create index adjustment_notes_invoice_idx on adjustment_notes (invoice_id, issued_at, id)`);
    this.addSql(
      `create unique index adjustment_notes_refund_unique on adjustment_notes (refund_id, reason) where refund_id is not null`,
    );
    this.addSql(`
      create table adjustment_note_counters (
        business_id uuid primary key references businesses (id),
        next integer not null
      )`);
  }
}
