import { Migration } from '@mikro-orm/migrations';

/**
 * One invoice per service: a booking's later check-out of the same items pays its invoice rather
 * than issuing a second, so an invoice keeps every check-out that pays it (`transaction_ids`, the
 * issuing one first), found by any of them. One of other items cancels it (`cancelled`) and issues
 * its replacement. Invoices so far are paid by their own check-out alone.
 */
export class Migration20261203010000OneInvoicePerService extends Migration {
  override up(): void {
    this.addSql('alter table invoices add column transaction_ids uuid[]');
    this.addSql('update invoices set transaction_ids = array[transaction_id]');
    this.addSql('alter table invoices alter column transaction_ids set not null');
    this.addSql('create index invoices_transaction_ids_idx on invoices using gin (transaction_ids)');
  }
}
