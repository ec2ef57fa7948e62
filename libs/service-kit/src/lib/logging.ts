import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';

/**
 * JSON logs (pino), one line per request with the request id the gateway assigned, secrets
 * redacted, probes and scrapes left out.
 */
export function loggerOptions(service: string, level: string): Params {
  return {
    pinoHttp: {
      level,
      base: { service },
      genReqId: (request: IncomingMessage) => {
        const header = request.headers['x-request-id'];
        return typeof header === 'string' && header !== '' ? header : randomUUID();
      },
      redact: ['req.headers.authorization', 'req.headers["x-internal-token"]', 'req.headers.cookie'],
      autoLogging: { ignore: (request: IncomingMessage) => request.url?.startsWith('/health') === true || request.url === '/metrics' },
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      customLogLevel: (_request: IncomingMessage, response: { statusCode: number }, error?: Error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    },
  };
}
