import { timingSafeEqual } from 'node:crypto';
import { SaslAuthenticationFailed } from './sasl-mechanism';
import type { SaslExchange } from './sasl-mechanism';

/** SASL/PLAIN (RFC 4616): one message, `authzid NUL user NUL password`. */
export function plainExchange(users: ReadonlyMap<string, string>): SaslExchange {
  let principal: string | null = null;
  return {
    get done() {
      return principal !== null;
    },
    get principal() {
      return principal;
    },
    respond(message) {
      const [, user = '', password = ''] = message.toString('utf8').split('\0');
      const expected = users.get(user);
      if (expected === undefined || !sameText(password, expected))
        throw new SaslAuthenticationFailed(
          `Authentication failed: invalid credentials for ${user}`,
        );
      principal = user;
      return Buffer.alloc(0);
    },
  };
}

function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
