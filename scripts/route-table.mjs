// `npm run docs:routes`: writes the route → file table of docs/architecture.md (between its markers)
// from the application's route metadata. `--check` writes nothing and fails when the page differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const PAGE = join(root, 'docs', 'architecture.md');

buildIfNeeded();
const { routeTableWithoutDatabase } = await import(join(root, 'dist', 'apps', 'api', 'src', 'openapi-document.js'));
const { ROUTE_TABLE_START, ROUTE_TABLE_END } = await import(join(root, 'dist', 'apps', 'api', 'src', 'route-table.js'));
const page = readFileSync(PAGE, 'utf8');
const start = page.indexOf(ROUTE_TABLE_START);
const end = page.indexOf(ROUTE_TABLE_END);
if (start < 0 || end < start) {
  process.stderr.write(`${PAGE} has no route table markers\n`);
  process.exit(1);
}
const written = `${page.slice(0, start)}${await routeTableWithoutDatabase(root)}${page.slice(end + ROUTE_TABLE_END.length)}`;
if (process.argv.includes('--check')) {
  if (written !== page) {
    process.stderr.write('docs/architecture.md: the route table differs from the routes: run `npm run docs:routes`\n');
    process.exit(1);
  }
  process.stdout.write('docs/architecture.md: the route table matches the routes\n');
} else {
  writeFileSync(PAGE, written);
}
