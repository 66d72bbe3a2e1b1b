import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createOrganisation, createProvider, orgPath } from '../../../../test/support/fixtures.js';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.js';

describe('the request context', () => {
  let app: TestApp;
  let organisationId: string;
  let root: EntityManager;

  beforeAll(async () => {
    // No job workers: their polling forks EntityManagers of its own.
    app = await createTestApp({ JOB_WORKERS: 'false' });
    root = app.app.get(MikroORM).em;
    ({ id: organisationId } = await createOrganisation(app, 'Request Context Clinic'));
  });
  afterAll(() => app?.close());

  /** The EntityManagers forked from the application's own while `work` runs. */
  async function forksDuring(work: () => Promise<unknown>): Promise<number> {
    const fork = root.fork.bind(root);
    let forks = 0;
    root.fork = (...args: Parameters<EntityManager['fork']>) => {
      forks += 1;
      return fork(...args);
    };
    try {
      await work();
    } finally {
      // Back to the prototype's own `fork`.
      Reflect.deleteProperty(root, 'fork');
    }
    return forks;
  }

  it('makes no EntityManager for a request that only reads', async () => {
    const get = () =>
      app.http().get(orgPath(organisationId, '/providers?limit=20')).set('Authorization', app.platformAuth).expect(200);
    await get();
    expect(await forksDuring(get)).toBe(0);
  });

  it('makes one for a request that writes, which the write commits through', async () => {
    let provider: { id?: unknown } = {};
    expect(await forksDuring(async () => (provider = await createProvider(app, organisationId)))).toBe(1);
    const providerId = String(provider.id);
    await app
      .http()
      .get(orgPath(organisationId, `/providers/${providerId}`))
      .set('Authorization', app.platformAuth)
      .expect(200);
  });
});
