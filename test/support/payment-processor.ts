import { randomBytes } from 'node:crypto';
import { PayoutBank } from '@app/payments-and-claims';
import { PaymentProcessor, type TestPaymentProcessor } from '@app/wallet';
import { FakeStripe } from './fake-stripe.js';
import { sql } from './fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * Which card processor the e2e suites run on: the built-in test processor, or Stripe's SDK against
 * the local fake (`test/stripe/*.e2e-spec.ts` switch to it with `./on-stripe.js` before importing a
 * suite, so the same money tests run on both). What a test asks of the processor goes through the
 * helpers below, which read the test processor's records or the fake's.
 */
let processor: 'test' | 'stripe' = 'test';

export const suiteProcessor = (): 'test' | 'stripe' => processor;

export function runOnStripe(): void {
  processor = 'stripe';
}

const jobsSchema = `pgboss_stripe_${randomBytes(5).toString('hex')}`;

/** One fake per test file, shared by its apps, closed with the last of them. */
let shared: { fake: Promise<FakeStripe>; users: number } | undefined;

/** The environment that puts an app on the fake Stripe, and how to let the fake go once the app closed. */
export async function stripeEnvironment(): Promise<{
  env: Record<string, string>;
  fake: FakeStripe;
  release: () => Promise<void>;
}> {
  shared ??= { fake: FakeStripe.start(), users: 0 };
  shared.users++;
  const fake = await shared.fake;
  const env = {
    // Its own job schema, so the payout transfers of this file's payouts are Stripe's, not another file's test bank's.
    JOBS_SCHEMA: jobsSchema,
    PAYMENT_PROCESSOR: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: 'whsec_fakeStripeWebhookSecret0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fakeStripePublishableKey0123456789',
    STRIPE_API_BASE: fake.url,
  };
  const release = async () => {
    if (shared && --shared.users === 0) {
      shared = undefined;
      await fake.close();
    }
  };
  return { env, fake, release };
}

/** The charges made with `description`, oldest first, and how much of each was refunded, as the processor keeps them. */
export function chargesDescribed(
  t: TestApp,
  description: string,
): { paymentId: string; amount: number; refunded: number }[] {
  if (t.stripe)
    return t.stripe
      .chargesDescribed(description)
      .map(({ paymentId, amount, refunded }) => ({ paymentId, amount, refunded }));
  return t.app.get<TestPaymentProcessor>(PaymentProcessor).chargesDescribed(description);
}

/** Transfers to the business from now on bounce at the bank (with Stripe: payouts on its connected account fail). */
export async function failTransfersTo(t: TestApp, businessId: string): Promise<void> {
  if (!t.stripe)
    return t.app
      .get<PayoutBank & { failTransfersTo(businessId: string): void }>(PayoutBank)
      .failTransfersTo(businessId);
  const [business] = await sql<{ merchant_id: string }>(t, 'select merchant_id from businesses where id = ?', [
    businessId,
  ]);
  t.stripe.failPayoutsTo(business.merchant_id);
}

/** A customer that exists at the processor before the API hears of it (a `customerId` a request names). */
export function processorCustomer(t: TestApp, customerId: string): string {
  t.stripe?.addCustomer(customerId);
  return customerId;
}

/** What the processor says of the charge now: `succeeded`, `requires_action`, `canceled`… */
export function chargeStatusOf(t: TestApp, paymentId: string): string | undefined {
  if (t.stripe) return t.stripe.intents.get(paymentId)?.status as string | undefined;
  return t.app.get<TestPaymentProcessor>(PaymentProcessor).chargeOf(paymentId)?.status;
}
