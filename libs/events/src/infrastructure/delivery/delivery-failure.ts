import type { DeliveryFailure } from '../../domain/webhook-sender.js';

/** An attempt whose socket did not connect within the connect timeout. */
export class ConnectTimeoutError extends Error {
  override name = 'ConnectTimeoutError';
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** Node's TLS codes, OpenSSL's certificate verification codes, and a handshake that spoke no TLS. */
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|CRL|UNABLE_TO_|^INVALID_(CA|PURPOSE)$|^PATH_LENGTH_EXCEEDED$|^HOSTNAME_MISMATCH$/;
/** request-filtering-agent's refusal has no code; its message starts so. */
const FILTERING_AGENT_REFUSAL = /^DNS lookup .* is not allowed\./;

/** The class of an error that ended an attempt before any answer came. */
export function failureOf(error: Error & { code?: unknown }): Exclude<DeliveryFailure, 'http_status'> {
  const code = typeof error.code === 'string' ? error.code : '';
  if (
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    error instanceof ConnectTimeoutError ||
    code === 'ETIMEDOUT'
  )
    return 'timeout';
  if (code === 'EADDRREFUSED' || FILTERING_AGENT_REFUSAL.test(error.message)) return 'address_refused';
  if (DNS_CODES.has(code)) return 'dns_error';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (RESET_CODES.has(code)) return 'connection_reset';
  if (TLS_CODE.test(code)) return 'tls_error';
  return 'connection_failed';
}
