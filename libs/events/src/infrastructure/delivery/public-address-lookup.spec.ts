import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { publicAddressLookup } from './public-address-lookup.js';

/** A resolver from a fixed table, answering as `dns.lookup` does with and without `all`: no DNS is asked. */
const answering =
  (table: Record<string, string[]>): LookupFunction =>
  (hostname, options, callback) => {
    const entries: LookupAddress[] = (table[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  };

const lookup = publicAddressLookup(
  answering({
    'public.example.com': ['93.184.215.14', '2606:4700:4700::1111'],
    'compatible.example.com': ['93.184.215.14', '::7f00:1'],
    'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
    'mapped.example.com': ['::ffff:10.0.0.1'],
  }),
);

function resolved(hostname: string, all: boolean): Promise<{ error: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((resolve) => lookup(hostname, { all }, (error, address) => resolve({ error, address })));
}

describe('the connect-time lookup of a delivery', () => {
  it('answers what the resolver answered when every address is public', async () => {
    expect(await resolved('public.example.com', true)).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
    });
    expect(await resolved('public.example.com', false)).toEqual({ error: null, address: '93.184.215.14' });
  });

  it.each(['compatible.example.com', 'nat64.example.com', 'mapped.example.com'])(
    'refuses %s, which resolves to an IPv6 form of a refused IPv4 range',
    async (hostname) => {
      const { error } = await resolved(hostname, true);
      expect(error).toMatchObject({
        name: 'AddressRefusedError',
        message: expect.stringContaining('not a public address'),
      });
    },
  );
});
