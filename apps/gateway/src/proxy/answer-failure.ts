import { badRequest, ErrorMessages, toHttpFailure } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A refusal of a rate limit, thrown to the error handler. */
export interface RateLimited {
  rateLimited: true;
  retryAfterMs: number;
}

/** 429 in the envelope, with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(reply: FastifyReply, retryAfterMs: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
    .send(badRequest(ErrorMessages.tooManyRequests));
}

/** The public API's error handler: every failure in the envelope, never a stack. */
export function answerFailure(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const limited = error as Partial<RateLimited>;
  if (limited.rateLimited) return tooManyRequests(reply, limited.retryAfterMs ?? 1000);
  const failure = toHttpFailure(error);
  if (failure.unexpected) request.log.error({ err: error }, 'gateway failure');
  // The gateway's own database down (an idempotency key could not be claimed): 503, retry later.
  if (failure.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(failure.retryAfterSeconds));
  if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    discardRestOfBody(request, reply);
  return reply.status(failure.status).send(failure.body);
}

/** Bodies declared up to this size are read to their end (and dropped) after a refusal. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A body over the limit is refused before it is read. Fastify then closes the connection, and a
 * client still sending gets a broken pipe instead of the 400. Up to 64 MiB the rest is read and
 * dropped instead (never held), the connection stays open and the client reads the answer; a larger
 * declared body keeps the close.
 */
function discardRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_LIMIT_BYTES) return;
  reply.removeHeader('connection');
  request.raw.resume();
}
