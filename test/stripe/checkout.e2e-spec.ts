// The checkout suite again, its apps' card processor Stripe's SDK against the local fake Stripe.
import '../support/on-stripe.js';
import '../checkout.e2e-spec.js';
