import { describe, expect, it, afterAll, beforeAll } from '@jest/globals';
import { DriverException } from '@mikro-orm/core';
import pg from 'pg';
import { domainErrorOfDatabase, INPUT_REJECTED_BY_DATABASE } from './database-errors.js';

/** Real PostgreSQL errors, as `pg` raises them, for each SQLSTATE the mapping names. */
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`
    create temporary table parents (id int primary key);
    create temporary table children (id int primary key, parent_id int not null references parents (id), amount int check (amount >= 0))`);
});

afterAll(() => client.end());

async function errorOf(statement: string): Promise<Error & { code: string }> {
  try {
    await client.query(statement);
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error(`${statement} did not fail`);
}

describe('domainErrorOfDatabase', () => {
  it.each([
    ['22003 numeric out of range', 'select 2147483648::int'],
    ['22P02 invalid text representation', "select 'nope'::uuid"],
    ['22008 datetime field overflow', "select '294277-01-01T00:00:00Z'::timestamptz"],
    ['22007 invalid datetime format', "select 'next tuesday'::date"],
    ['22021 character not in repertoire (NUL)', "select convert_from('\\x00'::bytea, 'UTF8')"],
    ['23502 not null violation', 'insert into children (id, parent_id) values (1, null)'],
    ['23503 foreign key violation', 'insert into children (id, parent_id) values (1, 42)'],
    ['23514 check violation', 'insert into parents values (1); insert into children values (1, 1, -1)'],
  ])('maps %s, raw or wrapped by MikroORM, to a 400 validation_failed', async (name, statement) => {
    const error = await errorOf(statement);
    expect(error.code).toBe(name.slice(0, 5));
    expect(domainErrorOfDatabase(error)).toBe(INPUT_REJECTED_BY_DATABASE);
    expect(domainErrorOfDatabase(new DriverException(error))).toBe(INPUT_REJECTED_BY_DATABASE);
    expect(INPUT_REJECTED_BY_DATABASE).toMatchObject({ kind: 'validation', code: 'validation_failed' });
  });

  it.each([
    ['42P01 undefined table', 'select * from no_such_table'],
    ['42601 syntax error', 'selec 1'],
    [
      '23505 unique violation (a conflict the use case decides)',
      'insert into parents values (7); insert into parents values (7)',
    ],
  ])('leaves %s to the 500 path', async (_, statement) => {
    expect(domainErrorOfDatabase(await errorOf(statement))).toBeUndefined();
  });

  it('leaves errors that are not from PostgreSQL alone', () => {
    expect(domainErrorOfDatabase(new Error('22003'))).toBeUndefined();
    expect(domainErrorOfDatabase(Object.assign(new Error('pipe'), { code: 'EPIPE' }))).toBeUndefined();
  });
});
