import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { badRequest, ErrorMessages } from '@platform/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthFailures } from '../cache/auth-failures';
import type { GatewayConfig } from '../gateway.config';
import { tooManyRequests } from '../proxy/answer-failure';
import { hasSeveralAuthorizationHeaders, SEVERAL_AUTHORIZATION_HEADERS } from './basic-credentials';

/** The admin API takes `Authorization: Bearer $ADMIN_TOKEN`, compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(SERVICE_OPTIONS) options: ServiceKitOptions) {
    this.expected = digest((options.config as GatewayConfig).ADMIN_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.accepts(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization))
      throw new UnauthorizedException();
    return true;
  }

  /** Whether an `Authorization` header carries the admin token. */
  accepts(header: string | undefined): boolean {
    const presented =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    return timingSafeEqual(digest(presented), this.expected) && presented !== '';
  }
}

/**
 * The admin API's token is checked when a request arrives, before its body is read or parsed: a
 * caller without the token learns nothing about what the API would make of its body, and costs no
 * parsing. The guard on the controllers stays as the second lock. A wrong token is a failed
 * authentication, counted on the caller's network and on the admin token (see AuthFailures).
 */
export function checkAdminTokenFirst(
  fastify: FastifyInstance,
  guard: AdminTokenGuard,
  failures: AuthFailures,
): void {
  // A callback hook: the public API's requests pass without a promise. A refusal is sent from the
  // hook, which then never calls done.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/admin/')) return done();
    const retryAfterMs = failures.retryAfterMs(request.ip, 'admin token');
    if (retryAfterMs > 0) return void tooManyRequests(reply, retryAfterMs);
    if (hasSeveralAuthorizationHeaders(request.raw.rawHeaders))
      return void reply.status(401).send(badRequest(SEVERAL_AUTHORIZATION_HEADERS));
    if (!guard.accepts(request.headers.authorization)) {
      if (request.headers.authorization) failures.count(request.ip, 'admin token');
      return void reply.status(401).send(badRequest(ErrorMessages.authenticationFailed));
    }
    done();
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
