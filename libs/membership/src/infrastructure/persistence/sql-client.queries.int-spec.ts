import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { SqlReader } from '@app/shared/sql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { countStatements } from '../../../../../test/support/statement-counter.js';
import { SqlOrganisationQueries } from '../../../../organisations/src/infrastructure/persistence/sql-organisation.queries.js';
import type { ClientSearch } from '../../application/client.queries.js';
import { nameSearchForms } from '../../domain/name-search.js';
import { SqlClientQueries } from './sql-client.queries.js';

const FIRST = [
  'Olivia',
  'Noah',
  'Charlotte',
  'Oliver',
  'Amelia',
  'William',
  'Isla',
  'Jack',
  'Mia',
  'Henry',
  'Zoë',
  'José',
  'Ava',
  'Leo',
  'Grace',
  'Lucas',
];
const LAST = [
  'Anderson',
  'Brown',
  'Chen',
  'Harris',
  'Jones',
  'Kelly',
  'King',
  'Lee',
  'Martin',
  'Nguyen',
  'Núñez',
  "O'Brien",
  'Ryan',
  'Scott',
  'Smith',
  'Young',
];
const CLIENTS = 30_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Client search against the planner: an organisation with tens of thousands of clients, and every
 * statement a search sends run with EXPLAIN ANALYZE, planned for its values (as an unnamed
 * statement is) and generically (as a prepared statement may be after five runs). Neither may read
 * more clients than the search matches, give or take the page: no scan of the organisation.
 */
describe('client search on PostgreSQL, in an organisation of 30,000 clients', () => {
  let orm: MikroORM;
  let organisationId: string;
  let queries: SqlClientQueries;
  let pool: Pool;

  beforeAll(async () => {
    orm = await openTestOrm();
    organisationId = await new Rows(orm).organisation('Big Clinic');
    // Last names in blocks, as the list orders them: the clients a name search matches all sort together.
    const rows = Array.from({ length: CLIENTS }, (_, n) => {
      const [firstName, lastName] = [FIRST[n % FIRST.length], LAST[Math.floor((n * LAST.length) / CLIENTS)]];
      return { firstName, lastName, n, ...nameSearchForms(firstName, lastName) };
    });
    const connection = fresh(orm).getConnection();
    for (let start = 0; start < rows.length; start += 10_000) {
      await connection.execute(
        `insert into clients (id, organisation_id, first_name, last_name, last_name_search, full_name_search, email, mobile_number, date_of_birth, deleted, created_at, updated_at)
         select gen_random_uuid(), ?, r."firstName", r."lastName", r."lastNameSearch", r."fullNameSearch", 'client.' || r.n || '@example.com',
           '+614' || lpad(r.n::text, 8, '0'), date '1950-01-01' + r.n % 20000, r.n % 20 = 0, now(), now()
         from jsonb_to_recordset(?::jsonb) as r("firstName" text, "lastName" text, "lastNameSearch" text, "fullNameSearch" text, n int)`,
        [organisationId, JSON.stringify(rows.slice(start, start + 10_000))],
      );
    }
    await connection.execute('analyze clients');
    const sql = new SqlReader(orm);
    queries = new SqlClientQueries(sql, new SqlOrganisationQueries(sql));
    pool = await orm.em.getConnection().getNativeClient();
  }, 60_000);
  afterAll(() => orm?.close());

  /** The clients rows the statement read (kept or filtered away), run for its values or generically. */
  async function clientsRead(
    connection: PoolClient,
    text: string,
    values: unknown[],
    generic: boolean,
  ): Promise<{ read: number; seqScan: boolean }> {
    const explained = async (statement: string, parameters?: unknown[]) =>
      (await connection.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(statement, parameters)).rows[0]['QUERY PLAN'][0]
        .Plan;
    let plan: PlanNode;
    if (generic) {
      await connection.query('set plan_cache_mode = force_generic_plan');
      await connection.query(`prepare probe as ${text}`);
      const literals = values.map((value) =>
        typeof value === 'number' ? String(value) : connection.escapeLiteral(String(value)),
      );
      plan = await explained(`explain (analyze, format json) execute probe(${literals.join(', ')})`);
      await connection.query('deallocate probe');
      await connection.query('reset plan_cache_mode');
    } else {
      plan = await explained(`explain (analyze, format json) ${text}`, values);
    }
    const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'clients');
    return {
      read: scans.reduce(
        (sum, node) =>
          sum +
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
            node['Actual Loops'],
        0,
      ),
      seqScan: scans.some((node) => node['Node Type'] === 'Seq Scan'),
    };
  }

  it.each<[string, ClientSearch]>([
    ['a last name that sorts last', { q: 'young' }],
    ['a last name with an accent, typed without', { q: 'nunez' }],
    ['a short prefix', { q: 'ch' }],
    ['a first name', { q: 'zoe' }],
    ['a full name', { q: 'jose o' }],
    ['a whole email', { q: 'Client.77@example.com' }],
    ['a mobile number', { q: '0400 000 077' }],
    ['a mobile number, international', { q: '+61 400 000 077' }],
    ['a name, archived clients included', { q: 'kel', includeDeleted: true }],
    ['a date of birth', { dateOfBirth: '1950-02-01' }],
    ['an email', { email: 'client.12345@example.com' }],
  ])('%s: two statements, each reading only the clients it matches however it is planned', async (_, search) => {
    const page = { page: 1, limit: 20 };
    const found = await queries.list(organisationId, page, search);
    const { statements, values } = await countStatements(() => queries.list(organisationId, page, search));
    expect(statements).toHaveLength(2);
    expect(found.totalItems).toBeGreaterThan(0);
    const matchedOrArchived = found.totalItems * 1.2 + 20;

    const connection = await pool.connect();
    try {
      for (const [index, text] of statements.entries()) {
        for (const generic of [false, true]) {
          const { read, seqScan } = await clientsRead(connection, text, values[index]!, generic);
          expect({
            statement: text.slice(0, 60),
            generic,
            seqScan,
            readNoMoreThanMatched: read <= matchedOrArchived,
          }).toEqual({
            statement: text.slice(0, 60),
            generic,
            seqScan: false,
            readNoMoreThanMatched: true,
          });
        }
      }
    } finally {
      connection.release();
    }
  });

  it('finds names the way they are typed: any case, no accents, first, last or full name', async () => {
    const names = async (q: string) =>
      (await queries.list(organisationId, { page: 1, limit: 3 }, { q })).items.map(
        (c) => `${c.firstName} ${c.lastName}`,
      );
    expect(await names('NÚÑ')).toEqual(['Amelia Núñez', 'Amelia Núñez', 'Amelia Núñez']);
    expect(await names('obri')).toEqual(["Amelia O'Brien", "Amelia O'Brien", "Amelia O'Brien"]);
    expect(await names('zoë young')).toEqual(['Zoë Young', 'Zoë Young', 'Zoë Young']);
    const young = Array.from({ length: CLIENTS }, (_, n) => n).filter(
      (n) => LAST[Math.floor((n * LAST.length) / CLIENTS)] === 'Young' && n % 20 !== 0,
    );
    expect((await queries.list(organisationId, { page: 1, limit: 1 }, { q: 'young' })).totalItems).toBe(young.length);
  });
});
