/** How long a client is told to wait before retrying while a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A part this request needs (another service, PostgreSQL) cannot be reached right now: the request is
 * answered 503 with `Retry-After`, not 500, because retrying it later is the right thing to do.
 */
export class DependencyUnavailable extends Error {
  constructor(what: string, options?: { cause?: unknown }) {
    super(`${what} is unavailable`, options);
    this.name = 'DependencyUnavailable';
  }
}

/** Socket errors (Node) of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs for a server that is going away, starting, or out of connections: class 08
 * (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now), 53300.
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** pg's own messages for a lost or never-made connection (they carry no code). */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/;

/** Is this error a dependency being unreachable (retry later) rather than a fault of ours? */
export function isDependencyUnavailable(error: unknown): boolean {
  // TypeORM's QueryFailedError keeps pg's error as `driverError`; others chain it as `cause`.
  const next = (current: Error): unknown =>
    (current as { driverError?: unknown }).driverError ?? current.cause;
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = next(current), depth++
  ) {
    if (current instanceof DependencyUnavailable) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)))
      return true;
    if (PG_CONNECTION_MESSAGES.test(current.message)) return true;
  }
  return false;
}
