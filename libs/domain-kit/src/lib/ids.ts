import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes at or above this are rejected so every character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 248;
export const ID_SUFFIX_LENGTH = 14;

/**
 * CSPRNG bytes are drawn 4 KiB at a time and handed out in order, never twice: one call into
 * OpenSSL per ~140 ids instead of one per id (a small randomBytes call costs more than the id).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let next = 0;

function randomByte(): number {
  if (next === pool.length) {
    pool = randomBytes(POOL_BYTES);
    next = 0;
  }
  return pool[next++];
}

/** `<prefix>_<14 base62 characters>` from a CSPRNG, as DESIGN.md's id convention says. */
export function newId(prefix: string): string {
  let suffix = '';
  while (suffix.length < ID_SUFFIX_LENGTH) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) suffix += ALPHABET[byte % 62];
  }
  return `${prefix}_${suffix}`;
}

/**
 * The same id for the same `key`, every time (for work that may run twice and must make one thing:
 * a subscription cycle's charge attempt). The suffix is drawn from SHA-256 of the key, unbiased as newId.
 */
export function idFor(prefix: string, key: string): string {
  let suffix = '';
  for (let round = 0; suffix.length < ID_SUFFIX_LENGTH; round++) {
    for (const byte of createHash('sha256').update(`${round}:${key}`).digest()) {
      if (byte < UNBIASED_LIMIT) suffix += ALPHABET[byte % 62];
      if (suffix.length === ID_SUFFIX_LENGTH) break;
    }
  }
  return `${prefix}_${suffix}`;
}

/** Does `id` have the shape of an id with this prefix? (It may still not exist.) */
export function isIdOf(prefix: string, id: string): boolean {
  return (
    id.length === prefix.length + 1 + ID_SUFFIX_LENGTH &&
    id.startsWith(`${prefix}_`) &&
    /^[0-9A-Za-z]+$/.test(id.slice(prefix.length + 1))
  );
}
