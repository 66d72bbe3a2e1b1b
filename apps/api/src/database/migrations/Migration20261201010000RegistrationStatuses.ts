import { Migration } from '@mikro-orm/migrations';

/**
 * A registration's `status` is `pending`, `active` or `inactive` (or unset), and only an active one
 * lets a location claim. A Medicare registration that already has a minor id, and a health fund one
 * that already has a PHI location id, were claiming: they become `active`. Any other status that is
 * not one of the three is cleared.
 */
export class Migration20261201010000RegistrationStatuses extends Migration {
  override up(): void {
    this.addSql(`
      update locations l set registrations = coalesce((
        select jsonb_agg(
          case when r->'medicare' is null or jsonb_typeof(r->'medicare') = 'null' then r
               else jsonb_set(r, '{medicare,status}', case
                 when coalesce(r->'medicare'->>'minorId', '') <> '' then '"active"'::jsonb
                 when r->'medicare'->>'status' in ('pending', 'active', 'inactive') then r->'medicare'->'status'
                 else 'null'::jsonb end) end
          order by ordinality)
        from jsonb_array_elements(l.registrations) with ordinality as e(r, ordinality)
      ), '[]'::jsonb)
      where jsonb_array_length(l.registrations) > 0`);
    this.addSql(`
      update locations l set registrations = coalesce((
        select jsonb_agg(
          case when r->'phi' is null or jsonb_typeof(r->'phi') = 'null' then r
               else jsonb_set(r, '{phi,status}', case
                 when coalesce(r->'phi'->>'phiLocationId', '') <> '' then '"active"'::jsonb
                 when r->'phi'->>'status' in ('pending', 'active', 'inactive') then r->'phi'->'status'
                 else 'null'::jsonb end) end
          order by ordinality)
        from jsonb_array_elements(l.registrations) with ordinality as e(r, ordinality)
      ), '[]'::jsonb)
      where jsonb_array_length(l.registrations) > 0`);
  }
}
