import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Logger as PinoLogger } from 'pino';

/**
 * JSON logs (pino) through Fastify's own logger: every request line carries the request id
 * (`reqId`, the gateway's id for forwarded requests), secrets are redacted. No per-request async
 * context is needed, which keeps the request path cheap.
 */
export function loggerOptions(service: string, level: string): FastifyServerOptions['logger'] {
  return {
    level,
    base: { service },
    redact: ['req.headers.authorization', 'req.headers["x-internal-token"]', 'req.headers.cookie'],
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: request.url,
      }),
    },
  };
}

/** The largest write of buffered log lines; a chunk is written once it holds half of it. */
export const LOG_WRITE_MAX_BYTES = 64 * 1024;

/**
 * Where log lines go (stdout for a service): written asynchronously in chunks of 32 KiB or more
 * (and at least every second, see createLogger), since a synchronous write per line cost a tenth of
 * a busy service's CPU. Each write hands a chunk to libuv's thread pool; 4 KiB chunks cost the
 * gateway about 2.5 µs a request in those threads at 4,000 requests/s.
 */
export function logDestination(dest: number | string): ReturnType<typeof pino.destination> {
  return pino.destination({
    dest,
    sync: false,
    minLength: LOG_WRITE_MAX_BYTES / 2,
    maxWrite: LOG_WRITE_MAX_BYTES,
  });
}

/** The service's logger, on stdout, flushed at least every second and on exit. */
export function createLogger(service: string, level: string): PinoLogger {
  const destination = logDestination(1);
  setInterval(() => destination.flush(), 1000).unref();
  return pino(loggerOptions(service, level) as pino.LoggerOptions<never>, destination);
}

/**
 * One line per request when it completes (probes and scrapes left out): 4xx as warn, 5xx as error,
 * the others at `successLevel`. The gateway, the public edge, logs every request at info (the access
 * log, with the request id it forwards); services log their successes at debug, so one request is
 * not logged twice at info, and their refusals and failures as the gateway does.
 */
export function logRequests(fastify: FastifyInstance, successLevel: 'info' | 'debug'): void {
  // Callback hooks (here and for every per-request hook): no promise and no extra microtask per request.
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/health/')) {
      const status = reply.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : successLevel;
      request.log[level](
        {
          method: request.method,
          url: request.url,
          status,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });
}

/**
 * Nest's own log lines (start-up, lifecycle, `new Logger(context)`) into the same pino logger. An
 * object message (`logger.warn({ msg: 'invoice not sent', invoiceId, reason })`, as our code logs)
 * keeps its fields as JSON fields and its `msg` as the message: `String(object)` would log
 * "[object Object]" and lose them. An Error keeps its stack.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: PinoLogger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, { context });
  }

  error(message: unknown, stack?: string, context?: string): void {
    this.write('error', message, { context, stack });
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', message, { context });
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', message, { context });
  }

  verbose(message: unknown, context?: string): void {
    this.write('trace', message, { context });
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace',
    message: unknown,
    fields: { context?: string; stack?: string },
  ): void {
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...rest } = message as Record<string, unknown>;
      if (msg === undefined) this.pino[level]({ ...fields, ...rest });
      else this.pino[level]({ ...fields, ...rest }, String(msg));
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
