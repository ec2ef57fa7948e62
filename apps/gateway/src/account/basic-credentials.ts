export interface BasicCredentials {
  keyId: string;
  secret: string;
}

const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * `Authorization: Basic base64(key_id:key_secret)`. Anything else (another scheme, bad base64, no
 * colon, empty parts, whitespace around either part) is not a credential: null. With `emptySecret`,
 * `key_id:` is one too, its secret '' (Checkout's preferences are asked for that way).
 */
export function parseBasicCredentials(
  header: string | undefined,
  { emptySecret = false }: { emptySecret?: boolean } = {},
): BasicCredentials | null {
  if (typeof header !== 'string') return null;
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const keyId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const secretAllowed = PRINTABLE.test(secret) || (emptySecret && secret === '');
  return PRINTABLE.test(keyId) && secretAllowed ? { keyId, secret } : null;
}

export const SEVERAL_AUTHORIZATION_HEADERS =
  'The request carries more than one Authorization header; send exactly one.';

/**
 * Whether a request carries more than one `Authorization` header. Node keeps only the first of
 * several, while a proxy in front may have read another: such a request is refused, not guessed at.
 * Read from the raw headers, the only place the others remain.
 */
export function hasSeveralAuthorizationHeaders(rawHeaders: readonly string[]): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].toLowerCase() === 'authorization') seen++;
  return seen > 1;
}
