import { Migration } from '@mikro-orm/migrations';

/**
 * Appointment types can change: each carries when it last did, for its ETag and for sync lists
 * (`updatedSince`, ordered `updated_at, id`). Types made before this never changed, so their
 * `updated_at` is their `created_at`. Time off never changes once added: its sync order is
 * `created_at, id`, per provider as its list is read.
 */
export class Migration20261128000000AppointmentTypeVersions extends Migration {
  override up(): void {
    this.addSql(`alter table appointment_types add column updated_at timestamptz(3)`);
    this.addSql(`update appointment_types set updated_at = created_at`);
    this.addSql(`alter table appointment_types alter column updated_at set not null`);
    this.addSql(`create index appointment_types_sync_idx on appointment_types (organisation_id, updated_at, id)`);
    this.addSql(`create index time_off_sync_idx on time_off (provider_id, created_at, id)`);
  }
}
