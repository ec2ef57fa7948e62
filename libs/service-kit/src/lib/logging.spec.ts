import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { loggerOptions, logRequests } from './logging';

/** A Fastify app whose log lines are kept, with a route answering 200 and one answering 400. */
async function appLogging(successLevel: 'info' | 'debug'): Promise<{ app: FastifyInstance; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(loggerOptions('test', 'info') as pino.LoggerOptions<never>, sink) as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }), genReqId: () => 'req-1' });
  logRequests(app, successLevel);
  app.get('/v1/ok', async () => ({ ok: true }));
  app.get('/v1/refused', async (_request, reply) => reply.status(400).send({ error: 'no' }));
  app.get('/health/live', async () => ({ status: 'ok' }));
  await app.ready();
  return { app, lines };
}

const completed = (lines: Record<string, unknown>[]) => lines.filter((line) => line['msg'] === 'request completed');

describe('logRequests', () => {
  it('at the edge: one info line per request with its id, method, url, status and time; probes left out', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/v1/ok' });
    await app.inject({ method: 'GET', url: '/health/live' });
    await app.close();
    expect(completed(lines)).toEqual([expect.objectContaining({ level: 30, service: 'test', reqId: 'req-1', method: 'GET', url: '/v1/ok', status: 200, ms: expect.any(Number) })]);
  });

  it('in a service: successes only at debug, refusals still as warnings with the request id', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/v1/ok' });
    await app.inject({ method: 'GET', url: '/v1/refused' });
    await app.close();
    expect(completed(lines)).toEqual([expect.objectContaining({ level: 40, reqId: 'req-1', url: '/v1/refused', status: 400 })]);
  });
});
