import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Injectable } from '@nestjs/common';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AppConfig } from '@app/shared';
import { refusalOf, UNRESOLVED_HOST } from '../../domain/webhook-url.js';
import { type SendOutcome, WebhookSender } from '../../domain/webhook-sender.js';
import { resolveWithSystem } from '../../application/webhook-url-check.js';
import { ConnectTimeoutError, failureOf } from './delivery-failure.js';
import { publicAddressLookup } from './public-address-lookup.js';

const TIMEOUT_MS = 10_000;
/** A receiver that is down or unreachable is known in seconds, not after the whole 10 s. */
const CONNECT_TIMEOUT_MS = 3_000;
const KEPT_BODY_BYTES = 1024;
const DEADLINE_PASSED = Symbol('deadline passed');

/**
 * POSTs with node's http client: it follows no redirect, so a 3xx is a failed attempt. The URL
 * rules are checked again before sending, and the lookup and the agents refuse private addresses at
 * connect time, after DNS, so a name that changes its answer (DNS rebinding) cannot slip through.
 * The whole attempt, from the first lookup, has 10 s; connecting (lookup, TCP and TLS) has 3 of them.
 */
@Injectable()
export class HttpWebhookSender extends WebhookSender {
  private readonly allowPrivate: boolean;
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;
  private readonly lookup = publicAddressLookup();

  constructor(config: AppConfig) {
    super();
    this.allowPrivate = config.webhookAllowPrivateUrls;
    const filtering = { allowPrivateIPAddress: this.allowPrivate, allowMetaIPAddress: false, keepAlive: true };
    this.httpAgent = new RequestFilteringHttpAgent(filtering);
    this.httpsAgent = new RequestFilteringHttpsAgent(filtering);
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const started = performance.now();
    const outcome = (partial: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
      ...partial,
      durationMs: Math.round(performance.now() - started),
    });
    const deadline = AbortSignal.timeout(TIMEOUT_MS);
    const passed = new Promise<typeof DEADLINE_PASSED>((resolve) =>
      deadline.addEventListener('abort', () => resolve(DEADLINE_PASSED), { once: true }),
    );
    const refusal = await Promise.race([
      refusalOf(url, { allowPrivate: this.allowPrivate, resolve: resolveWithSystem }),
      passed,
    ]);
    if (refusal === DEADLINE_PASSED)
      return outcome({
        status: null,
        body: null,
        failure: 'timeout',
        detail: `no address for the host within ${TIMEOUT_MS / 1000} s`,
      });
    if (refusal)
      return outcome({
        status: null,
        body: null,
        failure: refusal === UNRESOLVED_HOST ? 'dns_error' : 'address_refused',
        detail: `url ${refusal}`,
      });
    const secure = url.startsWith('https:');
    return new Promise((resolve) => {
      const sent = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: secure ? this.httpsAgent : this.httpAgent,
          ...(!this.allowPrivate && { lookup: this.lookup }),
          signal: deadline,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const finish = () => {
            const text = Buffer.concat(chunks).subarray(0, KEPT_BODY_BYTES).toString('utf8');
            resolve(outcome({ status: response.statusCode ?? null, body: text, failure: null, detail: null }));
          };
          response.on('data', (chunk: Buffer) => {
            if (kept >= KEPT_BODY_BYTES) return;
            chunks.push(chunk);
            kept += chunk.length;
            if (kept >= KEPT_BODY_BYTES) response.destroy();
          });
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        },
      );
      sent.once('socket', (socket) => {
        // A socket kept alive from an earlier delivery is connected already.
        if (!socket.connecting) return;
        const timer = setTimeout(
          () => sent.destroy(new ConnectTimeoutError(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`)),
          CONNECT_TIMEOUT_MS,
        );
        const connected = () => clearTimeout(timer);
        socket.once(secure ? 'secureConnect' : 'connect', connected);
        socket.once('close', connected);
      });
      sent.on('error', (error) =>
        resolve(outcome({ status: null, body: null, failure: failureOf(error), detail: describe(error) })),
      );
      sent.end(body);
    });
  }
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  if (error instanceof ConnectTimeoutError) return error.message;
  return error.message.slice(0, 500);
}
