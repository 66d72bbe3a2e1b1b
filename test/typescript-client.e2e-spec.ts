import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BusinessApiClient, createBusinessApiClient, type Problem } from '../clients/typescript/src/index.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { ADDRESS, named, UNKNOWN_UUID, VALID_ABN } from './support/fixtures.js';

// The generated client (clients/typescript) against the real app on a loopback port: one call per
// context at least, with the paths, parameters, bodies, answers and problems it types.

let t: TestApp;
let api: BusinessApiClient;

/** The body of a 2xx; anything else fails with the problem the API answered. */
function ok<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (data === undefined) throw new Error(`expected 2xx, got ${response.status}: ${JSON.stringify(error)}`);
  return data;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  api = createBusinessApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: t.platformAuth.replace('Bearer ', '') });
});

afterAll(() => t?.close());

/** An organisation with a business, a location, a provider linked to it, an appointment type and a client. */
async function clinic() {
  const organisation = ok(await api.POST('/v1/organisations', { body: { name: named('Client SDK Physio') } }));
  const organisationId = organisation.id;
  const path = { organisationId };
  const business = ok(
    await api.POST('/v1/organisations/{organisationId}/businesses', {
      params: { path },
      body: { name: named('SDK Pty Ltd'), taxIdentifier: VALID_ABN },
    }),
  );
  const location = ok(
    await api.POST('/v1/organisations/{organisationId}/locations', {
      params: { path },
      body: { businessId: business.id, name: named('Bondi'), timeZone: 'Australia/Sydney', address: ADDRESS },
    }),
  );
  const provider = ok(
    await api.POST('/v1/organisations/{organisationId}/providers', {
      params: { path },
      body: { firstName: 'Priya', lastName: 'Raman' },
    }),
  );
  ok(
    await api.POST('/v1/organisations/{organisationId}/providers/{providerId}/location-links', {
      params: { path: { organisationId, providerId: provider.id } },
      body: { locationId: location.id },
    }),
  );
  const appointmentType = ok(
    await api.POST('/v1/organisations/{organisationId}/appointment-types', {
      params: { path },
      body: {
        name: named('Consultation'),
        durationMinutes: 30,
        price: 9500,
        providers: [provider.id],
        locations: [location.id],
      },
    }),
  );
  const client = ok(
    await api.POST('/v1/organisations/{organisationId}/clients', {
      params: { path },
      body: { firstName: 'Alex', lastName: named('Chen') },
    }),
  );
  return { organisationId, business, location, provider, appointmentType, client };
}

describe('the typed TypeScript client', () => {
  it('organisations: creates and reads an organisation; an unknown one is a typed not_found problem', async () => {
    const created = ok(await api.POST('/v1/organisations', { body: { name: named('Typed Clinic') } }));
    const read = ok(
      await api.GET('/v1/organisations/{organisationId}', { params: { path: { organisationId: created.id } } }),
    );
    expect([read.id, read.name]).toEqual([created.id, created.name]);

    const { error, response } = await api.GET('/v1/organisations/{organisationId}', {
      params: { path: { organisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' } },
    });
    const problem: Problem | undefined = error;
    expect([response.status, problem?.code]).toEqual([404, 'not_found']);
  });

  it('membership: creates a member and reads it back; a bad email is a validation problem naming the field', async () => {
    const email = `sdk.${randomUUID()}@example.com`;
    const member = ok(await api.POST('/v1/members', { body: { firstName: 'Sam', lastName: 'Lee', email } }));
    const read = ok(await api.GET('/v1/members/{memberId}', { params: { path: { memberId: member.id } } }));
    expect([read.email, read.roles]).toEqual([email, ['member']]);

    const { error } = await api.POST('/v1/members', {
      body: { firstName: 'Sam', lastName: 'Lee', email: 'not-an-email' },
    });
    expect([error?.code, error?.errors?.map((fieldError) => fieldError.field)]).toEqual([
      'validation_failed',
      ['email'],
    ]);
  });

  it('practitioners: lists providers with their locations expanded', async () => {
    const { organisationId, provider, location } = await clinic();
    const page = ok(
      await api.GET('/v1/organisations/{organisationId}/providers', {
        params: { path: { organisationId }, query: { expand: ['locationLinks', 'locations'] } },
      }),
    );
    expect(page.items.map((item) => [item.id, item.locations?.map((linked) => linked.id)])).toEqual([
      [provider.id, [location.id]],
    ]);
  });

  it("wallet: adds a payment method to a client's wallet and lists it, last 4 digits only", async () => {
    const { organisationId, client } = await clinic();
    const path = { organisationId, clientId: client.id };
    const card = ok(
      await api.POST('/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards', {
        params: { path },
        body: { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } },
      }),
    );
    const cards = ok(
      await api.GET('/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards', { params: { path } }),
    );
    expect(cards.items.map((item) => item.id)).toEqual([card.id]);
    expect(JSON.stringify(cards)).toContain('4242');
  });

  it('scheduling: creates a booking once for one Idempotency-Key, then lists confirmed bookings with an expansion', async () => {
    const { organisationId, provider, location, appointmentType, client } = await clinic();
    const path = { organisationId };
    const body = {
      clientId: client.id,
      providerId: provider.id,
      locationId: location.id,
      appointmentTypeId: appointmentType.id,
      serviceDate: new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/T.*/, 'T00:00:00.000Z'),
    };
    const idempotencyKey = randomUUID();
    const first = await api.POST('/v1/organisations/{organisationId}/bookings', {
      params: { path, header: { 'Idempotency-Key': idempotencyKey } },
      body,
    });
    const retry = await api.POST('/v1/organisations/{organisationId}/bookings', {
      params: { path, header: { 'Idempotency-Key': idempotencyKey } },
      body,
    });
    expect([first.response.status, retry.response.status, retry.response.headers.get('Idempotent-Replayed')]).toEqual([
      201,
      201,
      'true',
    ]);
    expect(ok(retry).id).toBe(ok(first).id);

    const page = ok(
      await api.GET('/v1/organisations/{organisationId}/bookings', {
        params: { path, query: { status: ['confirmed'], expand: ['cancellationPolicy'] } },
      }),
    );
    expect(
      page.items.map((booking) => [booking.id, booking.status, typeof booking.cancellationPolicy?.enabled]),
    ).toEqual([[ok(first).id, 'confirmed', 'boolean']]);
    expect(page.totalItems).toBe(1);

    const clash = await api.POST('/v1/organisations/{organisationId}/bookings', { params: { path }, body });
    expect([clash.response.status, clash.error?.code]).toEqual([409, 'slot_unavailable']);
  });

  it("payments and claims: lists a business's payouts; an unknown payout is a typed not_found problem", async () => {
    const { business } = await clinic();
    const payouts = ok(
      await api.GET('/v1/businesses/{businessId}/payouts', {
        params: { path: { businessId: business.id }, query: { limit: 5 } },
      }),
    );
    expect([payouts.items, payouts.limit, payouts.totalItems]).toEqual([[], 5, 0]);

    const { error, response } = await api.GET('/v1/businesses/{businessId}/payouts/{payoutId}', {
      params: { path: { businessId: business.id, payoutId: UNKNOWN_UUID } },
    });
    expect([response.status, error?.code]).toEqual([404, 'not_found']);
  });
});
