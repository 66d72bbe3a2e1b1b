import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { readDemoIds } from '../apps/api/src/demo-data/demo-data.js';
import { launchChromium, loopbackContext } from './support/chromium.js';
import { type DemoServer, startDemoServer } from './support/demo-server.js';
import type { TestApp } from './support/test-app.js';

// Swagger UI in a real browser (Debian's Chromium driven by playwright-core) against the real app
// on the demo data, as a new user follows the README's first five minutes: enter the key, "Try it out", "Execute".

const OUTPUT = new URL('../test-results/booking-page/', import.meta.url).pathname;
const BOOKINGS = '/v1/organisations/{organisationId}/bookings';
const CLIENT = '/v1/organisations/{organisationId}/clients/{clientId}';

let demo: DemoServer;
let t: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  browser = await launchChromium('The Swagger UI tests');
  mkdirSync(OUTPUT, { recursive: true });
  // "Try it out" sends to the document's first server, API_BASE_URL: the app's own origin. The docs show
  // real demo ids only with DEMO_DATA on, read from the database on the first docs request.
  demo = await startDemoServer('swagger_ui');
  ({ app: t, origin } = demo);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Rows of the demo's database, read on a connection of their own. */
async function demoRows(sql: string, parameters: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: demo.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, parameters)).rows;
  } finally {
    await client.end();
  }
}

/** Swagger UI's Authorize dialog, given the platform key as a user pastes it. */
async function authorize(page: Page): Promise<void> {
  await page.locator('.auth-wrapper button.authorize').click();
  const dialog = page.locator('.modal-ux');
  await dialog
    .locator('input')
    .first()
    .fill(t.platformAuth.replace(/^Bearer /, ''));
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await dialog.getByRole('button', { name: 'Remove authorization' }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Swagger UI', () => {
  it('lists bookings on the first "Try it out" with only the API key entered', async () => {
    const context = await loopbackContext(browser, origin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await page.goto(`${origin}/docs`);
    await authorize(page);

    const operation = page.locator('.opblock-get', {
      has: page.locator(`.opblock-summary-path[data-path="${BOOKINGS}"]`),
    });
    await expect(operation.locator('.opblock-summary-description').textContent()).resolves.toBe('List bookings');
    await operation.locator('.opblock-summary').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/bookings'), {
      timeout: 60_000,
    });
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await sent;
    expect(response.request().headers().authorization).toBe(t.platformAuth);
    // Nothing pre-filled but the paging defaults: no filter that would empty the page.
    expect(new URL(response.url()).search).toBe('?page=1&limit=10');

    // What the UI shows: the live response's status, and the body it prints.
    const shown = operation.locator('.live-responses-table .response');
    await expect(shown.locator('.response-col_status').textContent({ timeout: 60_000 })).resolves.toBe('200');
    const body = JSON.parse((await shown.locator('.response-col_description pre').first().textContent()) ?? '') as {
      totalItems: number;
      items: unknown[];
    };
    expect({ status: response.status(), items: body.items.length }).toEqual({ status: 200, items: 10 });
    expect(body.totalItems).toBeGreaterThan(10);

    // The request URL, the status and the start of the body in one picture.
    await operation
      .locator('.request-url')
      .evaluate((element: { scrollIntoView(options: object): void }) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${OUTPUT}swagger-ui-bookings-1280.png` });
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it("shows the operations in a clinic's groups, finds one by a word of its summary, and names the server it sends to", async () => {
    const context = await loopbackContext(browser, origin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${origin}/docs`);
    const groups = page.locator('h3.opblock-tag');
    await groups.first().waitFor();
    const shownGroups = () =>
      groups.evaluateAll((headings) => headings.map((heading) => heading.getAttribute('data-tag')));
    // In the order the document declares them (its names are pinned in api-docs.e2e-spec.ts).
    const declared = (
      (await (await fetch(`${origin}/docs/openapi.json`)).json()) as { tags: Array<{ name: string }> }
    ).tags.map((tag) => tag.name);
    expect(declared).toHaveLength(11);
    await expect(shownGroups()).resolves.toEqual(declared);
    await expect(page.locator('.servers select option').allTextContents()).resolves.toEqual([
      `${origin} - API_BASE_URL: this deployment`,
    ]);

    // Any case, and a word of the summary rather than of a group's name, as the box says.
    await expect(page.locator('input.operation-filter-input').getAttribute('placeholder')).resolves.toBe(
      'Filter by group, method, path or summary',
    );
    await page.locator('input.operation-filter-input').fill('REFUND');
    await page.waitForFunction("document.querySelectorAll('h3.opblock-tag').length === 1");
    await expect(shownGroups()).resolves.toEqual(['Check-out and payments']);
    await expect(page.locator('.opblock .opblock-summary-description').allTextContents()).resolves.toEqual([
      'Refund a card payment',
    ]);
    await page.screenshot({ path: `${OUTPUT}swagger-ui-filter-1280.png` });
    // A group's name shows the whole group.
    await page.locator('input.operation-filter-input').fill('payouts');
    await page.waitForFunction("document.querySelectorAll('.opblock').length === 9");
    await expect(shownGroups()).resolves.toEqual(['Payouts and remittances']);
    await context.close();
  }, 180_000);

  it("offers a client's PATCH one field to change, and trying it leaves every demo patient's identity as it was", async () => {
    const identities = () =>
      demoRows('select id, first_name, last_name, email, date_of_birth::text as born from clients order by id');
    const before = await identities();
    const { clientId } = await readDemoIds(demo.databaseUrl);
    const context = await loopbackContext(browser, origin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${origin}/docs`);
    await authorize(page);

    const operation = page.locator('.opblock-patch', {
      has: page.locator(`.opblock-summary-path[data-path="${CLIENT}"]`),
    });
    await operation.locator('.opblock-summary').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const prefilled = await operation.locator('.body-param textarea').inputValue();
    expect(JSON.parse(prefilled)).toEqual({ mobileNumber: '0412 345 678' });
    const sent = page.waitForResponse((response) => response.request().method() === 'PATCH', { timeout: 60_000 });
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await sent;
    expect({ url: new URL(response.url()).pathname, status: response.status() }).toEqual({
      url: expect.stringMatching(new RegExp(`/clients/${clientId}$`)),
      status: 200,
    });
    await context.close();

    // The demo patient it changed has the example's number, and no patient another name or email.
    expect(await identities()).toEqual(before);
    expect(await demoRows('select mobile_number from clients where id = $1', [clientId])).toEqual([
      { mobile_number: '+61412345678' },
    ]);
  }, 180_000);
});
