import { describe, expect, it } from '@jest/globals';
import { isPublicAddress, refusalOf, type Resolve } from './webhook-url.js';

/** A resolver from a fixed table: these tests never reach DNS or the network. */
const resolver =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    if (!(hostname in table)) throw new Error('ENOTFOUND');
    return table[hostname];
  };

const resolve = resolver({
  'hooks.example.com': ['93.184.215.14'],
  'sneaky.example.com': ['93.184.215.14', '127.0.0.1'],
  'internal.example.com': ['10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['2606:4700:4700::1111'],
  'mapped.example.com': ['::ffff:192.168.1.10'],
});
const strict = { allowPrivate: false, resolve };

describe('webhook URL rules', () => {
  it('accepts an https URL whose host resolves only to public addresses', async () => {
    expect(await refusalOf('https://hooks.example.com/stripe-like', strict)).toBeNull();
    expect(await refusalOf('https://v6.example.com/', strict)).toBeNull();
  });

  it.each([
    ['http://hooks.example.com/', 'must be an https URL'],
    ['http://127.0.0.1/', 'must be an https URL'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'metadata'],
    ['https://10.0.0.1/', 'private'],
    ['https://[::1]/', 'loopback'],
    ['https://sneaky.example.com/', 'loopback'],
    ['https://internal.example.com/', 'private'],
    ['https://metadata.example.com/', 'metadata'],
    ['https://mapped.example.com/', 'private'],
    ['https://nowhere.example.com/', 'does not resolve'],
    ['https://user:pass@hooks.example.com/', 'credentials'],
    ['ftp://hooks.example.com/', 'must be an https URL'],
  ])('refuses %s', async (url, reason) => {
    expect(await refusalOf(url, strict)).toContain(reason);
  });

  it('allows http and private addresses only with the override', async () => {
    expect(await refusalOf('http://127.0.0.1:4000/hooks', { allowPrivate: true, resolve })).toBeNull();
    expect(await refusalOf('ftp://127.0.0.1/', { allowPrivate: true, resolve })).toContain('https');
  });

  // An IPv6 form that carries an IPv4 address is refused outright, except IPv4-mapped, judged by the address it maps.
  it.each([
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible loopback, as the URL parser writes it', '::7f00:1'],
    ['IPv4-compatible private', '::a00:1'],
    ['IPv4-compatible metadata', '::a9fe:a9fe'],
    ['IPv4-compatible public (a deprecated form no network routes)', '::808:808'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped metadata, in hex', '::ffff:a9fe:a9fe'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 of loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 of a private address', '64:ff9b::a00:1'],
    ['NAT64 of metadata', '64:ff9b::169.254.169.254'],
    ['NAT64 of a public address too (the connect-time agent refuses every translation prefix)', '64:ff9b::8.8.8.8'],
    ['local-use NAT64, whatever it carries', '64:ff9b:1::808:808'],
    ['local-use NAT64 of loopback', '64:ff9b:1:7f00:1::'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['6to4 of metadata', '2002:a9fe:a9fe::'],
    ['6to4 of a public address too', '2002:808:808::1'],
    ['Teredo with a loopback client', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['the rest of the reserved ::/8', '::1:0:0:1'],
    ['the unspecified address', '::'],
    ['loopback', '::1'],
  ])('refuses %s (%s)', (_form, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['global unicast', '2606:4700:4700::1111'],
  ])('accepts %s (%s)', (_form, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses an IPv4-compatible loopback URL, as written and as normalised', async () => {
    expect(await refusalOf('https://[::127.0.0.1]/', strict)).toContain('loopback');
    expect(await refusalOf('https://[::7f00:1]:8443/hooks', strict)).toContain('loopback');
    expect(await refusalOf('https://[64:ff9b::7f00:1]/', strict)).toContain('loopback');
  });

  it('tells public unicast from every special range', () => {
    expect(['8.8.8.8', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true]);
    expect(
      ['0.0.0.0', '100.64.0.1', '172.16.0.1', '192.168.0.1', '224.0.0.1', 'fe80::1', 'fc00::1', 'fd00:ec2::254'].map(
        isPublicAddress,
      ),
    ).toEqual(Array(8).fill(false));
  });
});
