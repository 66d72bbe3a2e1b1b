import { lookup as systemLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../../domain/webhook-url.js';

/** A name that resolved, at connect time, to an address the URL rules refuse. */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'EADDRREFUSED';

  constructor(hostname: string, address: string) {
    super(`${hostname} resolved to ${address}, which is not a public address`);
  }
}

/**
 * `lookup` for the connection itself, refusing what `isPublicAddress` refuses. The filtering agent
 * checks its own, shorter list after it (it takes an IPv4-compatible `::7f00:1` for public unicast),
 * and a name checked once before sending can answer differently when the socket connects.
 */
export function publicAddressLookup(lookup: LookupFunction = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      const refused = addresses.find((candidate) => !isPublicAddress(candidate));
      if (refused === undefined) return callback(null, address, family);
      callback(new AddressRefusedError(hostname, refused), address, family);
    });
  };
}
