import type { FastifyRequest } from 'fastify';
import type { Dispatcher, Pool } from 'undici';

/** Errors of a connection that was never made: the request did not reach the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** What the gateway answers when a service fails to answer, and how far the request got. */
export interface UpstreamFailure {
  /** 504 when the service took too long to answer, else 503 (it cannot be reached, or the answer was lost). */
  status: 503 | 504;
  /**
   * `not_sent`: the connection was refused, the service never saw the request. `lost`: the connection
   * failed after the request was written (a reset, a keep-alive connection the service closed), so it
   * may have been applied. `timed_out`: no answer in time.
   */
  stage: 'not_sent' | 'lost' | 'timed_out';
}

export function classifyUpstreamFailure(error: unknown): UpstreamFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return { status: code === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 503, stage: 'timed_out' };
  return {
    status: 503,
    stage: typeof code === 'string' && NOT_SENT_CODES.has(code) ? 'not_sent' : 'lost',
  };
}

/** The waits before sending a request again (2 retries within a second), when `mayResend` allows. */
export const RESEND_DELAYS_MS = [250, 750] as const;

/**
 * May the gateway send the request again after this failure? A read (GET, HEAD) after any lost or
 * refused connection: it changes nothing. A request holding an idempotency key only when it never
 * reached the service: its claim keeps other requests with the key out, not this one, so a request
 * that may have been applied is never sent twice. Never a POST without a key, and never after a
 * timeout (the client's own wait would double).
 */
export function mayResend(method: string, keyed: boolean, failure: UpstreamFailure): boolean {
  if (failure.stage === 'timed_out') return false;
  if (method === 'GET' || method === 'HEAD') return true;
  return keyed && failure.stage === 'not_sent';
}

/**
 * Sends the request; after a failure `resend` allows (a refused connection: the service restarting,
 * or none ready yet), sends it again after a short wait, twice at most within a second.
 */
export async function requestUpstream(
  pool: Pool,
  options: Dispatcher.RequestOptions,
  resend: (failure: UpstreamFailure) => boolean,
  request: FastifyRequest,
): Promise<Dispatcher.ResponseData> {
  for (const delay of RESEND_DELAYS_MS) {
    try {
      return await pool.request(options);
    } catch (error) {
      if (!resend(classifyUpstreamFailure(error))) throw error;
      request.log.warn(
        { err: error },
        `upstream request failed before an answer; sending it again in ${delay} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return pool.request(options);
}
