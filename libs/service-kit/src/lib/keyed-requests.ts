import { requestFingerprint, runKeyed } from '@platform/event-store';
import { ContextHeaders } from '@platform/http';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Every POST route of a service: a request the gateway forwards with the idempotency key it holds
 * runs its handler under that key, so each command the handler runs records its outcome with its
 * events, and a retry whose first answer was lost replays it (see idempotent-outcomes.ts in the
 * event store). Requests without a key, and every other method, pass through untouched.
 *
 * It wraps the POST handlers as Nest registers them in Fastify (`onRoute`; call it before the app
 * is initialised), instead of being a global Nest interceptor, which put Nest's interceptor chain
 * (rxjs, AsyncResource.bind) on every request of the service for a header most requests lack, as
 * `as_of` reads found before (see as-of-reads.ts). Here a request without a key pays one header
 * read. Fastify has parsed the body before it calls the handler, so the fingerprint sees it.
 */
export function serveKeyedRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    const handler = route.handler;
    route.handler = function keyedOrPlain(request, reply) {
      const key = request.headers[ContextHeaders.idempotencyKey];
      if (request.method !== 'POST' || typeof key !== 'string' || key === '')
        return handler.call(this, request, reply);
      return runKeyed(key, requestFingerprint(request.method, request.url, request.body), () =>
        handler.call(this, request, reply),
      );
    } as RouteHandlerMethod;
  });
}
