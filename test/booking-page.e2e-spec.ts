import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, loopbackContext as loopbackContextOf } from './support/chromium.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { dayAhead } from './support/sydney-time.js';
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
/** A second clinic: a $45.00 fee within 24 hours, Mia Wong working every day and Jo Tan on Mondays only. */
let coastal: { id: string; slug: string; serviceId: string; locationId: string; mia: string };

beforeAll(async () => {
  browser = await launchChromium('The booking page tests');
  mkdirSync(OUTPUT, { recursive: true });
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  origin = await t.app.getUrl();
  slug = await bookableClinic();
  coastal = await coastalClinic();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const put = (path: string, body: unknown) =>
  t
    .http()
    .put(path)
    .set('Authorization', t.platformAuth)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** A Sydney clinic taking online bookings, its practitioners working 09:00 to 17:00 on the given days (1 is Monday). */
async function clinic(name: string, cancellationFee: number, practitioners: Array<[string, string, number[]]>) {
  const organisation = await createOrganisation(t, name, { bookingsEnabled: true });
  // Served by the app itself: the browser reaches nothing but this origin.
  await sql(t, 'update organisations set brand_image_url = ? where id = ?', [
    `${origin}/book/assets/clinic.svg`,
    organisation.id,
  ]);
  await t
    .http()
    .patch(orgPath(organisation.id, '/booking-settings'))
    .set('Authorization', t.platformAuth)
    .send({ cancellationFeeEnabled: true, cancellationFeeAmount: cancellationFee, cancellationNoFeeBeforeHours: 24 })
    .expect(200);
  const business = await createBusiness(t, organisation.id);
  const location = await createLocation(t, organisation.id, business.id, {
    name: named('Bondi Junction'),
    timeZone: 'Australia/Sydney',
  });
  const providers: Body[] = [];
  for (const [firstName, lastName, days] of practitioners) {
    const provider = await createProvider(t, organisation.id, { firstName, lastName, bookingsEnabled: true });
    await createLink(t, organisation.id, provider.id, location.id);
    await put(orgPath(organisation.id, `/providers/${provider.id}/working-hours`), {
      items: days.map((dayOfWeek) => ({ locationId: location.id, dayOfWeek, startTime: '09:00', endTime: '17:00' })),
    }).expect(200);
    providers.push(provider);
  }
  return {
    organisation,
    location,
    providers,
    ids: { providers: providers.map((provider) => provider.id), locations: [location.id] },
  };
}

/** Two practitioners working every day, and two services. */
async function bookableClinic(): Promise<string> {
  const { organisation, ids } = await clinic('Harbour Physio', 3000, [
    ['Priya', 'Raman', EVERY_DAY],
    ['Sam', 'Okafor', EVERY_DAY],
  ]);
  await createAppointmentType(t, organisation.id, {
    name: 'Initial consultation',
    durationMinutes: 45,
    price: 9500,
    ...ids,
  });
  await createAppointmentType(t, organisation.id, { name: 'Follow-up', durationMinutes: 30, price: 6000, ...ids });
  return organisation.slug;
}

async function coastalClinic(): Promise<typeof coastal> {
  const { organisation, location, providers, ids } = await clinic('Coastal Physio', 4500, [
    ['Mia', 'Wong', EVERY_DAY],
    ['Jo', 'Tan', [1]],
  ]);
  const service = await createAppointmentType(t, organisation.id, {
    name: 'Standard consultation',
    durationMinutes: 30,
    price: 8000,
    ...ids,
  });
  return {
    id: organisation.id,
    slug: organisation.slug,
    serviceId: service.id,
    locationId: location.id,
    mia: providers[0].id,
  };
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
async function chooseFirstService(page: Page, clinicSlug = slug): Promise<void> {
  await page.goto(`${origin}/book/${clinicSlug}`);
  await page.locator('#services input').first().focus();
  await page.keyboard.press('Space');
  await page.locator('.day').first().waitFor();
}

/** The little of the DOM the browser-side checks use: this project type-checks without the DOM's types. */
type PageDocument = { querySelector(selector: string): { getAttribute(name: string): string | null } | null };

/** Waits until the week of times is loaded (a function, not a string: the page's policy forbids eval). */
const waitForTimes = (page: Page) =>
  page.waitForFunction(() => {
    const document = (globalThis as unknown as { document: PageDocument }).document;
    return (
      document.querySelector('#week')?.getAttribute('aria-busy') === null && document.querySelector('.day') !== null
    );
  });

/** The calendar day of an instant in Sydney, `YYYY-MM-DD`, as the page's day strip names its days. */
const sydneyDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(iso));

/** The start of every time the page shows (one day's). */
const timesShown = (page: Page) =>
  page
    .locator('button.time')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-starts-at') ?? ''));

/**
 * A time an hour after the first one offered, on the first day with times or the next one. The
 * first is only the minimum notice away: once the clock passes its start minus the notice (a test
 * takes about a minute) the page rightly stops offering it, and the server refuses it. With
 * practitioners who work every day from 09:00 to 17:00, this time is always within 24 hours.
 */
async function aTimeWellAhead(page: Page): Promise<string> {
  const first = Date.parse((await timesShown(page))[0]);
  let startsAt = (await timesShown(page)).find((time) => Date.parse(time) >= first + 60 * 60_000);
  if (!startsAt) {
    await page.locator('#days input:checked').press('ArrowRight');
    startsAt = (await timesShown(page)).find((time) => Date.parse(time) >= first + 60 * 60_000);
  }
  expect(startsAt).toMatch(/Z$/);
  return startsAt!;
}

/** A page 1280 px wide, in a context of its own. */
async function widePage() {
  const context = await loopbackContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** A wide page showing `practitioner`'s week at the coastal clinic. */
async function coastalWeek(practitioner: string) {
  const { context, page } = await widePage();
  await chooseFirstService(page, coastal.slug);
  await page.getByLabel('3. Practitioner').selectOption({ label: practitioner });
  await waitForTimes(page);
  return { context, page };
}

/** Books a time through the public route, as the page would, and answers its manage token. */
async function bookDirectly(startsAt: string): Promise<string> {
  const booking = await t
    .http()
    .post(`/v1/organisations/${coastal.slug}/public-bookings`)
    .send({
      appointmentTypeId: coastal.serviceId,
      locationId: coastal.locationId,
      providerId: coastal.mia,
      startsAt,
      patient: { firstName: 'Kim', lastName: 'Nguyen', email: `kim.${Date.now()}@example.com` },
    })
    .expect(201);
  return booking.body.manageToken;
}

/**
 * Two of Mia Wong's times: one inside the 24-hour fee window (an hour after the first offered, as
 * `aTimeWellAhead` picks), one three days or more ahead.
 */
async function miasTimes(): Promise<{ soon: string; far: string }> {
  const query = new URLSearchParams({
    appointmentTypeId: coastal.serviceId,
    locationId: coastal.locationId,
    providerId: coastal.mia,
    from: dayAhead(0),
    to: dayAhead(6),
  });
  const answer = await t.http().get(`/v1/organisations/${coastal.slug}/availability?${query.toString()}`).expect(200);
  const times: string[] = answer.body.days.flatMap((day: Body) =>
    day.slots.map((slot: Body) => slot.startsAt as string),
  );
  return {
    soon: times.find((time) => Date.parse(time) >= Date.parse(times[0]) + 60 * 60_000)!,
    far: times.find((time) => Date.parse(time) >= Date.now() + 3 * 86_400_000)!,
  };
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
    expect(
      await page.evaluate(
        "(() => { const image = document.getElementById('brand-image'); return image.complete && image.naturalWidth > 0; })()",
      ),
    ).toBe(true);

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
    await page.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('#booking-state', { hasText: 'Cancelled' }).waitFor();
    await expect(page.getByRole('button', { name: /Cancel this booking/ }).isVisible()).resolves.toBe(false);
    await expect(page.locator('#policy').textContent()).resolves.toContain(
      "the clinic's cancellation fee of $30.00 applies",
    );

    await chooseFirstService(page);
    await page.getByLabel('3. Practitioner').selectOption({ label: 'Priya Raman' });
    await waitForTimes(page);
    // The week opens on its first day with times, which need not be the booked time's.
    await page.locator(`label[for="day-${sydneyDate(startsAt)}"]`).click();
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
    await expect(page.locator('#mobileNumber-error', { hasText: 'Check this' }).textContent()).resolves.toContain(
      'Check this',
    );

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

  it('keeps the location and practitioner menus disabled, saying why, until a service is picked', async () => {
    const context = await loopbackContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/book/${slug}`);
    await page.locator('#choices').waitFor();
    for (const [label, menu] of [
      ['2. Location', 'location'],
      ['3. Practitioner', 'provider'],
    ]) {
      await expect(page.getByLabel(label).isDisabled()).resolves.toBe(true);
      await expect(page.locator(`#${menu}-hint`).isVisible()).resolves.toBe(true);
      await expect(page.locator(`#${menu}-hint`).textContent()).resolves.toBe('Pick a service first.');
      await expect(page.getByLabel(label).getAttribute('aria-describedby')).resolves.toBe(`${menu}-hint`);
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('#services input').first().focus();
    await page.keyboard.press('Space');
    await waitForTimes(page);
    for (const [label, menu] of [
      ['2. Location', 'location'],
      ['3. Practitioner', 'provider'],
    ]) {
      await expect(page.getByLabel(label).isEnabled()).resolves.toBe(true);
      await expect(page.locator(`#${menu}-hint`).isVisible()).resolves.toBe(false);
    }
    await context.close();
  }, 60_000);

  it("shows one day's times at a time under a strip of the week's days, which arrow keys and Tab move along, at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const context = await loopbackContext({
        viewport: { width, height: 900 },
        ...(width < 400 ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await chooseFirstService(page);
      await page.getByLabel('3. Practitioner').selectOption({ label: 'Priya Raman' });
      await waitForTimes(page);
      await expect(page.locator('#days input[type=radio]').count()).resolves.toBe(7);
      const firstDay = (await page.locator('#days input:checked').getAttribute('value'))!;
      expect(new Set((await timesShown(page)).map(sydneyDate))).toEqual(new Set([firstDay]));
      // A day's times fit about a screen: the week of columns was 2,590 px tall.
      expect((await page.locator('#times-section').boundingBox())!.height).toBeLessThan(width < 400 ? 1100 : 600);

      // The arrow keys move along the week and show that day's times; the day in focus is outlined.
      await page.locator('#days input:checked').focus();
      await page.keyboard.press('ArrowRight');
      const nextDay = (await page.locator('#days input:checked').getAttribute('value'))!;
      expect(nextDay > firstDay).toBe(true);
      expect(new Set((await timesShown(page)).map(sydneyDate))).toEqual(new Set([nextDay]));
      expect(await page.evaluate('getComputedStyle(document.activeElement.nextElementSibling).outlineStyle')).toBe(
        'solid',
      );
      await expect(page.locator('#day-heading').textContent()).resolves.toMatch(/^\w+day \d+ \w+: \d+ times$/);
      // Tab leaves the strip for that day's first time.
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.className')).toBe('time');

      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      for (const box of await page
        .locator('#days label')
        .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(width);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${OUTPUT}times-${width}.png`, fullPage: true });
      await context.close();
    }
  }, 120_000);

  it('marks each day without times once, and skips it', async () => {
    const { context, page } = await coastalWeek('Jo Tan');
    // Jo works on Mondays only; next week holds exactly one, wholly ahead.
    await page.getByRole('button', { name: 'Next week' }).click();
    await waitForTimes(page);
    await expect(
      page
        .locator('#week')
        .getByText(/no times/i)
        .count(),
    ).resolves.toBe(6);
    await expect(page.locator('#days input:disabled').count()).resolves.toBe(6);
    await expect(page.locator('#days label.empty').allTextContents()).resolves.toEqual(
      Array(6).fill(expect.stringMatching(/^\w+day \d+ \w+, \w+\d+\w+no times$/)),
    );
    const monday = page.getByRole('radio', { name: /^Monday \d+ \w+, \d+ times$/ });
    await expect(monday.isChecked()).resolves.toBe(true);
    // The arrow keys pass over the days without times: from the only day with some, they come back to it.
    await monday.focus();
    await page.keyboard.press('ArrowRight');
    await expect(monday.isChecked()).resolves.toBe(true);
    expect(await page.evaluate('document.activeElement.value')).toBe(await monday.getAttribute('value'));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('says what cancelling would cost before a time inside the fee window is booked', async () => {
    const { context, page } = await coastalWeek('Mia Wong');
    await page.locator(`[data-starts-at="${await aTimeWellAhead(page)}"]`).click();
    await expect(page.locator('#policy').textContent()).resolves.toBe(
      'This time is within 24 hours: cancelling it will cost $45.00.',
    );
    await expect(page.locator('#policy').getAttribute('class')).resolves.toContain('warning');
    await expect(page.getByRole('button', { name: 'Book this time' }).getAttribute('aria-describedby')).resolves.toBe(
      'policy',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}fee-warning-1280.png`, fullPage: true });

    // A time three days or more ahead is free to cancel until a day before it.
    const later = (await page.locator('#days input:enabled').nth(3).getAttribute('value'))!;
    await page.locator(`label[for="day-${later}"]`).click();
    await page.locator('button.time').first().click();
    await expect(page.locator('#policy').textContent()).resolves.toMatch(
      /^Cancellation policy: cancel at no cost until .+; after that a cancellation fee of \$45\.00 applies\.$/,
    );
    await expect(page.locator('#policy').getAttribute('class')).resolves.toBe('policy');
    await context.close();
  }, 60_000);

  it("says on a cancelled booking's page whether a fee applies, and how much, from when it was cancelled", async () => {
    const { soon, far } = await miasTimes();
    const { context, page } = await widePage();
    for (const [startsAt, outcome] of [
      [
        soon,
        "You cancelled less than 24 hours before the appointment, so the clinic's cancellation fee of $45.00 applies. Nothing was charged here; the clinic may ask you for it.",
      ],
      [far, 'No cancellation fee: you cancelled more than 24 hours before the appointment.'],
    ]) {
      const token = await bookDirectly(startsAt);
      await t.http().post(`/v1/public-bookings/${token}/cancel`).expect(200);
      await page.goto(`${origin}/book/manage/${token}`);
      await page.locator('#booking-state', { hasText: 'Cancelled' }).waitFor();
      await expect(page.locator('#policy').textContent()).resolves.toBe(outcome);
    }
    await context.close();
  }, 60_000);

  it('asks before cancelling, saying what it costs, and afterwards whether a fee applies', async () => {
    const { soon, far } = await miasTimes();
    const { context, page } = await widePage();

    const lateToken = await bookDirectly(soon);
    await page.goto(`${origin}/book/manage/${lateToken}`);
    await page.locator('#booking-state', { hasText: 'Confirmed' }).waitFor();
    await page.getByRole('button', { name: 'Cancel this booking (a fee of $45.00 applies)' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    expect(await page.evaluate('document.activeElement.id')).toBe('cancel-confirm-heading');
    await expect(page.locator('#cancel-cost').textContent()).resolves.toBe(
      'The appointment is less than 24 hours away, so cancelling it now costs a cancellation fee of $45.00.',
    );
    // Nothing is cancelled until the patient says so.
    expect((await t.http().get(`/v1/public-bookings/${lateToken}`).expect(200)).body.status).toBe('confirmed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}cancel-confirm-1280.png`, fullPage: true });
    // Escape keeps the booking and returns to the button.
    await page.keyboard.press('Escape');
    await expect(page.locator('#cancel-confirm').isVisible()).resolves.toBe(false);
    expect(await page.evaluate('document.activeElement.id')).toBe('cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, cancel with the $45.00 fee' }).click();
    await page.locator('#booking-state', { hasText: 'Cancelled' }).waitFor();
    await expect(page.locator('#policy').textContent()).resolves.toMatch(
      /^You cancelled less than 24 hours before the appointment, so the clinic's cancellation fee of \$45\.00 applies\./,
    );
    expect((await t.http().get(`/v1/public-bookings/${lateToken}`).expect(200)).body.status).toBe('cancelled');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}cancelled-fee-1280.png`, fullPage: true });
    await context.close();

    const phone = await loopbackContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    small.setDefaultTimeout(30_000);
    await small.goto(`${origin}/book/manage/${await bookDirectly(far)}`);
    await small.getByRole('button', { name: 'Cancel this booking' }).click();
    await small.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    await expect(small.locator('#cancel-cost').textContent()).resolves.toMatch(
      /^Cancelling now is free\. From .+ it would cost \$45\.00\.$/,
    );
    expect(await small.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await small.screenshot({ path: `${OUTPUT}cancel-confirm-375.png`, fullPage: true });
    await small.getByRole('button', { name: 'Yes, cancel it' }).click();
    await small.locator('#booking-state', { hasText: 'Cancelled' }).waitFor();
    await expect(small.locator('#policy').textContent()).resolves.toBe(
      'No cancellation fee: you cancelled more than 24 hours before the appointment.',
    );
    expect(await seriousViolations(small)).toEqual([]);
    await phone.close();
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

describe("the manage page's change of time", () => {
  const SHOTS = '/tmp/changetime-shots/';
  mkdirSync(SHOTS, { recursive: true });
  const startsAtOf = async (token: string): Promise<string> =>
    (await t.http().get(`/v1/public-bookings/${token}`).expect(200)).body.startsAt;
  const setReschedule = (enabled: boolean) =>
    t
      .http()
      .patch(orgPath(coastal.id, '/booking-settings'))
      .set('Authorization', t.platformAuth)
      .send({ clientRescheduleEnabled: enabled })
      .expect(200);

  /** Opens `token`'s manage page and its week of times with the keyboard alone; focus ends on the first time of the day shown. */
  async function openTimes(page: Page, token: string): Promise<void> {
    await page.goto(`${origin}/book/manage/${token}`);
    await page.locator('#booking-state', { hasText: 'Confirmed' }).waitFor();
    await page.getByRole('button', { name: 'Change time' }).focus();
    await page.keyboard.press('Enter');
    await waitForTimes(page);
    expect(await page.evaluate('document.activeElement.id')).toBe('change-heading');
    await expect(page.locator('#change-scope').textContent()).resolves.toMatch(
      /^Standard consultation with Mia Wong at Bondi Junction/,
    );
    // Tab reaches the week's days (past the week's buttons), the arrow keys a day whose every time is outside the fee
    // window (two days ahead or later, so the moved booking can be changed again), Tab its first time.
    for (let tabs = 0; tabs < 4 && (await page.evaluate('document.activeElement.name')) !== 'day'; tabs++)
      await page.keyboard.press('Tab');
    const outsideTheFeeWindow = dayAhead(2);
    for (
      let moves = 0;
      moves < 7 && (await page.evaluate<string>('document.activeElement.value')) < outsideTheFeeWindow;
      moves++
    ) {
      await page.keyboard.press('ArrowRight');
    }
    expect(await page.evaluate('document.activeElement.value')).toBe(outsideTheFeeWindow);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.className')).toBe('time');
  }

  /** Whether the booking page offers `startsAt` among Mia Wong's times. */
  async function offeredOnBookingPage(page: Page, startsAt: string): Promise<number> {
    await chooseFirstService(page, coastal.slug);
    await page.getByLabel('3. Practitioner').selectOption({ label: 'Mia Wong' });
    await waitForTimes(page);
    await page.locator(`label[for="day-${sydneyDate(startsAt)}"]`).click();
    return page.locator(`[data-starts-at="${startsAt}"]`).count();
  }

  it('moves a booking to a time the patient picks with the keyboard alone, at 1280 and 375 px; the old time is offered again', async () => {
    for (const width of [1280, 375]) {
      const { far } = await miasTimes();
      const token = await bookDirectly(far);
      const context = await loopbackContext({
        viewport: { width, height: 900 },
        ...(width < 400 ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));

      await openTimes(page, token);
      // The booked time is the patient's own: it is not offered to move to.
      await expect(page.locator(`[data-starts-at="${far}"]`).count()).resolves.toBe(0);
      const chosen = await page.evaluate<string>('document.activeElement.dataset.startsAt');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}picker-${width}.png`, fullPage: true });

      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /^Move your booking to \w+day \d+ \w+ at \d+:\d\d [ap]m\?$/ }).waitFor();
      expect(await page.evaluate('document.activeElement.id')).toBe('change-confirm-heading');
      await expect(page.locator('#change-note').textContent()).resolves.toMatch(
        /^This replaces your current time, \w+day \d+ \w+ at \d+:\d\d [ap]m\. /,
      );
      // Nothing moves until the patient says so.
      expect(await startsAtOf(token)).toBe(far);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}confirm-${width}.png`, fullPage: true });
      // Escape goes back to the times; Enter on the time asks again.
      await page.keyboard.press('Escape');
      await expect(page.locator('#change-confirm').isVisible()).resolves.toBe(false);
      await page.locator(`[data-starts-at="${chosen}"]`).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Yes, move it' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.id')).toBe('confirm-change');
      await page.keyboard.press('Enter');

      await page.locator('#page-status.success').waitFor();
      await expect(page.locator('#page-status').textContent()).resolves.toMatch(
        /^Your booking is moved to \w+day \d+ \w+ at \d+:\d\d [ap]m\.$/,
      );
      expect(await page.evaluate('document.activeElement.id')).toBe('heading');
      expect(await startsAtOf(token)).toBe(chosen);
      await expect(page.locator('#booking-details').textContent()).resolves.toContain(
        new Intl.DateTimeFormat('en-AU', {
          timeZone: 'Australia/Sydney',
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        }).format(new Date(chosen)),
      );
      await expect(page.locator('#change-section').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('button', { name: 'Change time' }).isVisible()).resolves.toBe(true);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}moved-${width}.png`, fullPage: true });

      expect(await offeredOnBookingPage(page, far)).toBe(1);
      expect(await offeredOnBookingPage(page, chosen)).toBe(0);
      expect(failures).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('says in plain words why the time cannot be changed online, without the button: inside the fee window, or when the clinic takes no changes', async () => {
    const { soon, far } = await miasTimes();
    const { context, page } = await widePage();
    await page.goto(`${origin}/book/manage/${await bookDirectly(soon)}`);
    await page.locator('#booking-state', { hasText: 'Confirmed' }).waitFor();
    await expect(page.locator('#change-closed').textContent()).resolves.toBe(
      'Changes online close 24 hours before the appointment: call the clinic to change your time.',
    );
    await expect(page.locator('#change-closed').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Change time' }).count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}closed-1280.png`, fullPage: true });

    const token = await bookDirectly(far);
    await setReschedule(false);
    try {
      await page.goto(`${origin}/book/manage/${token}`);
      await page.locator('#booking-state', { hasText: 'Confirmed' }).waitFor();
      await expect(page.locator('#change-closed').textContent()).resolves.toMatch(
        /^Coastal Physio \S+ does not take changes online: call the clinic to change your time\.$/,
      );
      await expect(page.getByRole('button', { name: 'Change time' }).count()).resolves.toBe(0);
    } finally {
      await setReschedule(true);
    }
    // A booking that can be changed says nothing of it.
    await page.reload();
    await page.getByRole('button', { name: 'Change time' }).waitFor();
    await expect(page.locator('#change-closed').isVisible()).resolves.toBe(false);
    await context.close();
  }, 60_000);

  it('says when the time picked was taken meanwhile, and shows the times without it', async () => {
    const { far } = await miasTimes();
    const token = await bookDirectly(far);
    const { context, page } = await widePage();
    await openTimes(page, token);
    const taken = await page.evaluate<string>('document.activeElement.dataset.startsAt');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, move it' }).waitFor();
    await bookDirectly(taken);
    await page.getByRole('button', { name: 'Yes, move it' }).click();

    await page
      .locator('#change-problem', { hasText: 'Sorry, that time was just taken. Please choose another time.' })
      .waitFor();
    await page.locator(`[data-starts-at="${taken}"]`).waitFor({ state: 'detached' });
    await waitForTimes(page);
    await expect(page.locator('#change-confirm').isVisible()).resolves.toBe(false);
    await expect(page.locator('button.time').count()).resolves.toBeGreaterThan(0);
    expect(await startsAtOf(token)).toBe(far);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}taken-1280.png`, fullPage: true });
    await context.close();
  }, 60_000);
});
