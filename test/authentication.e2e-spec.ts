import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectProblem } from './support/problems.js';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createTenant, orgPath } from './support/fixtures.js';

const PER_IP_BUDGET = 6;
let t: TestApp;

const madeUpKey = () => `Bearer sk_${randomBytes(30).toString('base64url')}`;

beforeAll(async () => {
  // Each request of this file comes from one address: the budget of lookups is small enough to reach.
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(PER_IP_BUDGET) });
});

afterAll(async () => {
  await t?.close();
});

describe('authentication', () => {
  it('never touches idempotency_keys for a request without a valid key', async () => {
    const { statements } = await countStatements(() =>
      t
        .http()
        .post('/v1/organisations')
        .set('Authorization', madeUpKey())
        .set('Idempotency-Key', `unauthenticated-${randomBytes(6).toString('hex')}`)
        .send({ name: 'Never created' })
        .expect(401),
    );
    expect(statements.filter((statement) => /idempotency_keys/.test(statement))).toEqual([]);
  });

  it('answers an unknown key sent again from memory, as cheaply as a known one', async () => {
    const key = madeUpKey();
    await t.http().get('/v1/organisations').set('Authorization', key).expect(401);
    const { statements } = await countStatements(() =>
      t.http().get('/v1/organisations').set('Authorization', key).expect(401),
    );
    expect(statements).toEqual([]);
  });

  it('limits failed authentications per client address, and keeps serving known keys', async () => {
    await t.http().get('/v1/organisations?limit=1').set('Authorization', t.platformAuth).expect(200);
    const answers: number[] = [];
    for (let attempt = 0; attempt < PER_IP_BUDGET; attempt += 1)
      answers.push((await t.http().get('/v1/organisations').set('Authorization', madeUpKey())).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((status) => status === 401).length).toBeLessThan(PER_IP_BUDGET);

    const limited = await t.http().get('/v1/organisations').set('Authorization', madeUpKey());
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Past the budget a new secret is still looked up, once, since it could be a valid key; sent again, it costs nothing.
    const again = madeUpKey();
    const first = await countStatements(() =>
      t.http().get('/v1/organisations').set('Authorization', again).expect(429),
    );
    expect(first.statements).toEqual([expect.stringMatching(/from "?api_keys"?/)]);
    const second = await countStatements(() =>
      t.http().get('/v1/organisations').set('Authorization', again).expect(429),
    );
    expect(second.statements).toEqual([]);
    // A key already known is answered from memory, whatever the address's budget.
    await t.http().get('/v1/organisations?limit=1').set('Authorization', t.platformAuth).expect(200);
  });

  it("never refuses a valid key for its address's failures: another tenant's key, new to this instance, is served once bad keys get 429", async () => {
    const tenant = await createTenant(t, 'Shared Address Clinic');
    let refused = await t.http().get('/v1/organisations').set('Authorization', madeUpKey());
    for (let attempt = 0; attempt < PER_IP_BUDGET && refused.status !== 429; attempt += 1)
      refused = await t.http().get('/v1/organisations').set('Authorization', madeUpKey());
    expectProblem(refused, 429, 'rate_limited');

    await t.http().get(orgPath(tenant.id)).set('Authorization', tenant.auth).expect(200);
    expectProblem(await t.http().get('/v1/organisations').set('Authorization', madeUpKey()), 429, 'rate_limited');
  });
});
