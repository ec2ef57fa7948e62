import { Injectable, UnauthorizedException, UseInterceptors } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { readRequestContext } from '@platform/http';
import { EventCatchUp } from '@platform/messaging';
import type { FastifyRequest } from 'fastify';
import { from, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';

@Injectable()
export class CatchUpInterceptor implements NestInterceptor {
  constructor(private readonly catchUp: EventCatchUp) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const caller = readRequestContext(context.switchToHttp().getRequest<FastifyRequest>());
    if (!caller) throw new UnauthorizedException();
    return from(this.catchUp.forCaller(caller)).pipe(switchMap(() => next.handle()));
  }
}

/**
 * On a controller or a route: before answering, apply every event of the caller's account that the
 * services this one learns from had committed (EventCatchUp), so the answer reflects every write the
 * caller has seen succeed, whichever service made it.
 */
export const CatchUp = (): MethodDecorator & ClassDecorator => UseInterceptors(CatchUpInterceptor);
