import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextFrom, endSpan, inSpan, startSpan, tracingEnabled } from './tracing';

/**
 * A server span per request, in the caller's trace when it sends `traceparent` (the gateway does,
 * for the services), and active for the whole request: what the request writes to the outbox
 * carries it on to Kafka. Named by the route pattern once it is known. Nothing when tracing is off.
 */
export function traceRequests(fastify: FastifyInstance, service: string): void {
  if (!tracingEnabled()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const span = startSpan(
      `${request.method} ${request.url.split('?')[0]}`,
      contextFrom(request.headers),
      {
        service,
        kind: 'server',
        'http.request.method': request.method,
      },
    );
    spans.set(request, span);
    inSpan(span, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const route =
        (request as { metricsRoute?: string | null }).metricsRoute ?? request.routeOptions.url;
      if (route) span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.response.status_code', reply.statusCode);
      endSpan(span, reply.statusCode >= 500 ? `HTTP ${reply.statusCode}` : undefined);
    }
    done();
  });
}
