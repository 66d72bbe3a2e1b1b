import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// Stripe.js must be loaded from https://js.stripe.com, which the closed network here refuses: the
// browser tests serve the fake in test/support/fake-stripe-js/ in its place, with its two frames (the
// Payment Element's card fields on js.stripe.com, the 3-D Secure check on hooks.stripe.com).

const folder = new URL('./fake-stripe-js/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, folder), 'utf8');

/** A test card: what is typed in the Payment Element, and the ConfirmationToken the fake Stripe.js makes of it. */
export interface FakeCard {
  number: string;
  brand: string;
  confirmationTokenId: string;
}

/** What the fake Stripe.js was called with on a page, as it kept it. */
export interface FakeStripeCalls {
  publishableKeys: string[];
  elementsOptions: Array<Record<string, unknown>>;
  elementOptions: Array<Record<string, unknown>>;
  /** The card number as typed so far in the Payment Element's frame. */
  typed: string;
  tokens: string[];
  nextActions: string[];
}

/**
 * Serves the fake Stripe.js and its frames to `page` in place of Stripe's; `cards` are the numbers it
 * knows. Any other address on Stripe's origins is refused, as the page's context refuses every other.
 */
export async function serveFakeStripeJs(page: Page, cards: FakeCard[]): Promise<void> {
  const known = Object.fromEntries(cards.map(({ number, ...card }) => [number, card]));
  const script = `window.FAKE_STRIPE_CARDS = ${JSON.stringify(known)};\n${file('stripe.js')}`;
  const served: Record<string, { type: string; body: string }> = {
    'https://js.stripe.com/v3/': { type: 'text/javascript', body: script },
    'https://js.stripe.com/fake/payment-element.html': { type: 'text/html', body: file('payment-element.html') },
    'https://hooks.stripe.com/fake/three-d-secure.html': { type: 'text/html', body: file('three-d-secure.html') },
  };
  await page.route(/^https:\/\/(js|hooks|api)\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const answer = served[`${url.origin}${url.pathname}`];
    await (answer ? route.fulfill({ status: 200, contentType: answer.type, body: answer.body }) : route.abort());
  });
}

export const fakeStripeCalls = (page: Page): Promise<FakeStripeCalls> =>
  page.evaluate<FakeStripeCalls>('window.fakeStripe');
