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

  it('tells public unicast from every special range', () => {
    expect(['8.8.8.8', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true]);
    expect(['0.0.0.0', '100.64.0.1', '172.16.0.1', '192.168.0.1', '224.0.0.1', 'fe80::1', 'fc00::1', 'fd00:ec2::254'].map(isPublicAddress)).toEqual(
      Array(8).fill(false),
    );
  });
});
