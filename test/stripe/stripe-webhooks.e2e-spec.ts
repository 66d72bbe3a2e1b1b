// The Stripe webhooks suite again, its apps' card processor Stripe's SDK against the local fake Stripe.
import '../support/on-stripe.js';
import '../stripe-webhooks.e2e-spec.js';
