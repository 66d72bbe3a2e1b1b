import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChangeNotices } from '@app/shared';
import { SqlReader } from '@app/shared/sql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { WebhookEndpoint } from '../../domain/webhook-endpoint.js';
import { EnabledEndpointsCache } from './enabled-endpoints-cache.js';
import { MikroOrmWebhookEndpointRepository } from './mikro-orm-webhook-endpoint.repository.js';

const NOW = new Date('2026-11-25T03:00:00.000Z');

describe('MikroOrmWebhookEndpointRepository on PostgreSQL', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(() => orm?.close());

  /** A trusted cache whose notices have not arrived yet: as on a busy instance, right after its own change. */
  function lateNoticesCache(): EnabledEndpointsCache {
    const cache = new EnabledEndpointsCache({ subscribe: () => undefined } as unknown as ChangeNotices);
    cache.startTrusting();
    return cache;
  }

  it("answers this instance's own endpoint changes at once, before their notices arrive", async () => {
    const organisationId = await new Rows(orm).organisation();
    const cache = lateNoticesCache();
    const repository = () => new MikroOrmWebhookEndpointRepository(fresh(orm), new SqlReader(orm), cache);
    const enabledIds = async () => (await repository().enabledOf(organisationId)).map((endpoint) => endpoint.id);
    expect(await enabledIds()).toEqual([]);

    const endpoint = WebhookEndpoint.create(
      organisationId,
      { url: 'https://pms.example.com.au/hooks', enabledEvents: ['*'] },
      'v1:sealed',
      NOW,
    );
    await repository().add(endpoint, 16);
    expect(await enabledIds()).toEqual([endpoint.id]);

    const changing = repository();
    const loaded = await changing.find(organisationId, endpoint.id);
    loaded!.update({ status: 'disabled' }, NOW);
    await changing.save(loaded!);
    expect(await enabledIds()).toEqual([]);

    loaded!.update({ status: 'enabled' }, NOW);
    await changing.save(loaded!);
    expect(await enabledIds()).toEqual([endpoint.id]);
    await changing.remove(loaded!);
    expect(await enabledIds()).toEqual([]);
  });
});
