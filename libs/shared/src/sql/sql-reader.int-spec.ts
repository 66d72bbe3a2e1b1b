import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntitySchema, MikroORM, type Options } from '@mikro-orm/postgresql';
import { scratchDatabase } from '../../../../test/support/scratch-database.js';
import { countStatements } from '../../../../test/support/statement-counter.js';
import { TEXT, TIMESTAMP, UUID } from './columns.js';
import { computed, ReadModel } from './read-model.js';
import { SqlParams } from './sql-params.js';
import { joinedRead, SqlReader } from './sql-reader.js';
import { statementNameOf } from './statement-names.js';

// Classes and tables of this test's own, in a database of its own: the reader is tested without
// any context's mapping, and the test run's shared database gains no table.
class Note {
  id: string;
  organisationId: string;
  firstName: string;
  lastName: string;
  deleted: boolean;
  createdAt: Date;
}

class SealedNote {
  id: string;
  ciphertext: string;
}

class TaggedNote {
  id: string;
  tags: string[];
  ownerIds: string[] | null;
}

const SCHEMAS = [
  new EntitySchema<Note>({
    class: Note,
    tableName: 'notes',
    properties: {
      id: { ...UUID, primary: true },
      organisationId: TEXT,
      firstName: TEXT,
      lastName: TEXT,
      deleted: { type: 'boolean' },
      createdAt: TIMESTAMP,
    },
  }),
  new EntitySchema<SealedNote>({
    class: SealedNote,
    tableName: 'sealed_notes',
    properties: { id: { ...UUID, primary: true }, ciphertext: { ...TEXT, lazy: true } },
  }),
  new EntitySchema<TaggedNote>({
    class: TaggedNote,
    tableName: 'tagged_notes',
    properties: {
      id: { ...UUID, primary: true },
      tags: { type: 'string[]', columnType: 'text[]' },
      ownerIds: { type: 'string[]', columnType: 'uuid[]', nullable: true },
    },
  }),
];

const TABLES = `
  create table notes (id uuid primary key, organisation_id text not null, first_name text not null, last_name text not null,
    deleted boolean not null, created_at timestamptz(3) not null);
  create table note_links (note_id uuid not null references notes (id));
  create table sealed_notes (id uuid primary key, ciphertext text not null);
  create table tagged_notes (id uuid primary key, tags text[] not null, owner_ids uuid[]);`;

const NOTES = ReadModel.of(Note, 'n', {
  computed: { links: computed.integer('(select count(*)::int from note_links l where l.note_id = n.id)') },
});

describe('SqlReader', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let config: Options;
  let orm: MikroORM;
  let sql: SqlReader;
  const organisationId = 'org_sql_reader';
  const noteId = crypto.randomUUID();

  beforeAll(async () => {
    database = await scratchDatabase('sql_reader');
    config = {
      clientUrl: database.url,
      entities: SCHEMAS,
      forceUtcTimezone: true,
      allowGlobalContext: false,
      debug: false,
    };
    orm = await MikroORM.init(config);
    await orm.em.fork().getConnection().execute(TABLES);
    await orm.em
      .fork()
      .getConnection()
      .execute(`insert into notes values (?, ?, 'Ada', 'Lovelace', false, now())`, [noteId, organisationId]);
    sql = new SqlReader(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('gives instances of the mapped class, timestamps as Dates, computed columns checked', async () => {
    const note = await sql.first(NOTES, 'where n.id = $1', [noteId]);
    expect(note).toBeInstanceOf(Note);
    expect(note!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(note!.createdAt.getTime())).toBe(false);
    expect(note).toMatchObject({ id: noteId, organisationId, deleted: false, links: 0 });
  });

  it('gives each selected column as a plain own property, which the ORM does not track', async () => {
    const note = await sql.first(NOTES, 'where n.id = $1', [noteId]);
    const mapped = orm
      .getMetadata()
      .get(Note)
      .props.map((prop) => String(prop.name));
    expect(Object.keys(note!).sort()).toEqual([...mapped, 'links'].sort());
    note!.firstName = 'Changed';
    expect(note!.firstName).toBe('Changed');
    // A plain own property took the value: no setter of the ORM's ran, so nothing was tracked.
    expect(Object.getOwnPropertyDescriptor(note, 'firstName')).toMatchObject({ value: 'Changed', writable: true });
    expect(Object.keys(note!).sort()).toEqual([...mapped, 'links'].sort());
  });

  it('reads two joined read models in one statement, each an instance of its class; a left join that finds nothing gives null', async () => {
    const other = ReadModel.of(Note, 'm');
    const { statements } = await countStatements(async () => {
      const [[note, same]] = await sql.selectPairs(NOTES, other, 'left join notes m on m.id = n.id where n.id = $1', [
        noteId,
      ]);
      expect(note).toMatchObject({ id: noteId, firstName: 'Ada', links: 0 });
      expect(same).toBeInstanceOf(Note);
      expect(same!.createdAt).toEqual(note.createdAt);
      expect(Object.keys(same!).sort()).toEqual(
        orm
          .getMetadata()
          .get(Note)
          .props.map((prop) => String(prop.name))
          .sort(),
      );
      const [alone, nothing] = (await sql.firstPair(
        NOTES,
        other,
        'left join notes m on m.id = n.id and false where n.id = $1',
        [noteId],
      ))!;
      expect(alone).toMatchObject({ id: noteId });
      expect(nothing).toBeNull();
      expect(await sql.firstPair(NOTES, other, 'join notes m on m.id = n.id where false')).toBeNull();
    });
    expect(statements).toHaveLength(3);
  });

  it("reads a page and the count of the list in two statements, the page's limit and offset after the filter's parameters", async () => {
    const where = 'where n.organisation_id = $1';
    const sent = await countStatements(async () => {
      expect(
        await sql.page(NOTES, where, 'n.last_name, n.id', new SqlParams(organisationId), { page: 1, limit: 1 }),
      ).toMatchObject({
        items: [{ id: noteId }],
        totalItems: 1,
      });
    });
    expect(sent.statements).toEqual([
      `${sql.selectOf(NOTES)} ${where} order by n.last_name, n.id limit $2 offset $3`,
      `${sql.countOf(NOTES)} ${where}`,
    ]);
  });

  it('refuses a computed column whose value is not what it declares', async () => {
    const lying = ReadModel.of(Note, 'n', { computed: { links: computed.integer("'three'") } });
    await expect(sql.select(lying, 'where n.id = $1', [noteId])).rejects.toThrow(/expects an integer/);
  });

  it('refuses a class with a property it cannot map, unless the read leaves it out by name', async () => {
    await expect(sql.select(ReadModel.of(SealedNote, 's'), 'where false')).rejects.toThrow(
      /SealedNote\.ciphertext: it is lazy/,
    );
    await expect(sql.select(ReadModel.of(SealedNote, 's', { omit: ['ciphertext'] }), 'where false')).resolves.toEqual(
      [],
    );
  });

  it("reads on a write's transaction connection inside em.transactional, seeing its uncommitted rows; outside, the pool sees only committed ones", async () => {
    const newId = crypto.randomUUID();
    let inserted!: () => void;
    let finish!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = new Error('roll back');
    const write = orm.em.fork().transactional(async (tx) => {
      await tx.execute(
        `insert into notes (id, organisation_id, first_name, last_name, deleted, created_at) values (?, ?, 'Una', 'Committed', false, now())`,
        [newId, organisationId],
      );
      const inside = await sql.first(NOTES, 'where n.id = $1', [newId]);
      inserted();
      await finished;
      if (inside?.lastName === 'Committed') throw rolledBack;
      throw new Error(`the transaction's own row was not read: ${JSON.stringify(inside)}`);
    });

    await insertedYet;
    const outside = await sql.first(NOTES, 'where n.id = $1', [newId]);
    finish();
    await expect(write).rejects.toBe(rolledBack);
    expect(outside).toBeNull();
    expect(await sql.first(NOTES, 'where n.id = $1', [newId])).toBeNull();
  });

  it('reads several models side by side in one statement, each its instance or null, beside columns of its own', async () => {
    const missing = crypto.randomUUID();
    const byId = (id: string) =>
      joinedRead(NOTES, `where n.id = ${id} and n.organisation_id = $1`, (note) => ({
        name: `${note.firstName} ${note.lastName}`,
        note,
      }));
    let answer: Awaited<ReturnType<typeof read>> = null;
    const read = () =>
      sql.row(
        { columns: '$2::text as "asked"', from: '(select) one', reads: { found: byId('$2'), absent: byId('$3') } },
        [organisationId, noteId, missing],
      );
    const sent = await countStatements(async () => (answer = await read()));

    expect(sent.statements).toHaveLength(1);
    expect(answer!.reads.absent).toBeNull();
    expect(answer!.reads.found).toEqual({
      name: 'Ada Lovelace',
      note: expect.objectContaining({ id: noteId, organisationId, deleted: false, links: 0 }),
    });
    expect(answer!.reads.found!.note).toBeInstanceOf(Note);
    expect(answer!.reads.found!.note.createdAt).toBeInstanceOf(Date);
    expect(answer!.row.asked).toBe(noteId);
    expect(
      await sql.row({ from: 'notes x', reads: { found: byId('x.id') }, rest: 'where x.id = $2' }, [
        organisationId,
        missing,
      ]),
    ).toBeNull();
    expect(
      (await sql.row({ from: 'notes x', reads: { found: byId('x.id') }, rest: 'where x.id = $2' }, [
        organisationId,
        noteId,
      ]))!.reads.found,
    ).toMatchObject({
      name: 'Ada Lovelace',
    });
  });

  describe('prepared statements', () => {
    const LIST = 'where n.organisation_id = $1 order by n.last_name, n.id';
    // One pool connection, so the statements PostgreSQL holds for it can be read back on it.
    const onOneConnection = async (
      preparedStatements: boolean,
      work: (reader: SqlReader, pool: import('pg').Pool) => Promise<void>,
    ) => {
      const single = await MikroORM.init({ ...config, pool: { min: 0, max: 1 } });
      try {
        await work(new SqlReader(single, { preparedStatements }), await single.em.getConnection().getNativeClient());
      } finally {
        await single.close(true);
      }
    };
    const preparedOn = async (pool: import('pg').Pool) =>
      (
        await pool.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements order by name',
        )
      ).rows;

    it('on: a repeated read goes under one name, a hash of its text, which PostgreSQL keeps prepared', async () => {
      await onOneConnection(true, async (reader, pool) => {
        const sent = await countStatements(async () => {
          await reader.select(NOTES, LIST, [organisationId]);
          await reader.select(NOTES, LIST, [organisationId]);
        });
        const text = `${reader.selectOf(NOTES)} ${LIST}`;
        expect(sent.statements).toEqual([text, text]);
        expect(sent.names).toEqual([statementNameOf(text), statementNameOf(text)]);
        expect(await preparedOn(pool)).toEqual([{ name: statementNameOf(text), statement: text }]);
      });
    });

    it('off: every read goes unnamed and nothing stays prepared', async () => {
      await onOneConnection(false, async (reader, pool) => {
        const sent = await countStatements(async () => {
          await reader.select(NOTES, LIST, [organisationId]);
          await reader.count(NOTES, 'where n.organisation_id = $1', [organisationId]);
        });
        expect(sent.names).toEqual([undefined, undefined]);
        expect(await preparedOn(pool)).toEqual([]);
      });
    });

    it('answers the same either way', async () => {
      const answers: unknown[] = [];
      for (const preparedStatements of [true, false]) {
        await onOneConnection(preparedStatements, async (reader) => {
          // Past PostgreSQL's five custom plans, so a named statement may be on its generic plan.
          for (let run = 0; run < 6; run += 1) await reader.select(NOTES, LIST, [organisationId]);
          answers.push({
            rows: await reader.select(NOTES, LIST, [organisationId]),
            one: await reader.first(NOTES, 'where n.id = $1', [noteId]),
            total: await reader.count(NOTES, 'where n.organisation_id = $1', [organisationId]),
          });
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ one: { id: noteId }, total: 1 });
    });
  });

  it('reads arrays of text and uuids as JSON, to the same strings the array text holds', async () => {
    const tags = ['plain', 'a, comma', 'a "quote"', '{braces}', 'back\\slash', 'NULL', '', 'ünïcode'];
    const owners = [crypto.randomUUID(), crypto.randomUUID()];
    const [full, empty] = [crypto.randomUUID(), crypto.randomUUID()];
    const connection = orm.em.fork().getConnection();
    await connection.execute('insert into tagged_notes values (?, ?::text[], ?::uuid[]), (?, ?::text[], null)', [
      full,
      `{${tags.map((tag) => `"${tag.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`,
      `{${owners.join(',')}}`,
      empty,
      '{}',
    ]);
    const TAGGED = ReadModel.of(TaggedNote, 't');

    expect(sql.selectOf(TAGGED)).toBe(
      'select t.id as "id", to_json(t.tags) as "tags", to_json(t.owner_ids) as "ownerIds" from tagged_notes t',
    );
    expect(await sql.first(TAGGED, 'where t.id = $1', [full])).toEqual({ id: full, tags, ownerIds: owners });
    expect(await sql.first(TAGGED, 'where t.id = $1', [empty])).toEqual({ id: empty, tags: [], ownerIds: null });
  });
});
