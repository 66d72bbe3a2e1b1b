import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { routeTableWithoutDatabase } from './openapi-document.js';
import { ROUTE_TABLE_END, ROUTE_TABLE_START } from './route-table.js';

const root = new URL('../../../', import.meta.url).pathname;

describe('the route → file table of docs/architecture.md', () => {
  it('lists every route the application answers, with the file of its controller, as the routes are now', async () => {
    const page = readFileSync(`${root}docs/architecture.md`, 'utf8');
    const shown = page.slice(page.indexOf(ROUTE_TABLE_START), page.indexOf(ROUTE_TABLE_END) + ROUTE_TABLE_END.length);
    const table = await routeTableWithoutDatabase(root);

    expect(table).toContain(
      '| `POST` | `/v1/organisations/{organisationId}/bookings` | `libs/composition/src/bookings/bookings.controller.ts` |',
    );
    // Run `npm run docs:routes` after moving, adding or removing a route.
    expect(shown).toBe(table);
  }, 30_000);
});
