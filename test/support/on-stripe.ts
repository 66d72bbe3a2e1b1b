// Imported first by a test file to run its apps on Stripe's SDK and the local fake Stripe.
import { runOnStripe } from './payment-processor.js';

runOnStripe();
