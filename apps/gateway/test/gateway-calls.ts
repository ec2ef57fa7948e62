import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest, startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { ServiceConfig } from '@platform/service-kit';
import type { GeneratedDocument } from '../src/docs/generated-document';
import { GatewayConfig } from '../src/gateway.config';
import { gatewayApp } from '../src/gateway-app';
import { EchoModule } from './echo-upstream';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
/** The key the gateway under test seals key secrets under (KEY_SECRET_KEY). */
export const KEY_SECRET_KEY = Buffer.alloc(32, 'gateway-tests').toString('base64');

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

/** A port nothing listens on: where a gateway sends a service the test leaves out. */
export const NOWHERE = 'http://127.0.0.1:9';

/** Where a gateway sends each service's requests (NOWHERE for one not named). */
export interface Upstreams {
  billing?: string;
  payments?: string;
  settlements?: string;
  webhooks?: string;
}

/**
 * A gateway in front of `upstreams` (one URL for every service, or one per service), with `env`
 * added to its settings. `databaseUrl` makes it a replica of the gateway on that database; `listen`
 * gives it a real port; `document` routes by another document than the generated one.
 */
export function startGatewayBefore(
  broker: RunningBroker,
  upstreams: string | Upstreams,
  options: {
    databaseUrl?: string;
    listen?: boolean;
    env?: Record<string, string>;
    document?: GeneratedDocument;
  } = {},
): Promise<ServiceUnderTest> {
  const url = (service: keyof Upstreams) =>
    typeof upstreams === 'string' ? upstreams : (upstreams[service] ?? NOWHERE);
  return startServiceUnderTest({
    service: 'gateway',
    configSchema: GatewayConfig,
    serviceApp: (config) => gatewayApp(config, options.document),
    broker,
    databaseUrl: options.databaseUrl,
    listen: options.listen,
    env: {
      ADMIN_TOKEN,
      KEY_SECRET_KEY,
      BILLING_URL: url('billing'),
      PAYMENTS_URL: url('payments'),
      SETTLEMENTS_URL: url('settlements'),
      WEBHOOKS_URL: url('webhooks'),
      ...options.env,
    },
  });
}

/** A gateway in front of one upstream for every service (or sharing `databaseUrl`: a second replica). */
export const startGateway = (
  broker: RunningBroker,
  upstream: ServiceUnderTest,
  databaseUrl?: string,
): Promise<ServiceUnderTest> => startGatewayBefore(broker, upstream.url, { databaseUrl });

/** A gateway in front of settlements only (the other services NOWHERE). */
export const startGatewayBeforeSettlements = (
  broker: RunningBroker,
  settlementsUrl: string,
): Promise<ServiceUnderTest> => startGatewayBefore(broker, { settlements: settlementsUrl });

/** The echo upstream on a real port, standing in for any service; `env` added to its settings. */
export const startEchoUpstream = (
  broker: RunningBroker,
  env?: Record<string, string>,
): Promise<ServiceUnderTest> =>
  startServiceUnderTest({
    service: 'echo',
    configSchema: ServiceConfig,
    module: (config) => EchoModule.register(config),
    broker,
    listen: true,
    env,
  });

/** A dev broker, an echo upstream standing in for every service, and a gateway in front of it. */
export interface EchoPlatform {
  broker: RunningBroker;
  upstream: ServiceUnderTest;
  gateway: ServiceUnderTest;
  /** Runs `use` with another gateway replica sharing the first one's database, closed after. */
  withReplica(use: (replica: ServiceUnderTest) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export async function startEchoPlatform(): Promise<EchoPlatform> {
  const broker = await startTestBroker();
  const upstream = await startEchoUpstream(broker);
  const gateway = await startGateway(broker, upstream);
  return {
    broker,
    upstream,
    gateway,
    async withReplica(use) {
      const replica = await startGateway(broker, upstream, gateway.databaseUrl);
      try {
        await use(replica);
      } finally {
        await replica.close();
      }
    },
    async close() {
      await gateway.close();
      await upstream.close();
      await broker.stop();
    },
  };
}
