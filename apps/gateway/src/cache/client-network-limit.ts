import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../proxy/answer-failure';
import { NetworkLimiter } from './network-limiter';

/**
 * Counts every request of the plugin's routes towards its client's network (an IPv4 address, an
 * IPv6 /64) in windows of a minute; past `perMinute`, 429 in the envelope with Retry-After until
 * the window ends.
 */
export function limitEachClientNetwork(fastify: FastifyInstance, perMinute: number): void {
  const perNetwork = new NetworkLimiter({ max: perMinute, windowMs: 60_000 });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const retryAfterMs = perNetwork.take(request.ip);
    if (retryAfterMs > 0) return void tooManyRequests(reply, retryAfterMs);
    done();
  });
}
