import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { newPrefixedId } from '@app/shared/domain';
import { SqlReader } from '@app/shared/sql';
import { fresh, openTestOrm } from '../../../../../test/support/orm.js';
import { countStatements } from '../../../../../test/support/statement-counter.js';
import { Organisation } from '../../domain/organisation.js';
import { MikroOrmOrganisationRepository } from './mikro-orm-organisation.repository.js';
import { SqlOrganisationModes } from './sql-organisation-modes.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

describe('SqlOrganisationModes on PostgreSQL', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  const stored = async (livemode?: boolean) => {
    const organisation = Organisation.create(
      { name: 'Harbour Physio', slug: `harbour-${randomUUID().slice(0, 8)}`, livemode },
      NOW,
    );
    await new MikroOrmOrganisationRepository(fresh(orm)).add(organisation);
    return organisation.id;
  };

  it('answers live for a live organisation and not for a sandbox, reading each once', async () => {
    const [live, sandbox] = [await stored(), await stored(false)];
    const modes = new SqlOrganisationModes(new SqlReader(orm));
    expect([await modes.isLive(live), await modes.isLive(sandbox)]).toEqual([true, false]);
    const again = await countStatements(async () => {
      expect([await modes.isLive(live), await modes.isLive(sandbox)]).toEqual([true, false]);
    });
    expect(again.statements).toEqual([]);
  });

  it("answers the organisation's 404 for an id that names none", async () => {
    const modes = new SqlOrganisationModes(new SqlReader(orm));
    await expect(modes.isLive(newPrefixedId('org'))).rejects.toMatchObject({ kind: 'not_found' });
  });
});
