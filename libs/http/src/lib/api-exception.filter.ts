import { Catch, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toHttpFailure } from './http-failure';

/** Writes every exception as the public error envelope; controllers never build error bodies. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const failure = toHttpFailure(exception);
    if (failure.unexpected) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.status(failure.status).send(failure.body);
  }
}
