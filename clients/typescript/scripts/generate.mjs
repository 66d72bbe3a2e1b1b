// Writes src/schema.d.ts from the service's OpenAPI document (default: ../../dist/openapi.json, which
// `npm run openapi -- dist/openapi.json` writes at the repository root). With --check it writes
// nothing and fails when the file differs from what the document gives: CI's drift check.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const args = process.argv.slice(2);
const check = args.includes('--check');
const documentPath = args.find((arg) => arg !== '--check') ?? new URL('../../../dist/openapi.json', import.meta.url);
const output = new URL('../src/schema.d.ts', import.meta.url);

const document = JSON.parse(readFileSync(documentPath, 'utf8'));
// A field with a default is optional to send: defaultNonNullable would make a client send it.
const types = COMMENT_HEADER + astToString(await openapiTS(document, { defaultNonNullable: false }));

if (!check) {
  writeFileSync(output, types);
} else if (readFileSync(output, 'utf8') !== types) {
  process.stderr.write('clients/typescript/src/schema.d.ts differs from the OpenAPI document: run `npm run client:generate` and commit it.\n');
  process.exit(1);
} else {
  process.stdout.write('clients/typescript/src/schema.d.ts matches the OpenAPI document.\n');
}
