import { Migration } from '@mikro-orm/migrations';

/**
 * A cancellation or no-show fee is a supply of its own: it issues an invoice of its own (`fee`),
 * apart from the service's, which a later check-out pays or replaces. Invoices so far are services'.
 */
export class Migration20261203040000FeeInvoices extends Migration {
  override up(): void {
    this.addSql('alter table invoices add column fee boolean not null default false');
    this.addSql('alter table invoices alter column fee drop default');
  }
}
