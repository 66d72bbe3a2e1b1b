import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { AppConfig } from './app-config.js';

const SECRET_KEY = 'sk_live_51NoOneShouldSeeThis0123456789';
const WEBHOOK_SECRET = 'whsec_NoOneShouldSeeThisEither0123456789';
const PUBLISHABLE_KEY = 'pk_live_51EveryPatientMaySeeThis0123456789';
const STRIPE = {
  PAYMENT_PROCESSOR: 'stripe',
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
};

describe('AppConfig with PAYMENT_PROCESSOR=stripe', () => {
  it('takes the keys, and payouts follow the processor', () => {
    const config = new AppConfig(STRIPE);
    expect(config).toMatchObject({
      paymentProcessor: 'stripe',
      payoutBank: 'stripe',
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripePublishableKey: PUBLISHABLE_KEY,
    });
    expect(new AppConfig({}).payoutBank).toBe('test');
  });

  it("takes the signing secret of each webhook endpoint, the account's and the Connect one, separated by commas", () => {
    const both = `${WEBHOOK_SECRET},whsec_TheConnectEndpoints0123456789`;
    expect(new AppConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: both }).stripeWebhookSecret).toBe(both);
    expect(() => new AppConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: `${WEBHOOK_SECRET},` })).toThrow(
      /^STRIPE_WEBHOOK_SECRET must look like whsec_…/,
    );
  });

  it.each([
    [
      { PAYMENT_PROCESSOR: 'stripe', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      /^STRIPE_SECRET_KEY is required with PAYMENT_PROCESSOR=stripe: /,
    ],
    [
      { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY },
      /^STRIPE_WEBHOOK_SECRET is required with PAYMENT_PROCESSOR=stripe: /,
    ],
    [{ ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_123' }, /^STRIPE_SECRET_KEY must look like sk_live_… or sk_test_…/],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' }, /^STRIPE_WEBHOOK_SECRET must look like whsec_…/],
    [{ ...STRIPE, STRIPE_PUBLISHABLE_KEY: '' }, /^STRIPE_PUBLISHABLE_KEY is required with PAYMENT_PROCESSOR=stripe: /],
    // It goes to every patient's browser: the secret key set in its place by mistake stops the start.
    [
      { ...STRIPE, STRIPE_PUBLISHABLE_KEY: SECRET_KEY },
      /^STRIPE_PUBLISHABLE_KEY must be Stripe's publishable key \(pk_live_… or pk_test_…\)/,
    ],
    [{ STRIPE_PUBLISHABLE_KEY: 'rk_live_51Restricted' }, /^STRIPE_PUBLISHABLE_KEY must be Stripe's publishable key/],
    [{ ...STRIPE, PAYOUT_BANK: 'test' }, /^PAYOUT_BANK must be stripe with PAYMENT_PROCESSOR=stripe/],
    [{ PAYOUT_BANK: 'stripe' }, /^PAYOUT_BANK must be test with PAYMENT_PROCESSOR=test/],
    [{ PAYMENT_PROCESSOR: 'tyro' }, /^PAYMENT_PROCESSOR must be one of test, stripe; got "tyro"$/],
  ])('refuses %j with one line saying what to set', (env, message) => {
    expect(() => new AppConfig(env)).toThrow(message);
  });

  it('never repeats a secret in its messages', () => {
    for (const env of [
      { ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_has spaces' },
      { ...STRIPE, STRIPE_WEBHOOK_SECRET: 'whsec_!!' },
      { ...STRIPE, STRIPE_PUBLISHABLE_KEY: SECRET_KEY },
    ]) {
      let message = '';
      try {
        new AppConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain('has spaces');
      expect(message).not.toContain('whsec_!!');
      expect(message).not.toContain(SECRET_KEY);
    }
  });

  it('shows no secret when printed or logged: JSON and inspect say only that it is set', () => {
    const config = new AppConfig({
      ...STRIPE,
      DATABASE_URL: 'postgresql://app:db-password-42@db/clinic',
      WALLET_ENCRYPTION_KEY: '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
      SMTP_URL: 'smtp://mail:smtp-password-42@mail.example.com:587',
      EMAIL_FROM: 'bookings@example.com',
    });
    for (const printed of [JSON.stringify(config), inspect(config, { depth: 5 }), `${JSON.stringify({ config })}`]) {
      for (const secret of [SECRET_KEY, WEBHOOK_SECRET, 'db-password-42', 'smtp-password-42', '6d3c0f1e9a2b'])
        expect(printed).not.toContain(secret);
      expect(printed).toContain('[redacted]');
      expect(printed).toMatch(/paymentProcessor\W+stripe/);
    }
  });
});
