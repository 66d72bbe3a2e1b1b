/**
 * Why an attempt failed, as the organisation sees it: a class, never the words of the socket or the
 * TLS library, which can name hosts and certificates of the service's own network.
 */
export const DELIVERY_FAILURES = [
  'timeout',
  'dns_error',
  'address_refused',
  'connection_refused',
  'connection_reset',
  'connection_failed',
  'tls_error',
  'http_status',
] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/** What a receiver answered to one POST, or why there was no answer. */
export interface SendOutcome {
  /** The HTTP status, or null when no answer came (refused address, timeout, connection error). */
  status: number | null;
  /** At most 1 kB of the answer's body. */
  body: string | null;
  /** Why no answer came; null when one did, whatever its status. */
  failure: Exclude<DeliveryFailure, 'http_status'> | null;
  /** What went wrong, in the words of whatever failed: for the service's log, never for the organisation. */
  detail: string | null;
  durationMs: number;
}

/** POSTs a signed event to a receiver, under the SSRF rules: no redirects, 10 s, public addresses only. */
export abstract class WebhookSender {
  abstract post(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome>;
}
