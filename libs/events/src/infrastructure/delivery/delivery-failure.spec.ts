import { describe, expect, it } from '@jest/globals';
import { ConnectTimeoutError, failureOf } from './delivery-failure.js';

/** An error as node's http client emits it: a message that may name hosts and certificates, and a code. */
const nodeError = (message: string, code?: string) =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe('the class of a failed delivery attempt', () => {
  it.each([
    ['timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
    ['timeout', new DOMException('This operation was aborted', 'AbortError')],
    ['timeout', new ConnectTimeoutError('no connection to 10.9.8.7:443 within 3 s')],
    ['timeout', nodeError('connect ETIMEDOUT 10.9.8.7:443', 'ETIMEDOUT')],
    ['dns_error', nodeError('getaddrinfo ENOTFOUND hooks.internal.corp', 'ENOTFOUND')],
    ['dns_error', nodeError('getaddrinfo EAI_AGAIN hooks.example.com', 'EAI_AGAIN')],
    [
      'address_refused',
      nodeError('hooks.example.com resolved to ::7f00:1, which is not a public address', 'EADDRREFUSED'),
    ],
    [
      'address_refused',
      nodeError('DNS lookup 0.0.0.0(family:undefined, host:undefined) is not allowed. Because, It is meta IP address.'),
    ],
    ['connection_refused', nodeError('connect ECONNREFUSED 10.0.4.17:8443', 'ECONNREFUSED')],
    ['connection_reset', nodeError('socket hang up', 'ECONNRESET')],
    ['connection_reset', nodeError('write EPIPE', 'EPIPE')],
    [
      'connection_reset',
      nodeError('Client network socket disconnected before secure TLS connection was established', 'ECONNRESET'),
    ],
    ['connection_failed', nodeError('connect EHOSTUNREACH 10.0.4.17:443', 'EHOSTUNREACH')],
    ['connection_failed', nodeError('connect ENETUNREACH 2001:db8::1:443', 'ENETUNREACH')],
    ['connection_failed', new Error('anything else')],
    [
      'tls_error',
      nodeError(
        "Hostname/IP does not match certificate's altnames: Host: hooks.example.com. is not in the cert's altnames: DNS:vault.corp.internal, DNS:db-primary.corp.internal",
        'ERR_TLS_CERT_ALTNAME_INVALID',
      ),
    ],
    ['tls_error', nodeError('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')],
    ['tls_error', nodeError('self-signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN')],
    ['tls_error', nodeError('unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')],
    ['tls_error', nodeError('certificate has expired', 'CERT_HAS_EXPIRED')],
    [
      'tls_error',
      nodeError('write EPROTO 40DDE4D2377F0000:error:0A00010B:SSL routines::wrong version number', 'EPROTO'),
    ],
  ])('is %s for %s', (failure, error) => {
    expect(failureOf(error)).toBe(failure);
  });
});
