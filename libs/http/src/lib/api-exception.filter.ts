import { Catch } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpFailure } from './http-failure';

/** Writes every exception as the public error envelope; controllers never build error bodies. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const failure = toHttpFailure(exception);
    // The request's own logger: the line carries the request id.
    if (failure.unexpected)
      host
        .switchToHttp()
        .getRequest<FastifyRequest>()
        .log.error({ err: exception }, 'unexpected failure');
    else if (failure.retryAfterSeconds !== undefined)
      host
        .switchToHttp()
        .getRequest<FastifyRequest>()
        .log.warn({ err: exception }, 'dependency unavailable');
    if (failure.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(failure.retryAfterSeconds));
    void reply.status(failure.status).send(failure.body);
  }
}
