import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));

/** Unit, integration (real PostgreSQL) and e2e tests in one run, against one fresh database. */
export default {
  rootDir: '.',
  testEnvironment: '<rootDir>/test/support/logs-of-failures-environment.cjs',
  testMatch: [
    '<rootDir>/libs/**/*.spec.ts',
    '<rootDir>/libs/**/*.int-spec.ts',
    '<rootDir>/apps/**/*.spec.ts',
    '<rootDir>/apps/**/*.int-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    '<rootDir>/bench/**/*.spec.mjs',
    '<rootDir>/scripts/**/*.spec.mjs',
  ],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleNameMapper: {
    '^@app/shared$': '<rootDir>/libs/shared/src/index.ts',
    '^@app/shared/domain$': '<rootDir>/libs/shared/src/domain/index.ts',
    '^@app/shared/sql$': '<rootDir>/libs/shared/src/sql/index.ts',
    '^@app/platform$': '<rootDir>/libs/platform/src/index.ts',
    '^@app/organisations$': '<rootDir>/libs/organisations/src/index.ts',
    '^@app/organisations/http$': '<rootDir>/libs/organisations/src/http/index.ts',
    '^@app/membership$': '<rootDir>/libs/membership/src/index.ts',
    '^@app/membership/http$': '<rootDir>/libs/membership/src/http/index.ts',
    '^@app/practitioners$': '<rootDir>/libs/practitioners/src/index.ts',
    '^@app/practitioners/http$': '<rootDir>/libs/practitioners/src/http/index.ts',
    '^@app/wallet$': '<rootDir>/libs/wallet/src/index.ts',
    '^@app/wallet/http$': '<rootDir>/libs/wallet/src/http/index.ts',
    '^@app/scheduling$': '<rootDir>/libs/scheduling/src/index.ts',
    '^@app/scheduling/http$': '<rootDir>/libs/scheduling/src/http/index.ts',
    '^@app/payments-and-claims$': '<rootDir>/libs/payments-and-claims/src/index.ts',
    '^@app/payments-and-claims/http$': '<rootDir>/libs/payments-and-claims/src/http/index.ts',
    '^@app/jobs$': '<rootDir>/libs/jobs/src/index.ts',
    '^@app/events$': '<rootDir>/libs/events/src/index.ts',
    '^@app/notifications$': '<rootDir>/libs/notifications/src/index.ts',
    '^@app/composition$': '<rootDir>/libs/composition/src/index.ts',
    // The ESM build imports JSON without an import attribute, which Jest warns about on every file.
    '^libphonenumber-js/max$': '<rootDir>/node_modules/libphonenumber-js/max/index.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['<rootDir>/test/preload-esm.ts'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 30000,
  // Files run in a worker that is replaced once it holds more than this after a file: run in one
  // process, the modules every file loads again pile up until garbage collection takes most of the
  // time, and the suite's last files slow to a crawl.
  workerIdleMemoryLimit: '2GB',
};
