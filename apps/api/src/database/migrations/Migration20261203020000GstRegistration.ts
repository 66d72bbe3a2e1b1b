import { Migration } from '@mikro-orm/migrations';

/**
 * Businesses say whether they are registered for GST: one that is not issues documents titled
 * "Invoice" without GST, and refuses items that carry it. Businesses so far are registered.
 */
export class Migration20261203020000GstRegistration extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column gst_registered boolean not null default true');
    this.addSql('alter table businesses alter column gst_registered drop default');
  }
}
