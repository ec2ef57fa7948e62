// What one API call saw, apart from the client so that the journal, which the client writes to,
// can name it without an import circle.

export interface Seen {
  status: number | null;
  /** A network-level failure: `timeout`, `ECONNREFUSED`, `ECONNRESET`, … */
  error: string | null;
  text: string;
  json: Record<string, unknown> | null;
  retryAfter: string | null;
}
