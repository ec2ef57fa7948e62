/**
 * The 16 bytes of an IPv6 address in any of its text forms (`::` shortening, a trailing dotted IPv4
 * part, a `%zone`), or null when it is not one.
 */
export function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!words.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    const value = parseInt(w, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

/**
 * The network a client address stands for when counting what it does: an IPv4 address itself (an
 * IPv4-mapped IPv6 one as IPv4), an IPv6 address its /64 (`2001:db8:1:2::/64`), the smallest block
 * one subscriber is given, within which rotating addresses costs nothing.
 */
export function clientNetwork(address: string): string {
  const bytes = address.includes(':') ? ipv6Bytes(address) : null;
  if (!bytes) return address;
  const word = (i: number) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16);
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && word(5) === 'ffff';
  if (mapped) return [...bytes.subarray(12)].join('.');
  return `${[0, 1, 2, 3].map(word).join(':')}::/64`;
}
