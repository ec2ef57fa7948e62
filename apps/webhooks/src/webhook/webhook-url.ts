import { BlockList, isIP } from 'node:net';
import type { Mode } from '@platform/domain-kit';

export const MAX_URL_LENGTH = 255;

const NOT_A_URL = 'The url must be a valid http or https URL.';

/**
 * What a webhook's URL must be: an absolute http or https URL as the WHATWG URL standard parses it
 * (what the deliveries' HTTP client does), at most 255 characters as sent and as stored; no spaces,
 * line breaks or control characters, no backslashes (which parsers read differently), a host, no
 * port 0, no credentials; in live mode https on port 443 only (an integrator's production endpoint,
 * as Razorpay allows). Null when it is fine; the URL stored is then normalisedUrl's.
 */
export function urlProblem(value: string, mode: Mode): string | null {
  if (value.length > MAX_URL_LENGTH)
    return `The url may not be greater than ${MAX_URL_LENGTH} characters.`;
  // Absolute, with an authority: the parser would read `http:/x` and `http:///x` as `http://x/`.
  const authority = /^https?:\/\/([^/?#]*)/i.exec(value)?.[1];
  if (!authority) return NOT_A_URL;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u0020\u007f]/.test(value))
    return 'The url may not contain spaces, line breaks or control characters.';
  if (value.includes('\\')) return 'The url may not contain backslashes.';
  if (authority.includes('@')) return 'The url may not carry credentials.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return NOT_A_URL;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return NOT_A_URL;
  if (url.hostname === '') return NOT_A_URL;
  if (url.port === '0') return 'The url may not use port 0.';
  if (mode === 'live' && (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')))
    return 'A live mode webhook url must be https on port 443.';
  if (url.href.length > MAX_URL_LENGTH)
    return `The url may not be greater than ${MAX_URL_LENGTH} characters.`;
  return null;
}

/** The URL a webhook stores and delivers to, for one urlProblem took: WHATWG's serialisation (scheme and host lower case, default port and dot segments removed, unsafe characters percent-encoded). */
export function normalisedUrl(value: string): string {
  return new URL(value).href;
}

/**
 * Addresses a webhook may not reach (SSRF): this host and its network, private ranges, link-local
 * (cloud metadata at 169.254.169.254 included), carrier-grade NAT, multicast and reserved ranges,
 * and their IPv6 counterparts (IPv4-mapped ones checked as IPv4).
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** Is this address one a webhook may be delivered to? */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
