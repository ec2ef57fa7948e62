import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, ErrorMessages } from './error-envelope';
import { ContextHeaders } from './request-context';

const OPEN_PATHS = ['/health/'];

/**
 * Services answer only the gateway: every request must carry the shared internal token, compared
 * in constant time (only its length, which is not secret, can show in the timing). Health stays
 * open for probes (metrics have a port of their own).
 */
export function requireInternalToken(fastify: FastifyInstance, token: string): void {
  const expected = Buffer.from(token, 'utf8');
  fastify.addHook('onRequest', (request, reply, done) => {
    const presented = request.headers[ContextHeaders.internalToken];
    if (
      OPEN_PATHS.some((path) => request.url.startsWith(path)) ||
      (typeof presented === 'string' && matches(presented, expected))
    ) {
      done();
      return;
    }
    void reply.status(401).send(badRequest(ErrorMessages.authenticationFailed)); // answered here: the route never runs
  });
}

function matches(presented: string, expected: Buffer): boolean {
  const bytes = Buffer.from(presented, 'utf8');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
