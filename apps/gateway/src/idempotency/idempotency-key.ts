import { createHash } from 'node:crypto';
import { ValidationFailed } from '@platform/domain-kit';
import { DIFFERENT_REQUEST_FOR_KEY } from '@platform/event-store';

/** Where a key's values live: keys of different headers never meet, even when their values are equal. */
export type KeyNamespace = 'api' | 'refund';

/** The key a POST carries, from the header it came in. */
export interface IdempotencyKey {
  /** The header, as refusals name it. */
  header: string;
  namespace: KeyNamespace;
  value: string;
}

interface KeyHeader {
  header: string;
  namespace: KeyNamespace;
  /** Only these paths read the header; elsewhere it is ignored. */
  appliesTo: (path: string) => boolean;
  valid: RegExp;
  invalid: string;
}

/** Razorpay's refund key: on `POST /v1/payments/:id/refund` only. */
const REFUND_PATH = /^\/v1\/payments\/[^/]+\/refund\/?$/;

/** In this order: a refund carrying both headers is keyed by X-Refund-Idempotency, Razorpay's own. */
const KEY_HEADERS: readonly KeyHeader[] = [
  {
    header: 'X-Refund-Idempotency',
    namespace: 'refund',
    appliesTo: (path) => REFUND_PATH.test(path),
    valid: /^[A-Za-z0-9_-]{10,255}$/,
    invalid:
      'The X-Refund-Idempotency header must be 10 to 255 characters from A-Z, a-z, 0-9, underscore and hyphen.',
  },
  {
    header: 'Idempotency-Key',
    namespace: 'api',
    appliesTo: () => true,
    valid: /^[\x20-\x7e]{1,255}$/,
    invalid: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  },
];

/** Razorpay's wording for X-Refund-Idempotency, used for both headers. */
export const KeyMessages = {
  differentRequest: DIFFERENT_REQUEST_FOR_KEY,
  inProgress:
    'Another request with the same idempotency key is still in progress. Retry after it has been answered.',
} as const;

/**
 * The idempotency key of a POST (GETs and the rest ignore the headers), or null when it has none.
 * A malformed key is refused (400 naming the header) before anything is forwarded.
 */
export function idempotencyKeyOf(
  method: string,
  path: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): IdempotencyKey | null {
  if (method !== 'POST') return null;
  for (const rule of KEY_HEADERS) {
    const value = headers[rule.header.toLowerCase()];
    if (value === undefined || !rule.appliesTo(path)) continue;
    if (typeof value !== 'string' || !rule.valid.test(value))
      throw new ValidationFailed(rule.invalid, rule.header);
    return { header: rule.header, namespace: rule.namespace, value };
  }
  return null;
}

/** What "the same request" means for a key: method, path (with its query) and body bytes. */
export function requestHash(method: string, url: string, body: Buffer | undefined): Buffer {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(body ?? Buffer.alloc(0))
    .digest();
}

/**
 * Is this answer final, to be replayed to every retry? An answer that says "retry" (5xx, 429) is
 * not: its key is freed so that the retry really runs.
 */
export function isFinalAnswer(status: number): boolean {
  return status < 500 && status !== 429;
}
