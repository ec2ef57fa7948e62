import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { SaslAuthenticationFailed } from './sasl-mechanism';
import type { SaslExchange } from './sasl-mechanism';

/** Kafka's default (and the least RFC 7677 recommends). */
const ITERATIONS = 4096;

type Digest = 'sha256' | 'sha512';

/**
 * SCRAM-SHA-256/512 (RFC 5802), server side, as Kafka runs it: client-first, server-first,
 * client-final (with the proof), server-final (with the server's signature). Written here because
 * no maintained package implements the server side; the client side is kafkajs's own.
 */
export function scramExchange(digest: Digest, users: ReadonlyMap<string, string>): SaslExchange {
  let step: 'first' | 'final' | 'done' = 'first';
  let expected: { clientFirstBare: string; serverFirst: string; nonce: string; salted: Buffer };
  let principal: string | null = null;
  return {
    get done() {
      return step === 'done';
    },
    get principal() {
      return principal;
    },
    respond(message) {
      const text = message.toString('utf8');
      if (step === 'first') {
        const first = clientFirst(text);
        const password = users.get(first.user);
        if (password === undefined)
          throw new SaslAuthenticationFailed(`Authentication failed: unknown user ${first.user}`);
        const salt = randomBytes(16);
        const nonce = first.nonce + randomBytes(18).toString('base64');
        const serverFirst = `r=${nonce},s=${salt.toString('base64')},i=${ITERATIONS}`;
        const salted = pbkdf2Sync(password, salt, ITERATIONS, hashLength(digest), digest);
        expected = { clientFirstBare: first.bare, serverFirst, nonce, salted };
        principal = first.user;
        step = 'final';
        return Buffer.from(serverFirst);
      }
      if (step !== 'final') throw new SaslAuthenticationFailed('Authentication already complete');
      const signature = verifyClientFinal(digest, text, expected);
      step = 'done';
      return Buffer.from(`v=${signature.toString('base64')}`);
    },
  };
}

function clientFirst(text: string): { user: string; nonce: string; bare: string } {
  // gs2 header `n,,` (no channel binding, no authzid), then `n=<user>,r=<nonce>`.
  const match = /^n,[^,]*,(n=([^,]*),r=([^,]+).*)$/.exec(text);
  if (!match) throw new SaslAuthenticationFailed('Authentication failed: malformed client-first');
  return {
    bare: match[1],
    user: match[2].replace(/=2C/g, ',').replace(/=3D/g, '='),
    nonce: match[3],
  };
}

function verifyClientFinal(
  digest: Digest,
  text: string,
  expected: { clientFirstBare: string; serverFirst: string; nonce: string; salted: Buffer },
): Buffer {
  const match = /^(c=[^,]*,r=([^,]+)(?:,.*)?),p=([^,]+)$/.exec(text);
  if (!match || match[2] !== expected.nonce)
    throw new SaslAuthenticationFailed('Authentication failed: malformed client-final');
  const authMessage = `${expected.clientFirstBare},${expected.serverFirst},${match[1]}`;
  const clientKey = hmac(digest, expected.salted, 'Client Key');
  const storedKey = createHash(digest).update(clientKey).digest();
  const clientSignature = hmac(digest, storedKey, authMessage);
  const proof = Buffer.from(match[3], 'base64');
  if (proof.length !== clientKey.length)
    throw new SaslAuthenticationFailed('Authentication failed: invalid credentials');
  const recovered = Buffer.from(proof.map((byte, i) => byte ^ clientSignature[i]));
  if (!timingSafeEqual(createHash(digest).update(recovered).digest(), storedKey))
    throw new SaslAuthenticationFailed('Authentication failed: invalid credentials');
  return hmac(digest, hmac(digest, expected.salted, 'Server Key'), authMessage);
}

function hmac(digest: Digest, key: Buffer, text: string): Buffer {
  return createHmac(digest, key).update(text).digest();
}

function hashLength(digest: Digest): number {
  return digest === 'sha256' ? 32 : 64;
}
