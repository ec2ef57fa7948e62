import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';

const SECRET_LENGTH = 24;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `rzp_test_<14>` or `rzp_live_<14>`: the mode is visible in the key id, as integrators expect. */
export function newKeyId(mode: Mode): string {
  return newId(`rzp_${mode}`);
}

/** 24 base62 characters from a CSPRNG (about 143 bits): shown once; stored as its hash, and sealed (ApiKeyRegistry). */
export function newKeySecret(): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(32))
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
  }
  return secret;
}

/**
 * SHA-256 suits secrets this random (nothing to brute-force as with passwords), and is cheap
 * enough to run on every request (one-shot `hash`: no Hash object per request).
 */
export function hashSecret(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}

const DUMMY = hashSecret('no key has this secret');

/** Constant-time check; an unknown key is compared against a dummy so timing does not reveal key ids. */
export function secretMatches(presented: string, storedHash: Buffer | null): boolean {
  const ok = timingSafeEqual(hashSecret(presented), storedHash ?? DUMMY);
  return ok && storedHash !== null;
}
