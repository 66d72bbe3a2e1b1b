/** What a receiver answered to one POST, or why there was no answer. */
export interface SendOutcome {
  /** The HTTP status, or null when no answer came (refused address, timeout, connection error). */
  status: number | null;
  /** At most 1 kB of the answer's body. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** POSTs a signed event to a receiver, under the SSRF rules: no redirects, 10 s, public addresses only. */
export abstract class WebhookSender {
  abstract post(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome>;
}
