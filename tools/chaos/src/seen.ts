// What one API call saw, apart from the client so that the journal, which the client writes to,
// can name it without an import circle.

/** A call that takes longer than this to get through, retries included, counts as slow: every part is down 10 s at most, and back within 10 s. */
export const SLOW_CALL_MS = 30_000;

export interface Seen {
  status: number | null;
  /** A network-level failure: `timeout`, `ECONNREFUSED`, `ECONNRESET`, … */
  error: string | null;
  text: string;
  json: Record<string, unknown> | null;
  retryAfter: string | null;
}
