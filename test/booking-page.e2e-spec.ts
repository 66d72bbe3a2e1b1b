import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, loopbackContext as loopbackContextOf } from './support/chromium.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createLink,
  createLocation,
  createOrganisation,
  createProvider,
  named,
  orgPath,
  sql,
} from './support/fixtures.js';

// The booking page in a real browser (Debian's Chromium driven by playwright-core) against the
// real app on PostgreSQL: a patient books, sees it confirmed, cancels from the manage page.

const OUTPUT = new URL('../test-results/booking-page/', import.meta.url).pathname;

let t: TestApp;
let browser: Browser;
let origin: string;
let slug: string;

beforeAll(async () => {
  browser = await launchChromium('The booking page tests');
  mkdirSync(OUTPUT, { recursive: true });
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  origin = await t.app.getUrl();
  slug = await bookableClinic();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const put = (path: string, body: unknown) =>
  t.http().put(path).set('Authorization', t.platformAuth).set('Content-Type', 'application/json').send(JSON.stringify(body));

/** A Sydney clinic with two practitioners working every day from 09:00 to 17:00, and two services. */
async function bookableClinic(): Promise<string> {
  const organisation = await createOrganisation(t, 'Harbour Physio', { bookingsEnabled: true });
  // Served by the app itself: the browser reaches nothing but this origin.
  await sql(t, 'update organisations set brand_image_url = ? where id = ?', [`${origin}/book/assets/clinic.svg`, organisation.id]);
  await t
    .http()
    .patch(orgPath(organisation.id, '/booking-settings'))
    .set('Authorization', t.platformAuth)
    .send({ cancellationFeeEnabled: true, cancellationFeeAmount: 3000 })
    .expect(200);
  const business = await createBusiness(t, organisation.id);
  const location = await createLocation(t, organisation.id, business.id, { name: named('Bondi Junction'), timeZone: 'Australia/Sydney' });
  const providers: Body[] = [];
  for (const [firstName, lastName] of [
    ['Priya', 'Raman'],
    ['Sam', 'Okafor'],
  ]) {
    const provider = await createProvider(t, organisation.id, { firstName, lastName, bookingsEnabled: true });
    await createLink(t, organisation.id, provider.id, location.id);
    await put(orgPath(organisation.id, `/providers/${provider.id}/working-hours`), {
      items: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ locationId: location.id, dayOfWeek, startTime: '09:00', endTime: '17:00' })),
    }).expect(200);
    providers.push(provider);
  }
  const ids = { providers: providers.map((provider) => provider.id), locations: [location.id] };
  await createAppointmentType(t, organisation.id, { name: 'Initial consultation', durationMinutes: 45, price: 9500, ...ids });
  await createAppointmentType(t, organisation.id, { name: 'Follow-up', durationMinutes: 30, price: 6000, ...ids });
  return organisation.slug;
}

/** A context whose pages reach only the app under test. */
const loopbackContext = (options: Parameters<Browser['newContext']>[0]) => loopbackContextOf(browser, origin, options);

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

/** Picks the first service with the keyboard alone and waits for the week of times. */
async function chooseFirstService(page: Page): Promise<void> {
  await page.goto(`${origin}/book/${slug}`);
  await page.getByRole('radio', { name: /Initial consultation/ }).focus();
  await page.keyboard.press('Space');
  await page.locator('.day').first().waitFor();
}

/** The little of the DOM the browser-side checks use: this project type-checks without the DOM's types. */
type PageDocument = { querySelector(selector: string): { getAttribute(name: string): string | null } | null };

/** Waits until the week of times is loaded (a function, not a string: the page's policy forbids eval). */
const waitForTimes = (page: Page) =>
  page.waitForFunction(() => {
    const document = (globalThis as unknown as { document: PageDocument }).document;
    return document.querySelector('#week')?.getAttribute('aria-busy') === null && document.querySelector('.day') !== null;
  });

/**
 * A time an hour after the first one offered. The first is only the minimum notice away: once the
 * clock passes its start minus the notice (a test takes about a minute) the page rightly stops
 * offering it, and the server refuses it.
 */
async function aTimeWellAhead(page: Page): Promise<string> {
  const times = await page.locator('button.time').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-starts-at') ?? ''));
  const startsAt = times.find((time) => Date.parse(time) >= Date.parse(times[0]) + 60 * 60_000);
  expect(startsAt).toMatch(/Z$/);
  return startsAt!;
}

describe('the booking page', () => {
  it('books a free time, shows it confirmed and takes it off the page; the manage page cancels it and the time is back', async () => {
    const context = await loopbackContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));

    await chooseFirstService(page);
    await expect(page.getByText('Harbour Physio').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('45 min · $95.00').isVisible()).resolves.toBe(true);
    await expect(page.locator('#time-zone').textContent()).resolves.toContain('Australia/Sydney');
    expect(await page.evaluate("(() => { const image = document.getElementById('brand-image'); return image.complete && image.naturalWidth > 0; })()")).toBe(
      true,
    );

    // One practitioner's week, so the booked time leaves the page (with "any practitioner" the other one keeps it).
    await page.getByLabel('3. Practitioner').selectOption({ label: 'Priya Raman' });
    await waitForTimes(page);
    // (Were it too near, the time would also not come back after the cancellation.)
    const startsAt = await aTimeWellAhead(page);
    const chosen = page.locator(`[data-starts-at="${startsAt}"]`);
    await chosen.focus();
    await page.keyboard.press('Enter');
    await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('details-heading');

    // Sent empty, the form says what is missing, beside each field.
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.locator('#firstName-error').textContent()).resolves.toBe('Enter your first name.');
    await expect(page.locator('#email-error').textContent()).resolves.toBe('Enter your email address.');
    await expect(page.locator('#firstName').getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Chen');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').press('Enter');
    await expect(page.locator('#email-error').textContent()).resolves.toContain('like name@example.com');
    await page.getByLabel('Email').fill(`alex.${Date.now()}@example.com`);
    await page.getByLabel('Mobile number (optional)').fill('0412 345 678');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Mobile number (optional)').press('Enter');

    await page.getByRole('heading', { name: "You're booked" }).waitFor();
    await expect(page.locator('#confirmation-details').textContent()).resolves.toContain('Initial consultation');
    await expect(page.locator('#confirmation-policy').textContent()).resolves.toContain('$30.00');
    await waitForTimes(page);
    await expect(page.locator(`[data-starts-at="${startsAt}"]`).count()).resolves.toBe(0);
    await page.screenshot({ path: `${OUTPUT}booked-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const manage = await page.locator('#manage-link').getAttribute('href');
    expect(manage).toMatch(/^\/book\/manage\/[A-Za-z0-9_-]{43}$/);
    await page.goto(`${origin}${manage}`);
    await page.locator('#booking-state', { hasText: 'Confirmed' }).waitFor();
    await expect(page.locator('#policy').textContent()).resolves.toContain('$30.00');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}manage-1280.png`, fullPage: true });
    await page.getByRole('button', { name: /Cancel this booking/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#booking-state', { hasText: 'Cancelled' }).waitFor();
    await expect(page.getByRole('button', { name: /Cancel this booking/ }).isVisible()).resolves.toBe(false);

    await chooseFirstService(page);
    await page.getByLabel('3. Practitioner').selectOption({ label: 'Priya Raman' });
    await waitForTimes(page);
    await page.locator(`[data-starts-at="${startsAt}"]`).waitFor();
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it('books after the patient corrects a mobile number the server refused', async () => {
    const context = await loopbackContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await chooseFirstService(page);
    await page.getByLabel('3. Practitioner').selectOption({ label: 'Sam Okafor' });
    await waitForTimes(page);
    await page.locator(`[data-starts-at="${await aTimeWellAhead(page)}"]`).click();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email').fill(`robin.${Date.now()}@example.com`);
    // Passes the page's own checks; the server's 400 names the field.
    await page.getByLabel('Mobile number (optional)').fill('12');
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.locator('#mobileNumber-error', { hasText: 'Check this' }).textContent()).resolves.toContain('Check this');

    await page.getByLabel('Mobile number (optional)').fill('0412 345 678');
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { name: "You're booked" }).waitFor();
    await context.close();
  }, 120_000);

  it('fits a 375 px wide screen, with every control labelled', async () => {
    const context = await loopbackContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await chooseFirstService(page);
    await page.locator('button.time').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.locator('#error-summary').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    const unlabelled = await page.evaluate(
      "[...document.querySelectorAll('input, select')].filter((control) => !control.labels?.length).map((control) => control.id)",
    );
    expect(unlabelled).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}details-375.png`, fullPage: true });
    await page.locator('#week').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUTPUT}times-375.png` });
    await context.close();
  }, 120_000);

  it('serves the pages with a content security policy that allows only this origin and https images', async () => {
    const response = await t.http().get(`/book/${slug}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect((await t.http().get('/book/manage/anything').expect(200)).headers['referrer-policy']).toBe('no-referrer');
    await t.http().get('/book/assets/book.html').expect(404);
    await t.http().get('/book/assets/..%2Fbooking-page.controller.ts').expect(404);
  });
});
