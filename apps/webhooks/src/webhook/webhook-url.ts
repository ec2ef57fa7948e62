import { BlockList, isIP } from 'node:net';
import type { Mode } from '@platform/domain-kit';
import { ipv6Bytes } from '@platform/http';

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
 * and their IPv6 counterparts. An IPv6 address that carries an IPv4 address (see embeddedIpv4s) is
 * judged by the IPv4 address it leads to.
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
  // NAT64 for local use (RFC 8215): its translation is the operator's own, not decodable.
  ['64:ff9b:1::', 48],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** Is this address one a webhook may be delivered to? */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !FORBIDDEN.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes || FORBIDDEN.check(address, 'ipv6')) return false;
  return embeddedIpv4s(bytes).every((ipv4) => !FORBIDDEN.check(ipv4, 'ipv4'));
}

/**
 * The IPv4 addresses an IPv6 address leads to, where it embeds them: IPv4-mapped `::ffff:a.b.c.d`
 * and IPv4-compatible `::a.b.c.d` (the last 32 bits), NAT64 `64:ff9b::/96` (RFC 6052, the last 32
 * bits), 6to4 `2002::/16` (RFC 3056, bits 16 to 47) and Teredo `2001::/32` (RFC 4380: the server at
 * bits 32 to 63, the client in the last 32 bits inverted). None for any other address.
 */
export function embeddedIpv4s(bytes: Uint8Array): string[] {
  const ipv4 = (at: number, invert = false) =>
    [...bytes.subarray(at, at + 4)].map((byte) => (invert ? byte ^ 0xff : byte)).join('.');
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  const word = (at: number) => (bytes[at] << 8) | bytes[at + 1];
  if (zeros(0, 10) && word(10) === 0xffff) return [ipv4(12)];
  if (zeros(0, 12)) return [ipv4(12)];
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(4, 12)) return [ipv4(12)];
  if (word(0) === 0x2002) return [ipv4(2)];
  if (word(0) === 0x2001 && word(2) === 0) return [ipv4(4), ipv4(12, true)];
  return [];
}
