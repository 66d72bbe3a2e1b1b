// Imported first: the app runs on Stripe's SDK against the local fake Stripe (test/support/fake-stripe.ts).
import './support/on-stripe.js';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, FrameLocator, Page, Request } from 'playwright-core';
import Stripe from 'stripe';
import type { FakeStripe } from './support/fake-stripe.js';
import { launchChromium, loopbackContext } from './support/chromium.js';
import { type FakeCard, type FakeStripeCalls, fakeStripeCalls, serveFakeStripeJs } from './support/fake-stripe-js.js';
import { named } from './support/fixtures.js';
import {
  focusedId,
  heading,
  openPage as openPageOf,
  PayPageClinic,
  scrollWidth,
  seriousViolations,
} from './support/pay-page.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The pay page with Stripe taking the card (PAYMENT_PROCESSOR=stripe), in a real browser against the
// real app: the browser gets the fake Stripe.js of test/support/fake-stripe-js (the network here
// refuses Stripe), and the app's Stripe SDK calls the local fake Stripe. The fake Stripe.js's
// confirmation tokens are those the fake Stripe knows: `ctoken_<x>` is Stripe's test card `pm_<x>`.

const OUTPUT = '/tmp/payment-link-page-stripe/';
const PUBLISHABLE_KEY = `pk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;

/** Stripe's test cards as typed in the Payment Element, and the ConfirmationToken the fake Stripe.js makes of each. */
const CARDS = {
  visa: { number: '4242424242424242', brand: 'visa', confirmationTokenId: 'ctoken_card_visa' },
  declined: { number: '4000000000000002', brand: 'visa', confirmationTokenId: 'ctoken_card_chargeDeclined' },
  threeDSecure: {
    number: '4000002760003184',
    brand: 'visa',
    confirmationTokenId: 'ctoken_card_authenticationRequired',
  },
} satisfies Record<string, FakeCard>;

let t: TestApp;
let stripe: FakeStripe;
let browser: Browser;
let origin: string;
let clinic: PayPageClinic;

beforeAll(async () => {
  browser = await launchChromium('The Stripe pay page tests');
  mkdirSync(OUTPUT, { recursive: true });
  t = await createTestApp({ STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  stripe = t.stripe!;
  await t.app.listen(0, '127.0.0.1');
  origin = await t.app.getUrl();
  clinic = await PayPageClinic.create(t, origin);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page that reaches only the app under test and the fake Stripe.js in Stripe's place. */
async function openPage(viewport: { width: number; height: number }) {
  const opened = await openPageOf(browser, origin, viewport);
  await serveFakeStripeJs(opened.page, Object.values(CARDS));
  return opened;
}

/** The PaymentIntents the app asked Stripe for since `from` of them, as their parameters. */
const paymentIntentsFrom = (from: number) => stripe.callsTo('POST', '/v1/payment_intents').slice(from);
const paymentIntentCount = () => stripe.callsTo('POST', '/v1/payment_intents').length;

/**
 * What Stripe says of the link's PaymentIntent once the bank has answered: `payment_intent.succeeded`
 * or `payment_intent.payment_failed`, signed as Stripe signs its webhooks, to the app's Stripe route.
 */
async function stripeSays(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  clientSecret: string,
): Promise<void> {
  const id = clientSecret.split('_secret_')[0];
  const status = type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method';
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { id, object: 'payment_intent', status, amount: 9500, currency: 'aud' } },
  });
  await t
    .http()
    .post('/v1/stripe/webhooks')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload)
    .expect(200);
}

const cardFields = (page: Page): FrameLocator => page.frameLocator('iframe[title="Secure payment input frame"]');
const bankCheck = (page: Page): FrameLocator => page.frameLocator('iframe[title="3D Secure authentication"]');

/** Types the card into Stripe's fields, as a patient does, and presses Pay. */
async function payWith(page: Page, card: FakeCard): Promise<void> {
  // Filled in the frame itself, not typed: Chromium sends keys to the frame it knows has the focus,
  // and under load it may learn late that Stripe's cross-origin frame took it, when the first keys
  // go to the page (a run in CI waited for a number that never arrived).
  await cardFields(page)
    .getByLabel('Card number')
    .fill(card.number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await cardFields(page).getByLabel('Expiration date').fill('12 / 34');
  await cardFields(page).getByLabel('Security code').fill('123');
  // Stripe's frame tells Stripe.js of the card by message, which may come after the click a quick hand makes.
  await page.waitForFunction(
    (number) => (globalThis as unknown as { fakeStripe: FakeStripeCalls }).fakeStripe.typed === number,
    card.number,
  );
  const pay = page.getByRole('button', { name: 'Pay $95.00' });
  if (page.viewportSize()!.width >= 500) return pay.click();
  // On a phone, a tap, as a patient does there, once they scrolled to the button (a tap Chromium's
  // emulation makes while Playwright scrolls the page for it is now and then lost).
  await pay.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await pay.tap();
}

describe('the pay page with Stripe', () => {
  it("takes the card in Stripe's fields, pays the link with Stripe.js's confirmation token, and shows the receipt", async () => {
    const { token, bookingId } = await clinic.openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    await cardFields(page).getByLabel('Card number').waitFor();
    // No test cards on offer: Stripe takes real ones.
    await expect(page.getByRole('radio').count()).resolves.toBe(0);
    await expect(page.locator('.test-mode').count()).resolves.toBe(0);
    const calls = await fakeStripeCalls(page);
    expect(calls.publishableKeys).toEqual([PUBLISHABLE_KEY]);
    expect(calls.elementsOptions).toEqual([
      expect.objectContaining({ mode: 'payment', amount: 9500, currency: 'aud', paymentMethodTypes: ['card'] }),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}form-1280.png`, fullPage: true });

    // Pay with nothing typed: the form says what to fix, beside Stripe's fields, and nothing is charged.
    const before = paymentIntentCount();
    await page.getByRole('button', { name: 'Pay $95.00' }).click();
    await expect(page.locator('#card-error').textContent()).resolves.toBe('Your card number is incomplete.');
    expect(paymentIntentCount()).toBe(before);

    await payWith(page, CARDS.visa);
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
    await page.screenshot({ path: `${OUTPUT}paid-1280.png`, fullPage: true });
    // The one PaymentIntent, confirmed with the token Stripe.js made, for the link's amount, to the clinic's account.
    expect(paymentIntentsFrom(before).map((call) => call.params)).toEqual([
      expect.objectContaining({
        confirmation_token: CARDS.visa.confirmationTokenId,
        amount: '9500',
        currency: 'aud',
        confirm: 'true',
        transfer_data: { destination: clinic.merchantId },
      }),
    ]);
    expect(await clinic.linkOf(token)).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    expect(await clinic.bookingPaid(bookingId)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it('says plainly that a card was declined, keeps the link open, and takes another card', async () => {
    const { token, bookingId } = await clinic.openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');

    await payWith(page, CARDS.declined);
    await page.locator('#pay-error', { hasText: 'declined' }).waitFor();
    await expect(page.locator('#pay-error').textContent()).resolves.toBe(
      'Your card was declined, and no money was taken. Try another card, or ask your bank why.',
    );
    await expect(focusedId(page)).resolves.toBe('pay-error');
    await page.screenshot({ path: `${OUTPUT}declined-1280.png`, fullPage: true });
    expect(await clinic.linkOf(token)).toMatchObject({ status: 'open', paidAt: null, payment: null });
    expect(await seriousViolations(page)).toEqual([]);

    // Another card in the same fields: a new confirmation token, a new payment.
    await payWith(page, CARDS.visa);
    await heading(page, 'Paid');
    await expect(page.locator('#bill-details').innerText()).resolves.toContain('Visa ending 4242');
    expect((await fakeStripeCalls(page)).tokens).toEqual([
      CARDS.declined.confirmationTokenId,
      CARDS.visa.confirmationTokenId,
    ]);
    expect(await clinic.bookingPaid(bookingId)).toBe(true);
    // The 402 of the declined card is the one console error the browser reports.
    expect(failures).toEqual([expect.stringContaining('402')]);
    await context.close();
  }, 120_000);

  it("runs the bank's 3-D Secure check, shows the payment being confirmed, and shows it paid once Stripe says it succeeded", async () => {
    const { token, bookingId } = await clinic.openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    await payWith(page, CARDS.threeDSecure);

    // Stripe.js shows the bank's check over the page, with the payment's client secret.
    await bankCheck(page).getByRole('button', { name: 'Complete' }).waitFor();
    const waiting = await clinic.linkOf(token);
    expect(waiting).toMatchObject({
      status: 'open',
      payment: { status: 'requires_action', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) },
    });
    expect((await fakeStripeCalls(page)).nextActions).toEqual([waiting.payment.clientSecret]);
    await page.screenshot({ path: `${OUTPUT}bank-check-1280.png` });
    await bankCheck(page).getByRole('button', { name: 'Complete' }).click();

    await heading(page, 'Confirming your payment');
    await expect(focusedId(page)).resolves.toBe('heading');
    await expect(page.locator('#message').textContent()).resolves.toContain('please do not pay again');
    await expect(page.locator('#pay-form').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}confirming-1280.png`, fullPage: true });
    // It keeps asking for the link while the payment waits for Stripe's word.
    const linkAsked = (request: Request) =>
      request.method() === 'GET' && /\/v1\/payment-links\/[^/]+$/.test(new URL(request.url()).pathname);
    await page.waitForRequest(linkAsked);
    await page.waitForRequest(linkAsked);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Confirming your payment');
    expect(await clinic.bookingPaid(bookingId)).toBe(false);

    // Stripe's word, by its webhook: the page, still asking, shows the receipt.
    await stripeSays('payment_intent.succeeded', waiting.payment.clientSecret);
    await heading(page, 'Paid');
    await expect(focusedId(page)).resolves.toBe('heading');
    const receipt = await page.locator('#bill-details').innerText();
    for (const part of ['Amount paid', '$95.00', 'Paid on', 'Visa ending 3184']) expect(receipt).toContain(part);
    await page.screenshot({ path: `${OUTPUT}paid-after-bank-1280.png`, fullPage: true });
    expect(await clinic.linkOf(token)).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    expect(await clinic.bookingPaid(bookingId)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it("continues with the bank when the page is opened again while the bank's check waits", async () => {
    const { token } = await clinic.openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    const before = paymentIntentCount();
    await payWith(page, CARDS.threeDSecure);
    await bankCheck(page).getByRole('button', { name: 'Complete' }).waitFor();

    // The patient left before answering their bank, and comes back: paying again is not offered.
    await page.reload();
    await heading(page, 'Confirm your payment with your bank');
    await expect(page.locator('#message').textContent()).resolves.toContain('you will not be charged twice');
    await expect(page.locator('#card-form').isVisible()).resolves.toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}continue-with-bank-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Continue with my bank' }).click();
    await bankCheck(page).getByRole('button', { name: 'Complete' }).click();
    await heading(page, 'Confirming your payment');
    const { payment } = await clinic.linkOf(token);
    expect((await fakeStripeCalls(page)).nextActions).toEqual([payment.clientSecret]);
    // One PaymentIntent for the link, however often the patient came back.
    expect(paymentIntentCount() - before).toBe(1);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it('says so when the bank did not confirm it, and takes another card once Stripe says the payment failed', async () => {
    const { token, bookingId } = await clinic.openLink();
    const { context, page, failures } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await heading(page, 'Pay for your appointment');
    await payWith(page, CARDS.threeDSecure);
    await bankCheck(page).getByRole('button', { name: 'Fail' }).click();

    await heading(page, 'Confirming your payment');
    await expect(page.locator('#message').textContent()).resolves.toBe(
      'Your bank did not confirm the payment. Checking that no money was taken: then you can try again, or use another card.',
    );
    await expect(page.locator('#pay-form').isVisible()).resolves.toBe(false);
    await page.screenshot({ path: `${OUTPUT}bank-refused-1280.png`, fullPage: true });
    const waiting = await clinic.linkOf(token);
    expect(waiting).toMatchObject({ status: 'open', payment: { status: 'requires_action' } });

    // Stripe's word that it failed: the form again, saying no money was taken, and another card pays.
    await stripeSays('payment_intent.payment_failed', waiting.payment.clientSecret);
    await page.locator('#pay-error', { hasText: 'did not go through' }).waitFor();
    await expect(page.locator('#pay-error').textContent()).resolves.toBe(
      'The payment did not go through, and no money was taken. Try again, or use another card.',
    );
    await expect(focusedId(page)).resolves.toBe('pay-error');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pay for your appointment');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}bank-refused-then-form-1280.png`, fullPage: true });
    await payWith(page, CARDS.visa);
    await heading(page, 'Paid');
    await expect(page.locator('#bill-details').innerText()).resolves.toContain('Visa ending 4242');
    expect(await clinic.bookingPaid(bookingId)).toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it('fits a 375 px wide screen: the form, the receipt, the wait for the bank, and the receipt after it', async () => {
    const phone = { width: 375, height: 812 };
    const first = await clinic.openLink();
    const { context, page, failures } = await openPage(phone);
    await page.goto(`${origin}/pay/${first.token}`);
    await heading(page, 'Pay for your appointment');
    await cardFields(page).getByLabel('Card number').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}form-375.png`, fullPage: true });
    await payWith(page, CARDS.visa);
    await heading(page, 'Paid');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${OUTPUT}paid-375.png`, fullPage: true });

    const second = await clinic.openLink();
    await page.goto(`${origin}/pay/${second.token}`);
    await heading(page, 'Pay for your appointment');
    await payWith(page, CARDS.threeDSecure);
    await bankCheck(page).getByRole('button', { name: 'Complete' }).waitFor();
    await page.screenshot({ path: `${OUTPUT}bank-check-375.png` });
    await bankCheck(page).getByRole('button', { name: 'Complete' }).click();
    await heading(page, 'Confirming your payment');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}confirming-375.png`, fullPage: true });
    await stripeSays('payment_intent.succeeded', (await clinic.linkOf(second.token)).payment.clientSecret);
    await heading(page, 'Paid');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${OUTPUT}paid-after-bank-375.png`, fullPage: true });
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it('says cards cannot be taken, and offers no Pay, when Stripe.js cannot be had: refused, or never answering', async () => {
    const { token } = await clinic.openLink();
    const context = await loopbackContext(browser, origin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const stripeJs of ['refused', 'never answering']) {
      // Refused: the context lets the browser reach nothing but the app. Never answering: held until the page gives up.
      if (stripeJs === 'never answering') await page.route('https://js.stripe.com/v3/', () => undefined);
      await page.goto(`${origin}/pay/${token}`);
      await heading(page, 'Pay for your appointment');
      await expect(page.locator('#card-form').textContent()).resolves.toBe(
        'Card payments cannot be taken on this page at the moment. Please contact the clinic.',
      );
      await expect(page.getByRole('button', { name: 'Pay $95.00' }).isDisabled()).resolves.toBe(true);
    }
    await context.close();
  }, 90_000);

  it("serves Stripe's card form, and lets the page load Stripe's script, frames and API and nothing more", async () => {
    const response = await t.http().get('/pay/anything').expect(200);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' https://js.stripe.com; style-src 'self'; img-src 'self' https: data:; connect-src 'self' https://api.stripe.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; frame-src https://js.stripe.com https://hooks.stripe.com; require-trusted-types-for 'script'; trusted-types default",
    );
    const cardForm = await t.http().get('/book/assets/card-form.js').expect(200);
    expect(cardForm.text).toContain("'https://js.stripe.com/v3/'");
    expect(cardForm.text).not.toContain('pm_card_visa');

    // In the browser: Stripe.js loads; a script from anywhere else, or markup from a string, does not.
    const { token } = await clinic.openLink();
    const { context, page } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${origin}/pay/${token}`);
    await cardFields(page).getByLabel('Card number').waitFor();
    await expect(
      page.evaluate(
        "(() => { try { document.createElement('script').src = 'https://scripts.example.com/x.js'; return 'loaded'; } catch { return 'refused'; } })()",
      ),
    ).resolves.toBe('refused');
    await expect(
      page.evaluate(
        "(() => { try { document.body.insertAdjacentHTML('beforeend', '<b>x</b>'); return 'written'; } catch { return 'refused'; } })()",
      ),
    ).resolves.toBe('refused');
    await context.close();
  }, 60_000);
});
