import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { loggerOptions, logRequests, PinoNestLogger } from './logging';

/** A stream that keeps each JSON log line written to it, parsed. */
function keptLines(): { lines: Record<string, unknown>[]; sink: Writable } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, sink };
}

/** A Fastify app whose log lines are kept, with a route answering 200 and one answering 400. */
async function appLogging(
  successLevel: 'info' | 'debug',
): Promise<{ app: FastifyInstance; lines: Record<string, unknown>[] }> {
  const { lines, sink } = keptLines();
  const app = Fastify({
    loggerInstance: pino(
      loggerOptions('test', 'info') as pino.LoggerOptions<never>,
      sink,
    ) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => 'req-1',
  });
  logRequests(app, successLevel);
  app.get('/v1/ok', async () => ({ ok: true }));
  app.get('/v1/refused', async (_request, reply) => reply.status(400).send({ error: 'no' }));
  app.get('/health/live', async () => ({ status: 'ok' }));
  await app.ready();
  return { app, lines };
}

const completed = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line['msg'] === 'request completed');

describe('logRequests', () => {
  it('at the edge: one info line per request with its id, method, url, status and time; probes left out', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/v1/ok' });
    await app.inject({ method: 'GET', url: '/health/live' });
    await app.close();
    expect(completed(lines)).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'test',
        reqId: 'req-1',
        method: 'GET',
        url: '/v1/ok',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('in a service: successes only at debug, refusals still as warnings with the request id', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/v1/ok' });
    await app.inject({ method: 'GET', url: '/v1/refused' });
    await app.close();
    expect(completed(lines)).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', url: '/v1/refused', status: 400 }),
    ]);
  });
});

describe('PinoNestLogger', () => {
  /** Nest's Logger writing through PinoNestLogger into kept lines, as in a service. */
  function nestLogging(): Record<string, unknown>[] {
    const { lines, sink } = keptLines();
    Logger.overrideLogger(
      new PinoNestLogger(pino(loggerOptions('billing', 'info') as pino.LoggerOptions<never>, sink)),
    );
    return lines;
  }

  afterEach(() => Logger.overrideLogger(new PinoNestLogger(pino({ level: 'silent' }))));

  it('logs an object message as fields, its msg as the message (not "[object Object]")', () => {
    const lines = nestLogging();
    new Logger('InvoiceNotifier').log({
      msg: 'invoice notification',
      invoiceId: 'inv_00000000000001',
      medium: 'email',
      to: 'gaurav.kumar@example.com',
    });
    new Logger('NotifyInvoiceJob').warn({
      msg: 'invoice not sent',
      invoiceId: 'inv_00000000000002',
      reason: 'no email',
    });
    new Logger('KafkaEventConsumer').error({ msg: 'dead letter', topic: 'payments.payment' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'billing',
        context: 'InvoiceNotifier',
        msg: 'invoice notification',
        invoiceId: 'inv_00000000000001',
        medium: 'email',
        to: 'gaurav.kumar@example.com',
      }),
      expect.objectContaining({
        level: 40,
        context: 'NotifyInvoiceJob',
        msg: 'invoice not sent',
        invoiceId: 'inv_00000000000002',
        reason: 'no email',
      }),
      expect.objectContaining({
        level: 50,
        context: 'KafkaEventConsumer',
        msg: 'dead letter',
        topic: 'payments.payment',
      }),
    ]);
  });

  it('still logs text as the message, and an error with its stack', () => {
    const lines = nestLogging();
    new Logger('Migrations').log('applied DeadLettersSchema1764200000000');
    new Logger('OutboxRelay').error(new Error('broker gone'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Migrations',
        msg: 'applied DeadLettersSchema1764200000000',
      }),
      expect.objectContaining({
        level: 50,
        context: 'OutboxRelay',
        msg: 'broker gone',
        err: expect.objectContaining({
          message: 'broker gone',
          stack: expect.stringContaining('Error: broker gone'),
        }),
      }),
    ]);
  });
});
