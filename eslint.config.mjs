// ESLint for the service, its tests, scripts and benchmark: TypeScript with typescript-eslint's type-checked rules, plain ESM scripts with ESLint's own.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Build output, installed packages, the typed client (its own package and TypeScript version) and run data.
    ignores: ['dist/**', 'node_modules/**', 'clients/**', 'docker/**', 'coverage/**', '.data/**', 'bench/results/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Ports are async abstract classes; their in-memory implementations (test fakes, the in-memory throttler store, the test processor) answer without awaiting, and `async` keeps their throws as rejections.
      '@typescript-eslint/require-await': 'off',
      // Leaving a property out by destructuring it beside a rest element is how a copy without it is made (TypeScript's noUnusedLocals agrees).
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**/*.e2e-spec.ts'],
    rules: {
      // supertest types every response body as `any`; these files read the JSON they assert on, and the assertions (with the OpenAPI response check) are what type it.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    // As for TypeScript: a property left out beside a rest element is a copy without it.
    rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  {
    // The benchmark's own unit tests run under Jest, which provides describe/it/expect.
    files: ['bench/**/*.spec.mjs'],
    languageOptions: { globals: globals.jest },
  },
);
