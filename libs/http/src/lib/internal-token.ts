import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, ErrorMessages } from './error-envelope';
import { ContextHeaders } from './request-context';

const OPEN_PATHS = ['/health/', '/metrics'];

/**
 * Services answer only the gateway: every request must carry the shared internal token, compared
 * in constant time. Health and metrics stay open for probes and scrapers.
 */
export function requireInternalToken(fastify: FastifyInstance, token: string): void {
  const expected = digest(token);
  fastify.addHook('onRequest', async (request, reply) => {
    if (OPEN_PATHS.some((path) => request.url.startsWith(path))) return;
    const presented = request.headers[ContextHeaders.internalToken];
    if (typeof presented === 'string' && timingSafeEqual(digest(presented), expected)) return;
    await reply.status(401).send(badRequest(ErrorMessages.authenticationFailed));
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
