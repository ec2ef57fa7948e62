import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { ServiceConfig } from '@platform/service-kit';
import { GatewayConfig } from '../src/gateway.config';
import { gatewayApp } from '../src/gateway-app';
import { EchoModule } from './echo-upstream';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';

export interface Key {
  id: string;
  secret: string;
}

export async function admin(
  target: ServiceUnderTest,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token = ADMIN_TOKEN,
) {
  const response = await target.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body || '{}') as Record<string, unknown>,
  };
}

/** A key pair of a new account (or of `accountId`). */
export async function newKey(
  target: ServiceUnderTest,
  mode: 'test' | 'live',
  accountId?: string,
): Promise<Key & { accountId: string }> {
  const account =
    accountId ??
    ((await admin(target, 'POST', '/admin/v1/accounts', { name: 'Acme' })).body['id'] as string);
  const { body } = await admin(target, 'POST', `/admin/v1/accounts/${account}/keys`, { mode });
  return { id: body['id'] as string, secret: body['secret'] as string, accountId: account };
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A public API call through the gateway, authenticated with `key` (or the `authorization` given). */
export async function api(
  target: ServiceUnderTest,
  options: {
    method?: string;
    url: string;
    key?: Key;
    authorization?: string;
    body?: string;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['authorization'] = basic(options.key.id, options.key.secret);
  if (options.authorization !== undefined) headers['authorization'] = options.authorization;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await target.app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url: options.url,
    headers,
    payload: options.body,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: JSON.parse(response.body || '{}') as Record<string, unknown>,
  };
}

/** A gateway in front of one upstream for all three services (or sharing `databaseUrl`: a second replica). */
export function startGateway(
  broker: RunningBroker,
  upstream: ServiceUnderTest,
  databaseUrl?: string,
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'gateway',
    configSchema: GatewayConfig,
    serviceApp: (config) => gatewayApp(config),
    broker,
    databaseUrl,
    env: {
      ADMIN_TOKEN,
      BILLING_URL: upstream.url,
      PAYMENTS_URL: upstream.url,
      SETTLEMENTS_URL: upstream.url,
      WEBHOOKS_URL: upstream.url,
    },
  });
}

/** A gateway in front of settlements only (the other services at a port nothing listens on). */
export function startGatewayBeforeSettlements(
  broker: RunningBroker,
  settlementsUrl: string,
): Promise<ServiceUnderTest> {
  const nowhere = 'http://127.0.0.1:9';
  return startServiceUnderTest({
    service: 'gateway',
    configSchema: GatewayConfig,
    serviceApp: (config) => gatewayApp(config),
    broker,
    env: {
      ADMIN_TOKEN,
      BILLING_URL: nowhere,
      PAYMENTS_URL: nowhere,
      SETTLEMENTS_URL: settlementsUrl,
      WEBHOOKS_URL: nowhere,
    },
  });
}

/** A dev broker, an echo upstream standing in for every service, and a gateway in front of it. */
export interface EchoPlatform {
  broker: RunningBroker;
  upstream: ServiceUnderTest;
  gateway: ServiceUnderTest;
  /** Another gateway replica sharing the first one's database. */
  replica(): Promise<ServiceUnderTest>;
  close(): Promise<void>;
}

export async function startEchoPlatform(): Promise<EchoPlatform> {
  const broker = await startBroker({ port: 0 });
  const upstream = await startServiceUnderTest({
    service: 'echo',
    configSchema: ServiceConfig,
    module: (config) => EchoModule.register(config),
    broker,
    listen: true,
  });
  const gateway = await startGateway(broker, upstream);
  return {
    broker,
    upstream,
    gateway,
    replica: () => startGateway(broker, upstream, gateway.databaseUrl),
    async close() {
      await gateway.close();
      await upstream.close();
      await broker.stop();
    },
  };
}
