import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

/*
 * Every HTTP test goes through the OpenAPI contract check: e2e files reach the app only through
 * `createTestApp().http()` (or, for a raw-protocol case, `httpOutsideTheContract()`), never through
 * supertest or the HTTP server directly.
 */
const testFolder = new URL('.', import.meta.url);
const e2eFiles = readdirSync(testFolder).filter((name) => name.endsWith('.e2e-spec.ts') && name !== 'contract-coverage.e2e-spec.ts');

/** Files that open a raw socket on purpose, for what Node refuses before Express (431, broken HTTP). */
const RAW_PROTOCOL_FILES = new Set(['input-hardening.e2e-spec.ts']);

describe('the OpenAPI contract check covers every e2e file', () => {
  it.each(e2eFiles)('%s sends requests only through createTestApp().http()', (name) => {
    const source = readFileSync(new URL(name, testFolder), 'utf8');
    expect({ name, supertest: /^import\s+(?!type\b)[^;]*from\s+'supertest'/m.test(source) }).toEqual({ name, supertest: false });
    if (!RAW_PROTOCOL_FILES.has(name)) expect({ name, rawServer: /getHttpServer\(\)/.test(source) }).toEqual({ name, rawServer: false });
    expect({ name, usesTestApp: /createTestApp\(/.test(source) }).toEqual({ name, usesTestApp: true });
  });
});
