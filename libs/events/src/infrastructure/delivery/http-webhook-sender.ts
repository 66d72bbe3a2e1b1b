import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Injectable } from '@nestjs/common';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AppConfig } from '@app/shared';
import { refusalOf, UNRESOLVED_HOST } from '../../domain/webhook-url.js';
import { type SendOutcome, WebhookSender } from '../../domain/webhook-sender.js';
import { resolveWithSystem } from '../../application/webhook-url-check.js';
import { failureOf } from './delivery-failure.js';
import { publicAddressLookup } from './public-address-lookup.js';

const TIMEOUT_MS = 10_000;
const KEPT_BODY_BYTES = 1024;

/**
 * POSTs with node's http client: it follows no redirect, so a 3xx is a failed attempt. The URL
 * rules are checked again before sending, and the lookup and the agents refuse private addresses at
 * connect time, after DNS, so a name that changes its answer (DNS rebinding) cannot slip through.
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
    const outcome = (partial: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...partial, durationMs: Math.round(performance.now() - started) });
    const refusal = await refusalOf(url, { allowPrivate: this.allowPrivate, resolve: resolveWithSystem });
    if (refusal) return outcome({ status: null, body: null, failure: refusal === UNRESOLVED_HOST ? 'dns_error' : 'address_refused', detail: `url ${refusal}` });
    const secure = url.startsWith('https:');
    return new Promise((resolve) => {
      const sent = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: secure ? this.httpsAgent : this.httpAgent,
          ...(!this.allowPrivate && { lookup: this.lookup }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
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
      sent.on('error', (error) => resolve(outcome({ status: null, body: null, failure: failureOf(error), detail: describe(error) })));
      sent.end(body);
    });
  }
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  return error.message.slice(0, 500);
}
