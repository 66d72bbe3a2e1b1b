// The payouts-run suite again, its apps' card processor Stripe's SDK against the local fake Stripe.
import '../support/on-stripe.js';
import '../payouts-run.e2e-spec.js';
