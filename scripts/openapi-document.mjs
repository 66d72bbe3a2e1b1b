// `npm run openapi -- <file>`: builds the service when needed and writes its OpenAPI document (no database needed).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: npm run openapi -- <file.json>\n');
  process.exit(2);
}
buildIfNeeded();
const { openApiDocumentWithoutDatabase } = await import(
  join(root, 'dist', 'apps', 'api', 'src', 'openapi-document.js')
);
writeFileSync(file, `${JSON.stringify(await openApiDocumentWithoutDatabase(), null, 2)}\n`);
