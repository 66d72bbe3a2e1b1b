import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { PaymentProcessor, TestPaymentProcessor } from '@app/wallet';
import { launchChromium } from './support/chromium.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { named, orgPath, payLink, postJson, sql } from './support/fixtures.js';
import {
  focusedId,
  heading,
  openPage as openPageOf,
  PayPageClinic,
  scrollWidth,
  seriousViolations,
} from './support/pay-page.js';

// The payment link page in a real browser (Debian's Chromium driven by playwright-core) against the
// real app on PostgreSQL: a patient opens the link a check-out left, pays it, and sees the receipt.
// With the test processor; test/payment-link-page-stripe.e2e-spec.ts has it with Stripe.

const OUTPUT = new URL('../test-results/payment-link-page/', import.meta.url).pathname;

let t: TestApp;
let browser: Browser;
let origin: string;
let clinic: PayPageClinic;

beforeAll(async () => {
  browser = await launchChromium('The payment link page tests');
  mkdirSync(OUTPUT, { recursive: true });
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  origin = await t.app.getUrl();
  clinic = await PayPageClinic.create(t, origin);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const openLink = () => clinic.openLink();
const linkOf = (token: string) => clinic.linkOf(token);
const bookingPaid = (bookingId: string) => clinic.bookingPaid(bookingId);
const processor = () => t.app.get<TestPaymentProcessor>(PaymentProcessor);
const openPage = (viewport: { width: number; height: number }) => openPageOf(browser, origin, viewport);

/** Presses Tab until the element `selector` names has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 20; presses++) {
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** With the keyboard alone: into the card list, on to `card`, and Enter on the pay button. */
async function payWithKeyboard(page: Page, card: string): Promise<void> {
  await tabTo(page, 'input[name="card"]');
  const labels = await page.locator('.card-form label').allTextContents();
  const index = labels.findIndex((label) => label.startsWith(card));
  expect(index).toBeGreaterThanOrEqual(0);
  // Tab lands on the card chosen before, or on the first when none is: Space chooses it, each ArrowDown the next.
  const from = Number(
    await page.evaluate(`[...document.querySelectorAll('input[name="card"]')].indexOf(document.activeElement)`),
  );
  if (!(await page.evaluate('document.activeElement.checked'))) await page.keyboard.press('Space');
  for (let step = 0; step < (index - from + labels.length) % labels.length; step++)
    await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: card }).isChecked()).resolves.toBe(true);
  await tabTo(page, '#pay');
  await page.keyboard.press('Enter');
}

describe('the payment link page', () => {
  it('shows what is asked for, and takes a card with the keyboard alone: the receipt, the link paid, the booking paid', async () => {
    const { token, bookingId, serviceDate } = await openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    const inSydney = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', ...options }).format(new Date(serviceDate));
    const day = `${inSydney({ weekday: 'long' })} ${inSydney({ day: 'numeric', month: 'long', year: 'numeric' })}`;
    await expect(page.locator('#message').textContent()).resolves.toBe(
      `Alex, ${named('Harbour Physio')} asks you to pay $95.00 for your appointment.`,
    );
    const details = await page.locator('#bill-details').innerText();
    for (const part of ['$95.00', 'Initial consultation', 'Priya Raman', 'Bondi Junction', day])
      expect(details).toContain(part);
    await expect(page.locator('#clinic-name').textContent()).resolves.toBe(named('Harbour Physio'));
    expect(
      await page.evaluate(
        "(() => { const image = document.getElementById('brand-image'); return image.complete && image.naturalWidth > 0; })()",
      ),
    ).toBe(true);
    await expect(page.getByRole('button', { name: 'Pay $95.00' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.test-mode').textContent()).resolves.toContain('no real card is charged');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}open-1280.png`, fullPage: true });

    await payWithKeyboard(page, 'Visa ending 4242');
    await heading(page, 'Paid');
    await expect(focusedId(page)).resolves.toBe('heading');
    const receipt = await page.locator('#bill-details').innerText();
    for (const part of [
      'Amount paid',
      '$95.00',
      'Paid on',
      'Visa ending 4242',
      named('Harbour Physio'),
      'Initial consultation',
    ])
      expect(receipt).toContain(part);
    await expect(page.locator('#pay-form').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}paid-1280.png`, fullPage: true });

    expect(await linkOf(token)).toMatchObject({ status: 'paid' });
    expect(await bookingPaid(bookingId)).toBe(true);
    expect(failures).toEqual([]);
    // The page's policy lets no script write markup from a string.
    await expect(
      page.evaluate(
        "(() => { try { document.body.insertAdjacentHTML('beforeend', '<b>x</b>'); return 'written'; } catch { return 'refused'; } })()",
      ),
    ).resolves.toBe('refused');
    await context.close();
  }, 120_000);

  it('says plainly that a card was declined, keeps the link open, and takes another card', async () => {
    const { token, bookingId } = await openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');

    // Pay with nothing chosen: the form says what to do, beside the cards.
    await tabTo(page, '#pay');
    await page.keyboard.press('Enter');
    await expect(page.locator('#card-error').textContent()).resolves.toBe('Choose a card to pay with.');
    await expect(focusedId(page)).resolves.toBe('card-0');

    await payWithKeyboard(page, 'Visa ending 0341');
    await page.locator('#pay-error', { hasText: 'declined' }).waitFor();
    await expect(page.locator('#pay-error').textContent()).resolves.toBe(
      'Your card was declined, and no money was taken. Try another card, or ask your bank why.',
    );
    await expect(focusedId(page)).resolves.toBe('pay-error');
    await page.screenshot({ path: `${OUTPUT}declined-1280.png`, fullPage: true });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pay for your appointment');
    expect(await linkOf(token)).toMatchObject({ status: 'open', paidAt: null });
    expect(await seriousViolations(page)).toEqual([]);

    await payWithKeyboard(page, 'Mastercard ending 4444');
    await heading(page, 'Paid');
    await expect(page.locator('#bill-details').innerText()).resolves.toContain('Mastercard ending 4444');
    expect(await bookingPaid(bookingId)).toBe(true);
    // The 402 of the declined card is the one console error the browser reports.
    expect(failures).toEqual([expect.stringContaining('402')]);
    await context.close();
  }, 120_000);

  it('says plainly when a link is expired, paid, cancelled or unknown, with no card form', async () => {
    const expired = await openLink();
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      expired.linkId,
    ]);
    const paid = await openLink();
    await payLink(t, `/pay/${paid.token}`).expect(200);
    const cancelled = await openLink();
    await postJson(t, orgPath(clinic.organisationId, `/bookings/${cancelled.bookingId}/cancel`), {}).expect(200);
    const cases = [
      {
        name: 'expired',
        token: expired.token,
        title: 'This payment link has expired',
        says: 'Nothing was charged. Contact',
      },
      {
        name: 'paid',
        token: paid.token,
        title: 'Paid',
        says: 'has your payment of $95.00. There is nothing more to pay.',
      },
      {
        name: 'cancelled',
        token: cancelled.token,
        title: 'This appointment was cancelled',
        says: 'there is nothing to pay on it',
      },
      {
        name: 'unknown',
        token: 'x'.repeat(43),
        title: 'Payment link not found',
        says: 'This link does not match a payment.',
      },
    ];
    const { context, page, failures } = await openPage({ width: 375, height: 812 });
    for (const { name, token, title, says } of cases) {
      await page.goto(`${origin}/pay/${token}`);
      await heading(page, title);
      await expect(page.locator('#message').textContent()).resolves.toContain(says);
      await expect(page.locator('#pay-form').isVisible()).resolves.toBe(false);
      await expect(page.getByRole('radio').count()).resolves.toBe(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${OUTPUT}${name}-375.png`, fullPage: true });
    }
    await expect(page.title()).resolves.toBe('Payment link not found');
    // The unknown token's 404 is the one console error the browser reports.
    expect(failures).toEqual([expect.stringContaining('404')]);
    await context.close();
  }, 120_000);

  it('shows a link paid elsewhere since the page was opened as paid, and charges no card again', async () => {
    const { token, linkId } = await openLink();
    const { context, page } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    await payLink(t, `/pay/${token}`).expect(200);
    await payWithKeyboard(page, 'Visa ending 4242');
    await heading(page, 'Paid');
    await expect(page.locator('#message').textContent()).resolves.toContain('There is nothing more to pay.');
    expect(processor().chargesDescribed(`Payment link ${linkId}`)).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('fits a 375 px wide screen, open and paid, with every control labelled', async () => {
    const { token } = await openLink();
    const { context, page, failures } = await openPage({ width: 375, height: 812 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    const unlabelled = await page.evaluate(
      "[...document.querySelectorAll('input, select')].filter((control) => !control.labels?.length).map((control) => control.id)",
    );
    expect(unlabelled).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}open-375.png`, fullPage: true });

    await page.getByText('American Express ending 8431').tap();
    await page.getByRole('button', { name: 'Pay $95.00' }).tap();
    await heading(page, 'Paid');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}paid-375.png`, fullPage: true });
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it("offers only the test processor's own cards, and the one it declines", async () => {
    const { token } = await openLink();
    const { context, page } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    const offered = await page
      .locator('input[name="card"]')
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('value') ?? ''));
    await context.close();
    const testProcessor = new TestPaymentProcessor();
    const outcomes = await Promise.all(
      offered.map(async (paymentMethodId) => {
        const card = await testProcessor.attachPaymentMethod({
          paymentMethodId,
          owner: { organisationId: 'org_offered', clientId: 'offered' },
          idempotencyKey: `attach-${paymentMethodId}`,
        });
        const charge = {
          card,
          amount: 100,
          description: 'offered',
          offSession: false,
          destination: { businessId: 'offered', accountId: null, platformFeeAmount: 0 },
          idempotencyKey: `offered-${paymentMethodId}`,
          metadata: {},
        };
        return testProcessor.charge(charge).then(
          () => `${card.brand} ${card.last4}`,
          () => `${card.brand} ${card.last4} declined`,
        );
      }),
    );
    expect(outcomes).toEqual(['visa 4242', 'mastercard 4444', 'amex 8431', 'visa 5556', 'visa 0341 declined']);
  }, 60_000);

  it('serves the page with its own strict content security policy, no referrer and no caching', async () => {
    const response = await t.http().get('/pay/anything').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types 'none'",
    );
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const cardForm = await t.http().get('/book/assets/card-form.js').expect(200);
    expect(cardForm.headers['content-type']).toMatch(/^text\/javascript/);
    expect(cardForm.text).toContain('pm_card_visa');
    // Only by the name every processor's form has.
    await t.http().get('/book/assets/test-card-form.js').expect(404);
    await t.http().get('/book/assets/pay.html').expect(404);
  });
});
