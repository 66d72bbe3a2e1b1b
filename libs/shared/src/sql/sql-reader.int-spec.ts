import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntitySchema, MikroORM } from '@mikro-orm/postgresql';
import { ENTITY_SCHEMAS } from '../../../../apps/api/src/database/orm-config.js';
import { createOrmConfig } from '../../../../apps/api/src/database/orm-config.js';
import { openTestOrm, Rows } from '../../../../test/support/orm.js';
import { countStatements } from '../../../../test/support/statement-counter.js';
import { Provider } from '../../../practitioners/src/domain/provider.js';
import { WalletCard } from '../../../wallet/src/domain/wallet-card.js';
import { computed, ReadModel } from './read-model.js';
import { SqlReader } from './sql-reader.js';
import { statementNameOf } from './statement-names.js';

const PROVIDERS = ReadModel.of(Provider, 'p', {
  computed: { links: computed.integer('(select count(*)::int from provider_location_links l where l.provider_id = p.id)') },
});

describe('SqlReader', () => {
  let orm: MikroORM;
  let sql: SqlReader;
  let organisationId: string;
  let providerId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    sql = new SqlReader(orm);
    const rows = new Rows(orm);
    organisationId = await rows.organisation();
    providerId = await rows.provider(organisationId);
  });
  afterAll(() => orm?.close());

  it('gives instances of the mapped class, timestamps as Dates, computed columns checked', async () => {
    const provider = await sql.first(PROVIDERS, 'where p.id = $1', [providerId]);
    expect(provider).toBeInstanceOf(Provider);
    expect(provider!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(provider!.createdAt.getTime())).toBe(false);
    expect(provider).toMatchObject({ id: providerId, organisationId, deleted: false, links: 0 });
  });

  it('gives each selected column as a plain own property, which the ORM does not track', async () => {
    const provider = await sql.first(PROVIDERS, 'where p.id = $1', [providerId]);
    const mapped = orm
      .getMetadata()
      .get(Provider)
      .props.map((prop) => String(prop.name));
    expect(Object.keys(provider!).sort()).toEqual([...mapped, 'links'].sort());
    provider!.firstName = 'Changed';
    expect(provider!.firstName).toBe('Changed');
    // A plain own property took the value: no setter of the ORM's ran, so nothing was tracked.
    expect(Object.getOwnPropertyDescriptor(provider, 'firstName')).toMatchObject({ value: 'Changed', writable: true });
    expect(Object.keys(provider!).sort()).toEqual([...mapped, 'links'].sort());
  });

  it('refuses a computed column whose value is not what it declares', async () => {
    const lying = ReadModel.of(Provider, 'p', { computed: { links: computed.integer("'three'") } });
    await expect(sql.select(lying, 'where p.id = $1', [providerId])).rejects.toThrow(/expects an integer/);
  });

  it('refuses a class with a property it cannot map, unless the read leaves it out by name', async () => {
    await expect(sql.select(ReadModel.of(WalletCard, 'w'), 'where false')).rejects.toThrow(/WalletCard\.numberCiphertext: it is lazy/);
    await expect(sql.select(ReadModel.of(WalletCard, 'w', { omit: ['numberCiphertext'] }), 'where false')).resolves.toEqual([]);
  });

  it('maps every EntitySchema of the application (a property it could not read fails here, not in production)', () => {
    const unmappable = ENTITY_SCHEMAS.flatMap((schema: EntitySchema) => {
      const type = schema.meta.class as abstract new () => object;
      try {
        sql.selectOf(ReadModel.of(type, 'x'));
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(unmappable).toEqual(['The read side cannot map WalletCard.numberCiphertext: it is lazy. Map it, or read it another way.']);
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
        `insert into providers (id, organisation_id, first_name, last_name, bookings_enabled, deleted, created_at) values (?, ?, 'Una', 'Committed', true, false, now())`,
        [newId, organisationId],
      );
      const inside = await sql.first(PROVIDERS, 'where p.id = $1', [newId]);
      inserted();
      await finished;
      if (inside?.lastName === 'Committed') throw rolledBack;
      throw new Error(`the transaction's own row was not read: ${JSON.stringify(inside)}`);
    });

    await insertedYet;
    const outside = await sql.first(PROVIDERS, 'where p.id = $1', [newId]);
    finish();
    await expect(write).rejects.toBe(rolledBack);
    expect(outside).toBeNull();
    expect(await sql.first(PROVIDERS, 'where p.id = $1', [newId])).toBeNull();
  });

  describe('prepared statements', () => {
    const LIST = 'where p.organisation_id = $1 order by p.last_name, p.id';
    // One pool connection, so the statements PostgreSQL holds for it can be read back on it.
    const onOneConnection = async (preparedStatements: boolean, work: (reader: SqlReader, pool: import('pg').Pool) => Promise<void>) => {
      const single = await MikroORM.init({ ...createOrmConfig(process.env.DATABASE_URL!), pool: { min: 0, max: 1 } });
      try {
        await work(new SqlReader(single, { preparedStatements }), await single.em.getConnection().getNativeClient());
      } finally {
        await single.close(true);
      }
    };
    const preparedOn = async (pool: import('pg').Pool) =>
      (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

    it('on: a repeated read goes under one name, a hash of its text, which PostgreSQL keeps prepared', async () => {
      await onOneConnection(true, async (reader, pool) => {
        const sent = await countStatements(async () => {
          await reader.select(PROVIDERS, LIST, [organisationId]);
          await reader.select(PROVIDERS, LIST, [organisationId]);
        });
        const text = `${reader.selectOf(PROVIDERS)} ${LIST}`;
        expect(sent.statements).toEqual([text, text]);
        expect(sent.names).toEqual([statementNameOf(text), statementNameOf(text)]);
        expect(await preparedOn(pool)).toEqual([{ name: statementNameOf(text), statement: text }]);
      });
    });

    it('off: every read goes unnamed and nothing stays prepared', async () => {
      await onOneConnection(false, async (reader, pool) => {
        const sent = await countStatements(async () => {
          await reader.select(PROVIDERS, LIST, [organisationId]);
          await reader.count(PROVIDERS, 'where p.organisation_id = $1', [organisationId]);
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
          for (let run = 0; run < 6; run += 1) await reader.select(PROVIDERS, LIST, [organisationId]);
          answers.push({
            rows: await reader.select(PROVIDERS, LIST, [organisationId]),
            one: await reader.first(PROVIDERS, 'where p.id = $1', [providerId]),
            total: await reader.count(PROVIDERS, 'where p.organisation_id = $1', [organisationId]),
          });
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ one: { id: providerId }, total: 1 });
    });
  });
});
