import Stripe from 'stripe';
import type { AppConfig } from '@app/shared';
import { DomainError } from '@app/shared/domain';
import { paymentProcessorUnavailable } from '../../domain/wallet.errors.js';

/**
 * How long one call to Stripe may take, and how often the SDK tries it again (with the same
 * idempotency key, on a lost connection, a timeout, a 409 or a 5xx): a check-out holds its booking's
 * lock while it waits, so the worst case (two tries and the pause between) stays well inside a request.
 */
export const STRIPE_TIMEOUT_MS = 8_000;
export const STRIPE_NETWORK_RETRIES = 1;

export interface StripeClientOptions {
  timeoutMs?: number;
  networkRetries?: number;
}

/**
 * The Stripe API version every call asks for, said outright rather than left to the SDK's default:
 * the webhook endpoints are made with the same version (docs/api-conventions.md), so what Stripe
 * sends and what it answers have one shape. The SDK's own version; a new SDK fails its unit test
 * until this is moved with it, on purpose.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The official SDK on the platform account's secret key, on `STRIPE_API_VERSION`.
 * `STRIPE_API_BASE` (tests only) points it at a local fake instead of api.stripe.com.
 */
export function stripeClient(secretKey: string, apiBase: URL | undefined, options: StripeClientOptions = {}): Stripe {
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.networkRetries ?? STRIPE_NETWORK_RETRIES,
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'healthcare-business-api' },
    ...(apiBase && {
      host: apiBase.hostname,
      port: apiBase.port || (apiBase.protocol === 'http:' ? 80 : 443),
      protocol: apiBase.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

export function stripeClientFor(config: AppConfig): Stripe {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required with PAYMENT_PROCESSOR=stripe');
  return stripeClient(config.stripeSecretKey, config.stripeApiBase);
}

/**
 * Stripe could not be reached, timed out, or answered 429 or 5xx after the SDK's own retries: the
 * outcome of the call is not known to have happened, and the request may be tried again later.
 */
export function isStripeUnavailable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeAPIError && (error.statusCode === undefined || error.statusCode >= 500))
  );
}

/**
 * A failure of a Stripe call as the domain says it: 503 `payment_processor_unavailable` when Stripe
 * was not there, else as it was. Stripe's 429 and 5xx answers come before the call is done (or are
 * replayed for its key, never done twice); a lost connection or a timeout may come after.
 */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof DomainError || !isStripeUnavailable(error)) return error;
  return paymentProcessorUnavailable(error instanceof Stripe.errors.StripeConnectionError);
}

/** Whether Stripe answered this call by replaying the saved answer of an earlier one with the same idempotency key. */
export function replayed(
  answer: { lastResponse?: { headers?: Record<string, string> } } | { headers?: Record<string, string> },
): boolean {
  const headers =
    'lastResponse' in answer ? answer.lastResponse?.headers : (answer as { headers?: Record<string, string> }).headers;
  return headers?.['idempotent-replayed'] === 'true';
}
