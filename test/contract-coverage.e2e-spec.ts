import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

/*
 * Every HTTP test goes through the OpenAPI contract check: e2e files reach the app only through
 * `createTestApp().http()` (or, for a raw-protocol case, `httpOutsideTheContract()`), never through
 * supertest or the HTTP server directly.
 */
const testFolder = new URL('.', import.meta.url);
const e2eFiles = readdirSync(testFolder).filter(
  (name) => name.endsWith('.e2e-spec.ts') && name !== 'contract-coverage.e2e-spec.ts',
);

/** Files that reach the app's socket on purpose, and why; their other requests still go through `http()`. */
const RAW_SOCKET_FILES = new Map([
  ['input-hardening.e2e-spec.ts', 'raw protocol: what Node refuses before Express (431, broken HTTP)'],
  ['booking-page.e2e-spec.ts', 'Chromium loads the booking pages from a listening server'],
  ['typescript-client.e2e-spec.ts', 'the generated client calls a listening server with fetch'],
  ['kept-alive-connections.e2e-spec.ts', 'raw protocol: one kept-alive socket, left idle between two requests'],
]);

/** Files without an in-process app, and why. */
const NO_TEST_APP_FILES = new Map([
  ['deployment-files.e2e-spec.ts', 'reads the deployment files and sends no request'],
  ['start-up.e2e-spec.ts', 'starts the built service as a process, for its banner and its exit'],
  ['tracing.e2e-spec.ts', 'starts the built service as a process, with OpenTelemetry loaded before it'],
  [
    'docs-examples.e2e-spec.ts',
    "runs the docs' shell examples with curl against the demo, started as npm start starts it",
  ],
  ['swagger-ui.e2e-spec.ts', 'Chromium tries Swagger UI on the demo, started as npm start starts it'],
]);

describe('the OpenAPI contract check covers every e2e file', () => {
  it.each(e2eFiles)('%s sends requests only through createTestApp().http()', (name) => {
    const source = readFileSync(new URL(name, testFolder), 'utf8');
    expect({ name, supertest: /^import\s+(?!type\b)[^;]*from\s+'supertest'/m.test(source) }).toEqual({
      name,
      supertest: false,
    });
    if (!RAW_SOCKET_FILES.has(name))
      expect({ name, rawServer: /getHttpServer\(\)/.test(source) }).toEqual({ name, rawServer: false });
    expect({ name, usesTestApp: /createTestApp\(/.test(source) }).toEqual({
      name,
      usesTestApp: !NO_TEST_APP_FILES.has(name),
    });
  });
});
