import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { buildOpenApiDocument } from '../apps/api/src/openapi.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Schema = {
  type?: string;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  description?: string;
  schema?: Schema & { example?: unknown; default?: unknown };
};
type Response = { headers?: Record<string, unknown>; content?: Record<string, unknown> };
type Operation = {
  tags?: string[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, Response>;
};
type Document = {
  info: { description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { bearerFormat?: string; description?: string }>;
    schemas: Record<string, Schema>;
  };
};

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.http().get('/docs/openapi.json').expect(200)).body;
});

afterAll(() => t?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('the OpenAPI document for a client developer', () => {
  it('is named where a reader looks: its description links /docs/openapi.json, and /docs-json redirects there', async () => {
    expect(document.info.description).toContain('(/docs/openapi.json)');
    const response = await t.http().get('/docs-json');
    expect([response.status, response.headers.location]).toEqual([301, '/docs/openapi.json']);
  });

  it('says the bearer key is an sk_ API key, not a JWT', () => {
    const [scheme] = Object.values(document.components.securitySchemes);
    expect(scheme.bearerFormat).toBe('sk_…');
    expect(scheme.description).toMatch(/`sk_`/);
  });

  it('declares every tag an operation uses, and describes every operation', () => {
    const declared = new Set(document.tags.map((tag) => tag.name));
    expect(
      operations().flatMap(({ name, operation }) =>
        (operation.tags ?? []).filter((tag) => !declared.has(tag)).map((tag) => `${name}: ${tag}`),
      ),
    ).toEqual([]);
    expect(
      operations()
        .filter(({ operation }) => !operation.description?.trim())
        .map(({ name }) => name),
    ).toEqual([]);
  });

  it('shows the ETag of every versioned answer beside its body, and If-Match with its 412 on every conditional change', () => {
    const versioned = operations().filter(({ operation }) => operation.responses?.['200']?.headers?.ETag);
    expect(versioned.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'GET /v1/organisations/{organisationId}/clients/{clientId}',
        'PATCH /v1/organisations/{organisationId}/clients/{clientId}',
      ]),
    );
    expect(versioned.filter(({ operation }) => !operation.responses?.['200']?.content).map(({ name }) => name)).toEqual(
      [],
    );
    const conditional = operations().filter(({ operation }) =>
      operation.parameters?.some((parameter) => parameter.name === 'If-Match'),
    );
    expect(conditional.length).toBeGreaterThan(5);
    expect(
      conditional
        .filter(
          ({ operation }) =>
            !operation.responses?.['412'] || (operation.responses['200'] && !operation.responses['200'].headers?.ETag),
        )
        .map(({ name }) => name),
    ).toEqual([]);
    expect(
      operations()
        .filter(({ operation }) => 'x-etag' in operation)
        .map(({ name }) => name),
    ).toEqual([]);
  });

  it('groups the operations by what a clinic does, in the order a clinic meets them', () => {
    expect(document.tags.map((tag) => tag.name)).toEqual([
      'Clients and patients',
      'Bookings',
      'Check-out and payments',
      'Invoices',
      'Payouts and remittances',
      'Webhooks and events',
      'Practitioners',
      'Organisation set-up',
      'Online booking (public)',
      'Platform',
      'Stripe',
    ]);
    const groupOf = (method: string, path: string) => document.paths[path][method].tags;
    expect(groupOf('post', '/v1/organisations/{organisationId}/bookings/{bookingId}/transactions')).toEqual([
      'Check-out and payments',
    ]);
    expect(groupOf('post', '/v1/payment-links/{token}/pay')).toEqual(['Check-out and payments']);
    expect(groupOf('put', '/v1/organisations/{organisationId}/providers/{providerId}/working-hours')).toEqual([
      'Practitioners',
    ]);
    expect(groupOf('get', '/v1/organisations/{organisationId}/booking-data')).toEqual(['Online booking (public)']);
    expect(groupOf('post', '/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards')).toEqual([
      'Clients and patients',
    ]);
    expect(groupOf('post', '/v1/stripe/webhooks')).toEqual(['Stripe']);
    // Every group is used, and every operation is in exactly one.
    expect(new Set(operations().flatMap(({ operation }) => operation.tags ?? [])).size).toBe(document.tags.length);
    expect(operations().filter(({ operation }) => operation.tags?.length !== 1)).toEqual([]);
  });

  it('names each server by where its address comes from', async () => {
    expect(document.servers).toEqual([
      { url: 'https://api.example.test', description: 'API_BASE_URL: this deployment' },
    ]);
    // As `npm start` runs it: no API_BASE_URL, so the only server is this one; a configured staging server is listed too.
    const local = new AppConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      WALLET_ENCRYPTION_KEY: '0'.repeat(64),
      PORT: '3456',
      API_STAGING_BASE_URL: 'https://staging.example.test',
    });
    expect(buildOpenApiDocument(t.app, local).servers).toEqual([
      { url: 'http://localhost:3456', description: 'This server' },
      { url: 'https://staging.example.test', description: 'API_STAGING_BASE_URL: staging' },
    ]);
  });

  it('gives no optional parameter an example that Swagger UI would send, and shows limit at its default 10', () => {
    const sent = operations().flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => !parameter.required && (parameter.example ?? parameter.schema?.example) !== undefined)
        .map((parameter) => `${name} ${parameter.name}`),
    );
    expect(sent).toEqual([]);
    const limit = document.paths['/v1/organisations/{organisationId}/bookings'].get.parameters!.find(
      (parameter) => parameter.name === 'limit',
    );
    expect(limit?.schema?.default).toBe(10);
    const providerId = document.paths['/v1/organisations/{organisationId}/bookings'].get.parameters!.find(
      (parameter) => parameter.name === 'providerId',
    );
    expect(providerId?.description).toMatch(/For example `[0-9a-f-]{36}`/);
  });

  it("fills each PATCH's body with one or two fields it changes, never who a person or a clinic is", () => {
    // Swagger UI's "Try it out" sends this body as it is: on the demo, to the demo clinic's own rows.
    const leaves = (value: unknown, path: string): string[] =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
        : [path];
    const patches = operations().filter(({ name }) => name.startsWith('PATCH '));
    expect(patches.length).toBeGreaterThanOrEqual(10);
    const sent = patches.map(({ name, operation }) => {
      const example = operation.requestBody?.content?.['application/json']?.example;
      return { name, fields: example === undefined ? ['(every field)'] : leaves(example, '') };
    });
    const wrong = sent.filter(
      ({ fields }) => fields.length > 2 || fields.some((field) => /name$|email|dateOfBirth|medicare|\(/i.test(field)),
    );
    expect(wrong).toEqual([]);
    expect(document.paths['/v1/organisations/{organisationId}/clients/{clientId}'].patch.requestBody).toMatchObject({
      content: { 'application/json': { example: { mobileNumber: '0412 345 678' } } },
    });
  });

  it('types every money field of an answer as integer cents up to 2147483647', () => {
    const money = Object.entries(document.components.schemas)
      .filter(([name]) => name.endsWith('Response') || name.endsWith('Fields'))
      .flatMap(([schema, { properties }]) =>
        Object.entries(properties ?? {})
          .filter(([property]) => /(amount|price)$/i.test(property))
          .map(([property, { type, maximum }]) => ({ field: `${schema}.${property}`, type, maximum })),
      );
    expect(money.length).toBeGreaterThan(25);
    expect(money.filter(({ type, maximum }) => type !== 'integer' || maximum !== 2147483647)).toEqual([]);
  });

  it("names the fields of a claim's device, service type, response, provider and reversal rule", () => {
    const target = (schema: Schema): Schema =>
      document.components.schemas[(schema.$ref ?? schema.allOf![0].$ref!).replace('#/components/schemas/', '')];
    const fieldsOf = (schema: Schema): string[] => Object.keys(target(schema).properties ?? {});
    const claim = document.components.schemas.ClaimResponse.properties!;
    expect(fieldsOf(claim.device)).toEqual(['terminalId']);
    expect(fieldsOf(claim.serviceType)).toEqual(['code', 'name']);
    expect(fieldsOf(claim.response)).toEqual(['statusCode', 'responseCode', 'freeText']);
    expect(fieldsOf(claim.provider)).toEqual(['providerNumber', 'name', 'categoryCode']);
    expect(fieldsOf(target(claim.rules).properties!.reversal)).toEqual(['enabled']);
    const medicareRules = document.components.schemas.MedicareClaimResponse.properties!.rules;
    expect(medicareRules.$ref).toBe(claim.rules.$ref);
  });
});
