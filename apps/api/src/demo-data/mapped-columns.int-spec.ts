import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { openTestOrm, Rows } from '../../../../test/support/orm.js';
import { countStatements } from '../../../../test/support/statement-counter.js';
import { parseAnchor } from './anchor.js';
import { DatasetGenerator, type Row, type RowSink, type Table } from './dataset.js';

type Columns = Map<string, Set<string>>;

class ColumnSink implements RowSink {
  readonly columns: Columns = new Map();
  add(table: Table, row: Row): void {
    const columns = this.columns.get(table) ?? new Set<string>();
    for (const column of Object.keys(row)) columns.add(column);
    this.columns.set(table, columns);
  }
  async checkpoint(): Promise<void> {}
}

/**
 * The demo data generator and the test row builders write rows as plain SQL, by column name. They
 * are checked against the mapping here instead of copying it: every column they write is a mapped
 * column of its table, and every column the database cannot fill itself (not null, no default) is
 * written. A new nullable or defaulted field needs no edit in either; a renamed column fails here.
 */
describe('rows written by column name', () => {
  let orm: MikroORM;
  let mapped: Columns;
  let required: Columns;

  beforeAll(async () => {
    orm = await openTestOrm();
    mapped = new Map(
      [...orm.getMetadata().getAll().values()].map((meta) => [
        meta.tableName,
        new Set(meta.props.flatMap((prop) => prop.fieldNames ?? [])),
      ]),
    );
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ table_name: string; column_name: string }[]>(
        `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and is_nullable = 'NO' and column_default is null`,
      );
    required = new Map();
    for (const { table_name, column_name } of rows)
      required.set(table_name, (required.get(table_name) ?? new Set()).add(column_name));
    expect([...required.get('bookings')!]).toContain('service_date');
  });
  afterAll(() => orm?.close());

  /** What is wrong with the columns written to each table: unmapped ones, and required ones left out. */
  const problems = (written: Columns) =>
    [...written].flatMap(([table, columns]) => {
      const ofTable = mapped.get(table);
      if (!ofTable) return [`${table}: no EntitySchema maps it`];
      return [
        ...[...columns]
          .filter((column) => !ofTable.has(column))
          .map((column) => `${table}.${column}: not a mapped column`),
        ...[...(required.get(table) ?? [])]
          .filter((column) => !columns.has(column))
          .map((column) => `${table}.${column}: required, not written`),
      ];
    });

  it('the demo data generator', async () => {
    const sink = new ColumnSink();
    const vault = cardVaultFor(
      new AppConfig({ DATABASE_URL: 'postgresql://unused', WALLET_ENCRYPTION_KEY: 'ab'.repeat(32) }),
    );
    const generator = new DatasetGenerator(3, parseAnchor('2026-11-22')!, vault, sink);
    for (const [index, plan] of generator.plans('small').entries()) await generator.organisation(plan, index);
    expect(sink.columns.size).toBeGreaterThanOrEqual(15);
    expect(problems(sink.columns)).toEqual([]);
  });

  it('the test row builders (test/support/orm.ts)', async () => {
    const rows = new Rows(orm);
    const { statements } = await countStatements(async () => {
      const { organisationId, clientId } = await rows.practice();
      await rows.medicareCard(organisationId, clientId);
    });
    const written: Columns = new Map();
    for (const statement of statements) {
      const insert = /^insert into (\w+) \(([^)]*)\)/.exec(statement);
      if (insert) written.set(insert[1], new Set(insert[2].split(',').map((column) => column.trim())));
    }
    expect([...written.keys()].sort()).toEqual([
      'businesses',
      'clients',
      'locations',
      'organisations',
      'provider_location_links',
      'providers',
      'wallet_cards',
    ]);
    expect(problems(written)).toEqual([]);
  });
});
