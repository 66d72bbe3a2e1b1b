import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createOrganisation,
  createProvider,
  created,
  orgPath,
  postJson,
} from './support/fixtures.js';

interface Baselines {
  createPool(connectionString: string, max?: number): Pool;
  loadStatements(databaseUrl: string, importModule: (path: string) => Promise<unknown>): Promise<object>;
  createQueries(
    pool: Pool,
    statements: object,
  ): Record<'providers' | 'bookings', (organisationId: string, page: { page: number; limit: number }) => Promise<unknown>>;
}

// The benchmark's baselines (bench/baselines/queries.mjs) copy the read paths of scenarios A and B
// on bare `pg`. They must send the service's statements and answer its bytes; the harness checks
// that only when the benchmark runs, so the copies are checked here on every test run.
describe('the bench baselines against the service', () => {
  let app: TestApp;
  let baselines: ReturnType<Baselines['createQueries']>;
  let pool: Pool;
  let organisationId: string;

  beforeAll(async () => {
    app = await createTestApp();
    // `as string` keeps TypeScript from resolving the untyped .mjs module; the cast to Baselines types it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const module = (await import('../bench/baselines/queries.mjs' as string)) as Baselines;
    pool = module.createPool(process.env.DATABASE_URL!);
    // The sources, where the benchmark loads the built `dist/`: the same read models either way.
    baselines = module.createQueries(pool, await module.loadStatements(process.env.DATABASE_URL!, (path) => import(`../${path}`)));

    ({ id: organisationId } = await createOrganisation(app, 'Bench Copy Clinic'));
    const business = await createBusiness(app, organisationId);
    const location = await createLocation(app, organisationId, business.id);
    const provider = await createProvider(app, organisationId);
    await createLink(app, organisationId, provider.id, location.id);
    const type = await createAppointmentType(app, organisationId, { providers: [provider.id], locations: [location.id] });
    const client = await createClient(app, organisationId);
    for (const serviceDate of ['2027-08-02T09:00:00.000Z', '2027-08-03T09:00:00.000Z']) {
      const body = { clientId: client.id, providerId: provider.id, locationId: location.id, appointmentTypeId: type.id, serviceDate };
      await created(postJson(app, orgPath(organisationId, '/bookings'), body));
    }
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function compare(route: 'providers' | 'bookings') {
    const get = () =>
      app
        .http()
        .get(orgPath(organisationId, `/${route}?limit=20`))
        .set('Authorization', app.platformAuth)
        .expect(200);
    const copy = () => baselines[route](organisationId, { page: 1, limit: 20 });
    // Warm both (each remembers that the organisation exists), then record one request of each.
    await get();
    await copy();
    let serviceBody = '';
    let copyBody = '';
    const service = await countStatements(async () => (serviceBody = (await get()).text));
    const baseline = await countStatements(async () => (copyBody = JSON.stringify(await copy())));
    // Sent the same way too: under the same prepared-statement names (or both unnamed).
    const sent = ({ statements, names }: { statements: string[]; names: (string | undefined)[] }) =>
      statements.map((text, index) => `${names[index] ?? 'unnamed'} ${text}`).sort();
    return { service: sent(service), baseline: sent(baseline), serviceBody, copyBody };
  }

  it.each(['providers', 'bookings'] as const)('%s: the same statements, byte-identical JSON', async (route) => {
    const { service, baseline, serviceBody, copyBody } = await compare(route);
    expect(baseline).toEqual(service);
    expect(service.every((sent) => sent.startsWith('select_'))).toBe(true);
    expect(copyBody).toBe(serviceBody);
    expect(JSON.parse(serviceBody).items).toHaveLength(route === 'providers' ? 1 : 2);
  });
});
