// The payments suite again, its apps' card processor Stripe's SDK against the local fake Stripe.
import '../support/on-stripe.js';
import '../payments.e2e-spec.js';
