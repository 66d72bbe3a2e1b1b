import ipaddr from 'ipaddr.js';

/** The addresses a host name resolves to. Injected, so the rules are tested without a network. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The refusal of a URL whose host has no address: the host may be down rather than refused. */
export const UNRESOLVED_HOST = 'names a host that does not resolve';

/** Why a URL may not receive webhooks, or null when it may. */
export async function refusalOf(
  url: string,
  options: { allowPrivate: boolean; resolve: Resolve },
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:'))
    return 'must be an https URL';
  if (parsed.username || parsed.password) return 'must not hold credentials';
  if (options.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await options.resolve(host);
  } catch {
    return UNRESOLVED_HOST;
  }
  if (addresses.length === 0) return UNRESOLVED_HOST;
  return addresses.every(isPublicAddress)
    ? null
    : 'must not resolve to a loopback, private, link-local or metadata address';
}

/** IPv6 global unicast: every address a public receiver can have, as allocated today. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Only plain public unicast: no loopback, private, link-local (cloud metadata), CGNAT, multicast or
 * reserved range. An IPv6 address must be global unicast outside every special range, which refuses
 * the forms that carry an IPv4 address (IPv4-compatible, NAT64, 6to4, Teredo) whatever they carry;
 * an IPv4-mapped one is judged by the IPv4 address it maps.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST);
}
