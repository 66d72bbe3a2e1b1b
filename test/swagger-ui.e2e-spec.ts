import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { AppConfig } from '@app/shared';
import { loadDemoDataIfEmpty } from '../apps/api/src/demo-data/demo-data.js';
import { launchChromium, loopbackContext } from './support/chromium.js';
import { freePort } from './support/free-port.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Swagger UI in a real browser (Debian's Chromium driven by playwright-core) against the real app
// on the demo data, as a new user follows the README's first five minutes: enter the key, "Try it out", "Execute".

const OUTPUT = new URL('../test-results/booking-page/', import.meta.url).pathname;
const BOOKINGS = '/v1/organisations/{organisationId}/bookings';

// The demo data loads only into an empty database, so this file has one of its own on the test server.
const serverUrl = process.env.DATABASE_URL!;
const name = `swagger_ui_${Date.now()}_${process.pid}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

let admin: pg.Client;
let t: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  browser = await launchChromium('The Swagger UI tests');
  mkdirSync(OUTPUT, { recursive: true });
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  // "Try it out" sends to the document's first server, API_BASE_URL: here the app's own origin.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // The docs show real demo ids only with DEMO_DATA on, read from the database on the first docs request.
  // The demo's cards are sealed with the app's own wallet key.
  const env = { DEMO_DATA: 'true', API_BASE_URL: origin, WALLET_ENCRYPTION_KEY: 'cd'.repeat(32) };
  t = await createTestApp(env, { databaseUrl });
  const config = new AppConfig({ DATABASE_URL: databaseUrl, ...env });
  // As main.ts does before it listens.
  expect(await loadDemoDataIfEmpty(config, databaseUrl)).toMatch(/^demo clinic group loaded/);
  await t.app.listen(port, '127.0.0.1');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await admin?.query(`drop database if exists "${name}" with (force)`);
  await admin?.end();
});

describe('Swagger UI', () => {
  it('lists bookings on the first "Try it out" with only the API key entered', async () => {
    const context = await loopbackContext(browser, origin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await page.goto(`${origin}/docs`);
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
    await page.waitForFunction("document.querySelectorAll('.opblock').length === 4");
    await expect(shownGroups()).resolves.toEqual(['Payouts']);
    await context.close();
  }, 180_000);
});
