import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  asCaller,
  callerEvent,
  eventProducer,
  newTestCaller,
  queryServiceDatabase,
  startServiceUnderTest,
  startTestBroker,
} from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { WebhooksConfig } from '../src/webhooks.config';
import { webhooksApp } from '../src/webhooks-app';

export const SECRET_KEY = randomBytes(32).toString('base64');

export const newAccount = newTestCaller;

export function startWebhooks(
  broker: RunningBroker,
  env: Record<string, string> = {},
  databaseUrl?: string,
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'webhooks',
    configSchema: WebhooksConfig,
    serviceApp: webhooksApp,
    broker,
    databaseUrl,
    env: {
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    },
  });
}

/** The API as the gateway forwards it, on the account's test clock. */
export const as = asCaller;

/** A SQL query on the service's own database. */
export const query = queryServiceDatabase;

/** A request a receiver got: the exact raw body and the headers. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP endpoint on localhost that records what it receives and answers as told:
 * `answers` is consumed one status per request, then `fallback`.
 */
export async function startReceiver(
  options: { answers?: number[]; fallback?: number; delayMs?: number } = {},
) {
  const received: Received[] = [];
  const answers = [...(options.answers ?? [])];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = answers.shift() ?? options.fallback ?? 200;
      setTimeout(
        () =>
          response
            .writeHead(status, { 'content-type': 'text/plain' })
            .end(status < 300 ? 'ok' : 'nope'),
        options.delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const TOPICS: Record<string, string> = {
  order: 'payments.order',
  payment: 'payments.payment',
  refund: 'payments.refund',
  dispute: 'payments.dispute',
  qr_code: 'payments.qr_code',
  payment_link: 'payments.payment_link',
  invoice: 'billing.invoice',
  subscription: 'billing.subscription',
  settlement: 'settlements.settlement',
};

/** An event of the caller's account as the service that owns it publishes it. */
export const envelope = callerEvent;

/** Publishes the other services' events as their relays do (keyed by entity id). */
export const producerFor = (broker: RunningBroker) => eventProducer(broker, TOPICS);

export interface WebhooksUnderTest {
  broker: RunningBroker;
  webhooks: ServiceUnderTest;
  producer: Awaited<ReturnType<typeof producerFor>>;
}

export async function startWithBroker(
  env: Record<string, string> = {},
): Promise<WebhooksUnderTest> {
  const broker = await startTestBroker();
  const webhooks = await startWebhooks(broker, env);
  return { broker, webhooks, producer: await producerFor(broker) };
}

export async function stopAll({ broker, webhooks, producer }: WebhooksUnderTest): Promise<void> {
  await producer.disconnect();
  await webhooks.close();
  await broker.stop();
}

export { advanceTestClock, refusal } from '@platform/service-testing';
