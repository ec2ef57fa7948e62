import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { requestFingerprint, runKeyed } from '@platform/event-store';
import { ContextHeaders } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * Every route of a service: a POST the gateway forwards with the idempotency key it holds runs its
 * handler under that key, so each command the handler runs records its outcome with its events, and
 * a retry whose first answer was lost replays it (see idempotent-outcomes.ts in the event store).
 * Requests without a key, and every other method, pass through untouched.
 */
export class KeyedRequestsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const key = request.headers[ContextHeaders.idempotencyKey];
    if (request.method !== 'POST' || typeof key !== 'string' || key === '') return next.handle();
    // Nest binds the handler to the async context `handle()` is called in: the key's.
    return runKeyed(key, requestFingerprint(request.method, request.url, request.body), () =>
      next.handle(),
    );
  }
}
