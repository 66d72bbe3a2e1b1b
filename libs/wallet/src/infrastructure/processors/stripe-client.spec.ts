import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { STRIPE_API_VERSION, stripeClient } from './stripe-client.js';

describe('the Stripe client', () => {
  it("asks for the API version it names, the SDK's own (moved with the SDK, and with the webhook endpoints)", () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    const client = stripeClient('sk_test_123', undefined) as unknown as { getApiField(name: string): unknown };
    expect(client.getApiField('version')).toBe(STRIPE_API_VERSION);
  });
});
