/**
 * The load's HTTP client, as a careful integrator writes one: a 10 s timeout, an `Idempotency-Key`
 * on every POST, and a retry with the same key after a 503 (waiting its `Retry-After`), a 409 (the
 * first attempt still in flight) or an answer that left the outcome unknown. Every answer that is not
 * a success is written to the journal with what the client saw.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Journal } from './journal';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Attempts it took (1 when the first answered). */
  attempts: number;
}

export interface ApiClientOptions {
  baseUrl: string;
  authorization: string;
  journal: Journal;
  timeoutMs?: number;
  /** How long one call keeps retrying before it gives up (its last answer is returned). */
  retryForMs: number;
}

export interface CallOptions {
  /** Also retry (same key) while this says so: a refusal the caller knows to be passing. */
  retryWhile?: (answer: ApiAnswer) => boolean;
  key?: string;
}

export type ApiClient = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options?: CallOptions,
) => Promise<ApiAnswer | null>;

/** A 503's Retry-After is honoured, within reason: never sooner than 200 ms nor later than 5 s. */
const retryDelayMs = (retryAfter: string | null) =>
  Math.min(5_000, Math.max(200, (Number(retryAfter) || 1) * 1000));

/** A call that takes longer than this to get through, retries included, counts as slow: every part is down 10 s at most, and back within 10 s. */
export const SLOW_CALL_MS = 30_000;

export function apiClient({
  baseUrl,
  authorization,
  journal,
  timeoutMs = 10_000,
  retryForMs,
}: ApiClientOptions): ApiClient {
  return async (method, path, body, options = {}) => {
    const key = method === 'POST' ? (options.key ?? randomUUID()) : undefined;
    const calledAt = Date.now();
    const giveUpAt = calledAt + retryForMs;
    let last: ApiAnswer | null = null;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      const seen = await send(baseUrl, { method, path, body, authorization, key, timeoutMs });
      journal.record({
        method,
        path,
        attempt,
        key: key ?? null,
        latencyMs: Date.now() - started,
        ...seen,
      });
      if (seen.status !== null)
        last = { status: seen.status, body: seen.json ?? {}, attempts: attempt };
      const again =
        seen.status === null ||
        seen.status === 409 ||
        seen.status >= 500 ||
        (last !== null && options.retryWhile?.(last) === true);
      if (!again || Date.now() > giveUpAt) {
        journal.callEnded({ gaveUp: again, ms: Date.now() - calledAt });
        return seen.status === null ? null : last;
      }
      await sleep(seen.status === 503 ? retryDelayMs(seen.retryAfter) : 500);
    }
  };
}

export interface Seen {
  status: number | null;
  /** A network-level failure: `timeout`, `ECONNREFUSED`, `ECONNRESET`, … */
  error: string | null;
  text: string;
  json: Record<string, unknown> | null;
  retryAfter: string | null;
}

async function send(
  baseUrl: string,
  request: {
    method: string;
    path: string;
    body: unknown;
    authorization: string;
    key?: string;
    timeoutMs: number;
  },
): Promise<Seen> {
  const headers: Record<string, string> = { authorization: request.authorization };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.key) headers['idempotency-key'] = request.key;
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = await response.text();
    return {
      status: response.status,
      error: null,
      text,
      json: parseObject(text),
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: null, error: networkError(error), text: '', json: null, retryAfter: null };
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function networkError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timeout';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}
