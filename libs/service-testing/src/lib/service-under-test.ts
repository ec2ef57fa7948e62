import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IntegrationEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { ContextHeaders } from '@platform/http';
import { createServiceApp, loadConfig, serveMetrics } from '@platform/service-kit';
import type { ServiceApp, ServiceConfig } from '@platform/service-kit';
import { createTestDatabase } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { TestDatabase } from '@platform/testing-core';
import { DataSource } from 'typeorm';
import { startQuietOwner } from './quiet-owner';
import { startTestBroker } from './test-broker';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789abcdef';

export interface TestCaller {
  accountId: string;
  mode: 'test' | 'live';
  /** The account's features the gateway would forward; default as the gateway's: UPI QR in test mode. */
  features?: readonly string[];
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  caller?: TestCaller | null;
  body?: unknown;
  /** Raw body (sent as is, with the headers given). */
  payload?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: Record<string, unknown>;
}

export interface ServiceUnderTest {
  app: NestFastifyApplication;
  /** Base URL when started with `listen: true`. */
  url: string;
  broker: RunningBroker;
  databaseUrl: string;
  /** `GET /metrics` on the service's metrics port (its own, as in production): the Prometheus text. */
  scrapeMetrics(): Promise<string>;
  /** A request as the gateway forwards it: internal token and caller headers set. */
  call(options: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface ServiceUnderTestOptions<C extends ServiceConfig> {
  service: string;
  configSchema: new () => C;
  module?: (config: C) => DynamicModule;
  /** The whole app definition, for apps with more than a module (the gateway). */
  serviceApp?: (config: C) => ServiceApp;
  /** Listen on a free port (for callers over real HTTP, like the gateway). */
  listen?: boolean;
  /** More environment, e.g. the gateway's service URLs. */
  env?: Record<string, string>;
  /** Share another instance's database (a second replica of the same service); it is not dropped on close. */
  databaseUrl?: string;
  /** Reuse a broker (e.g. one that another service in the test also uses). */
  broker?: RunningBroker;
}

/** Boots a service's real module on a fresh database and a real broker, without a listening port. */
export async function startServiceUnderTest<C extends ServiceConfig>(
  options: ServiceUnderTestOptions<C>,
): Promise<ServiceUnderTest> {
  const database: TestDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const broker = options.broker ?? (await startTestBroker());
  // The other services run nowhere: a quiet owner answers for them unless the test names its own.
  const others = await startQuietOwner();
  const config = loadConfig(options.configSchema, {
    DATABASE_URL: database.url,
    KAFKA_BROKERS: broker.brokers.join(','),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    BILLING_URL: others.url,
    PAYMENTS_URL: others.url,
    SETTLEMENTS_URL: others.url,
    ...options.env,
  });
  const definition = options.serviceApp?.(config) ?? {
    service: options.service,
    module: options.module?.(config),
    config,
  };
  const app = await createServiceApp(definition);
  let url = '';
  try {
    if (options.listen) {
      await app.listen(0, '127.0.0.1');
      url = await app.getUrl();
    } else {
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
    }
    await app.startAllMicroservices(); // its Kafka consumer, as `runService` starts it
  } catch (error) {
    // A service that refuses to start (a test of exactly that) leaves nothing running behind it.
    await app.close().catch(() => undefined);
    await others.close();
    if (!options.broker) await broker.stop();
    await database.drop();
    throw error;
  }
  const metrics = await serveMetrics(0, '127.0.0.1');
  return {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    async scrapeMetrics() {
      const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
      return response.text();
    },
    broker,
    databaseUrl: database.url,
    call: (call) => callService(app, call),
    async close() {
      await metrics.close();
      await app.close();
      await others.close();
      if (!options.broker) await broker.stop();
      await database.drop();
    },
  };
}

async function callService(app: NestFastifyApplication, options: CallOptions): Promise<CallResult> {
  const caller =
    options.caller === undefined
      ? { accountId: 'acc_TestAccount0001', mode: 'test' as const }
      : options.caller;
  const headers: Record<string, string> = {
    [ContextHeaders.internalToken]: TEST_INTERNAL_TOKEN,
    [ContextHeaders.requestId]: randomUUID(),
    ...options.headers,
  };
  if (caller) {
    const features = caller.features ?? (caller.mode === 'test' ? ['upi_qr'] : []);
    Object.assign(headers, {
      [ContextHeaders.accountId]: caller.accountId,
      [ContextHeaders.mode]: caller.mode,
      [ContextHeaders.keyId]: `rzp_${caller.mode}_TestKey0000001`,
    });
    if (features.length > 0) headers[ContextHeaders.features] = features.join(',');
  }
  const response = await app.inject({
    method: options.method,
    url: options.url,
    headers:
      options.body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    payload:
      options.payload ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  return { status: response.statusCode, body: parseBody(response.body) };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { raw: text };
  }
}

let testCallers = 0;
/** A new account's caller, unique across the run, so each test's data starts empty. */
export function newTestCaller(mode: 'test' | 'live' = 'test'): TestCaller {
  testCallers++;
  return {
    accountId: `acc_${String(testCallers).padStart(4, '0')}${randomUUID().replace(/-/g, '').slice(0, 10)}`,
    mode,
  };
}

/** The service's API as the gateway forwards `caller`'s requests, on the account's test clock. */
export function asCaller(service: ServiceUnderTest, caller: TestCaller, clockOffsetSeconds = 0) {
  const headers =
    clockOffsetSeconds > 0 ? { 'x-clock-offset': String(clockOffsetSeconds) } : undefined;
  const call = (options: Omit<CallOptions, 'caller'>): Promise<CallResult> =>
    service.call({ ...options, caller, headers: { ...options.headers, ...headers } });
  return {
    call,
    get: (url: string) => call({ method: 'GET', url }),
    post: (url: string, body: unknown = {}) => call({ method: 'POST', url, body }),
    put: (url: string, body: unknown) => call({ method: 'PUT', url, body }),
    patch: (url: string, body: unknown) => call({ method: 'PATCH', url, body }),
    delete: (url: string) => call({ method: 'DELETE', url }),
  };
}

/** A SQL query on the service's own database. */
export const queryServiceDatabase = <T = Record<string, unknown>>(
  service: ServiceUnderTest,
  text: string,
  values: unknown[] = [],
): Promise<T[]> => service.app.get(DataSource).query(text, values);

/** An event of `caller`'s account as a service publishes it: the stream's first, no correlation. */
export function callerEvent<T extends string, D>(
  caller: TestCaller,
  type: T,
  streamId: string,
  data: D,
  occurredAt = Math.floor(Date.now() / 1000),
): IntegrationEvent<T, D> {
  return {
    id: randomUUID(),
    type,
    schema_version: 1,
    account_id: caller.accountId,
    mode: caller.mode,
    stream_id: streamId,
    stream_version: 1,
    occurred_at: occurredAt,
    correlation_id: null,
    causation_id: null,
    data,
  };
}

/**
 * Publishes other services' events as their relays do: each on the topic `topics` gives the first
 * word of its type, keyed by its stream id; `raw` sends a value that is no event at all.
 */
export async function eventProducer(broker: RunningBroker, topics: Record<string, string>) {
  const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  return {
    async publish(...events: IntegrationEvent[]): Promise<void> {
      for (const event of events) {
        await producer.send({
          topic: topics[event.type.split('.')[0]],
          messages: [{ key: event.stream_id, value: JSON.stringify(event) }],
        });
      }
    },
    async raw(topic: string, value: string): Promise<void> {
      await producer.send({ topic, messages: [{ key: 'junk', value }] });
    },
    disconnect: () => producer.disconnect(),
  };
}
