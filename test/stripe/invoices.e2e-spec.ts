// The invoices suite again, its apps' card processor Stripe's SDK against the local fake Stripe.
import '../support/on-stripe.js';
import '../invoices.e2e-spec.js';
