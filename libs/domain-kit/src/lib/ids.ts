import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes at or above this are rejected so every character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 248;
export const ID_SUFFIX_LENGTH = 14;

/** `<prefix>_<14 base62 characters>` from a CSPRNG, as DESIGN.md's id convention says. */
export function newId(prefix: string): string {
  let suffix = '';
  while (suffix.length < ID_SUFFIX_LENGTH) {
    for (const byte of randomBytes(ID_SUFFIX_LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT) suffix += ALPHABET[byte % 62];
      if (suffix.length === ID_SUFFIX_LENGTH) break;
    }
  }
  return `${prefix}_${suffix}`;
}

/** Does `id` have the shape of an id with this prefix? (It may still not exist.) */
export function isIdOf(prefix: string, id: string): boolean {
  return id.length === prefix.length + 1 + ID_SUFFIX_LENGTH && id.startsWith(`${prefix}_`) && /^[0-9A-Za-z]+$/.test(id.slice(prefix.length + 1));
}
