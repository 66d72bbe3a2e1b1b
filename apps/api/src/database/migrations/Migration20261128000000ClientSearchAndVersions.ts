import { Migration } from '@mikro-orm/migrations';
import { nameSearchForms } from '@app/membership';

const BATCH = 2_000;

export class Migration20261128000000ClientSearchAndVersions extends Migration {
  override async up(): Promise<void> {
    // Every change gives a client or member a new updatedAt (its version, and the sync order).
    for (const table of ['clients', 'members']) {
      await this.execute(`alter table ${table} add column updated_at timestamptz(3)`);
      await this.execute(`update ${table} set updated_at = created_at`);
      await this.execute(`alter table ${table} alter column updated_at set not null`);
    }
    await this.execute(`create index clients_sync_idx on clients (organisation_id, updated_at, id)`);

    // Client search: the names as search compares them, in byte order so that a prefix is an index
    // range. Written by the application (see name-search.ts), so these rows are filled the same way.
    await this.execute(
      `alter table clients add column last_name_search text collate "C", add column full_name_search text collate "C"`,
    );
    await this.fillNameSearchForms();
    await this.execute(
      `alter table clients alter column last_name_search set not null, alter column full_name_search set not null`,
    );
    // The list's order (last name, then first name through the full name, then id), and the
    // last-name prefix range; the full-name range (which covers first names) has its own.
    await this.execute(
      `create index clients_name_idx on clients (organisation_id, last_name_search, full_name_search, id)`,
    );
    await this.execute(`create index clients_full_name_idx on clients (organisation_id, full_name_search)`);
    // The exact look-ups a search or a filter makes: an email ignoring case, an E.164 number, a date of birth.
    await this.execute(`create index clients_email_idx on clients (organisation_id, lower(email))`);
    await this.execute(`create index clients_mobile_number_idx on clients (organisation_id, mobile_number)`);
    await this.execute(`create index clients_date_of_birth_idx on clients (organisation_id, date_of_birth)`);
  }

  /** The search forms of every existing client, a batch at a time in id order. */
  async fillNameSearchForms(): Promise<void> {
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const rows = (await this.execute(
        `select id, first_name, last_name from clients where id > ? order by id limit ${BATCH}`,
        [after],
      )) as {
        id: string;
        first_name: string;
        last_name: string;
      }[];
      if (rows.length === 0) return;
      const forms = rows.map((row) => ({ id: row.id, ...nameSearchForms(row.first_name, row.last_name) }));
      await this.execute(
        `update clients c set last_name_search = f."lastNameSearch", full_name_search = f."fullNameSearch"
         from jsonb_to_recordset(?::jsonb) as f(id uuid, "lastNameSearch" text, "fullNameSearch" text) where c.id = f.id`,
        [JSON.stringify(forms)],
      );
      after = rows[rows.length - 1].id;
    }
  }
}
