import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { Database, rebuildProjections } from '@platform/event-store';
import { connectKafkaBatchTransport, KafkaBatchTransport } from '@platform/messaging';
import type { InlineProjection } from '@platform/event-store';
import {
  ApiExceptionFilter,
  ApiValidationPipe,
  ContextHeaders,
  enforceInputRules,
  requireInternalToken,
} from '@platform/http';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import type { ServiceConfig } from './config';
import { ConfigError } from './config';
import { closeConnectionsWhenClosing, shutDownOnSignals } from './graceful-shutdown';
import { deadLettersCommand } from './dead-letters';
import {
  answerClientError,
  answerRoutingError,
  edgeTimeouts,
  MAX_PATH_PARAMETER_LENGTH,
} from './http-edge';
import { createLogger, loggerOptions, logRequests, PinoNestLogger } from './logging';
import { serveKeyedRequests } from './keyed-requests';
import { instrumentRequests } from './metrics';
import { serveMetrics } from './metrics-server';
import { provisionTopicsCommand } from './kafka-topics';
import { startTracing, stopTracing, traceRequests } from '@platform/telemetry';

/** A caller-supplied request id is kept only if it is short and plain; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ServiceApp {
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest accepts any module class or dynamic module
  module: any;
  config: ServiceConfig;
  bodyLimitBytes?: number;
  /** Services accept only requests carrying the internal token; the gateway is the public edge. */
  internalOnly?: boolean;
  /** Registers extra Fastify plugins or routes before the app initialises. */
  configure?: (app: NestFastifyApplication) => Promise<void>;
  /** The inline read models and the stream types they are built from, for `rebuild-projections`. */
  readModels?: { streamTypes: readonly string[]; projections: readonly InlineProjection[] };
}

/** Builds the service's app (not listening yet): the HTTP rules every service shares. */
export async function createServiceApp(definition: ServiceApp): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: createLogger(definition.service, definition.config.LOG_LEVEL),
    // Fastify's own request lines are off: logRequests writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: definition.bodyLimitBytes ?? 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // Errors met before a route or a request exists are answered in the envelope too.
    frameworkErrors: answerRoutingError,
    clientErrorHandler: answerClientError,
    ...edgeTimeouts(definition.config),
    // At shutdown, requests still arriving on open connections are answered as usual (in the envelope,
    // with `Connection: close`), not with Fastify's own bare 503; idle keep-alive connections are closed.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // No Nest middleware is used: without @fastify/middie no request pays for its (empty) hook.
    skipMiddie: true,
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers[ContextHeaders.requestId];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(definition.module, adapter, {
    bufferLogs: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  app.useLogger(new PinoNestLogger(fastify.log as PinoLogger));
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new ApiValidationPipe());
  // Only behind the gateway: the key header is the gateway's (it carries the internal token).
  if (definition.internalOnly !== false) serveKeyedRequests(fastify);
  logRequests(fastify, definition.internalOnly === false ? 'info' : 'debug');
  if (definition.internalOnly !== false)
    requireInternalToken(fastify, definition.config.INTERNAL_TOKEN);
  fastify.removeContentTypeParser('text/plain'); // bodies are JSON (or the SDK's empty form posts)
  enforceInputRules(fastify);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header(ContextHeaders.requestId, request.id);
    done(null, payload);
  });
  instrumentRequests(fastify);
  traceRequests(fastify, definition.service);
  closeConnectionsWhenClosing(fastify);
  await definition.configure?.(app);
  connectEventTransport(app);
  return app;
}

/** Connects the service's Kafka consumer, so its `@EventPattern` handlers are registered (not started). */
export function connectEventTransport(app: NestFastifyApplication): void {
  connectKafkaBatchTransport(app, app.get(KafkaBatchTransport));
}

/**
 * Starts a service: HTTP answers at once (probes report not-ready while Kafka is still coming up);
 * its Kafka consumer starts in the background at bootstrap. A bad configuration stops the process
 * with the list of problems.
 */
export async function runService(definition: () => ServiceApp): Promise<INestApplication> {
  let resolved: ServiceApp;
  try {
    resolved = definition();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (process.argv.includes('rebuild-projections')) return rebuildAndExit(resolved);
  if (process.argv.includes('dead-letters')) return deadLettersAndExit(resolved);
  if (process.argv.includes('provision-topics')) return provisionTopicsAndExit(resolved);
  await startTracing({
    service: resolved.service,
    endpoint: resolved.config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const app = await createServiceApp(resolved);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', (_instance, done) => void stopTracing().then(() => done()));
  const metrics = await serveMetrics(resolved.config.METRICS_PORT, resolved.config.LISTEN_HOST);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', (_instance, done) => void metrics.close().then(() => done()));
  await app.listen(resolved.config.PORT, resolved.config.LISTEN_HOST);
  await app.startAllMicroservices();
  logOf(app).info(
    `${resolved.service} listening on ${resolved.config.LISTEN_HOST} port ${resolved.config.PORT}, metrics on port ${metrics.port}`,
  );
  const { SHUTDOWN_DRAIN_DELAY_MS: drainDelayMs, SHUTDOWN_TIMEOUT_MS: timeoutMs } = resolved.config;
  shutDownOnSignals(app, { drainDelayMs, timeoutMs }, (message) => logOf(app).info(message));
  return app;
}

/**
 * `node main.js rebuild-projections`: empties the service's read models and replays the event store
 * into them in one transaction, then exits. Run it with the service stopped (or drained), e.g. after
 * changing a projection.
 */
async function rebuildAndExit(definition: ServiceApp): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    logger: loggerOptions(definition.service, definition.config.LOG_LEVEL),
  });
  const app = await NestFactory.create<NestFastifyApplication>(definition.module, adapter, {
    bufferLogs: true,
  });
  app.useLogger(new PinoNestLogger(logOf(app)));
  await app.init();
  const { streamTypes = [], projections = [] } = definition.readModels ?? {};
  const replayed = await rebuildProjections(app.get(Database), streamTypes, projections);
  logOf(app).info(
    `rebuilt ${projections.map((p) => p.name).join(', ') || 'no read models'} from ${replayed} events`,
  );
  await app.close();
  process.exit(0);
}

/**
 * `node main.js dead-letters list [--all]` / `dead-letters replay <id>|all`, then exits (see
 * deadLettersCommand).
 */
async function deadLettersAndExit(definition: ServiceApp): Promise<INestApplication> {
  const app = await createOpsApp(definition);
  const args = process.argv.slice(process.argv.indexOf('dead-letters') + 1);
  const code = await deadLettersCommand(app, args, process.stdout);
  process.exit(code);
}

/**
 * The service's app for an ops command run beside the running service: built, with its Kafka
 * handlers registered (a replay runs them), but not initialised, so it neither consumes, relays nor
 * runs jobs.
 */
export async function createOpsApp(definition: ServiceApp): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    logger: loggerOptions(definition.service, definition.config.LOG_LEVEL),
  });
  const app = await NestFactory.create<NestFastifyApplication>(definition.module, adapter, {
    bufferLogs: true,
  });
  app.useLogger(new PinoNestLogger(logOf(app)));
  connectEventTransport(app);
  return app;
}

/** `node main.js provision-topics [--dry-run] [--replication-factor N]`, then exits (see provisionTopicsCommand). */
async function provisionTopicsAndExit(definition: ServiceApp): Promise<INestApplication> {
  const args = process.argv.slice(process.argv.indexOf('provision-topics') + 1);
  process.exit(
    await provisionTopicsCommand(definition.config, definition.service, args, process.stdout),
  );
}

function logOf(app: NestFastifyApplication): PinoLogger {
  return app.getHttpAdapter().getInstance().log as PinoLogger;
}
