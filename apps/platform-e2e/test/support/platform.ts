import Razorpay from 'razorpay';

export interface KeyPair {
  id: string;
  secret: string;
}

export interface PlatformAccount {
  accountId: string;
  test: KeyPair;
  live: KeyPair;
}

export const platform = {
  get baseUrl(): string {
    return required('E2E_BASE_URL');
  },
  get kafka(): string {
    return required('E2E_KAFKA');
  },
  /** The gateway's `GET /metrics`, on its own port. */
  get gatewayMetricsUrl(): string {
    return required('E2E_GATEWAY_METRICS_URL');
  },
  /** The OTLP collector the services export their traces to (GET /spans lists them). */
  get traceCollector(): string {
    return required('E2E_TRACE_COLLECTOR');
  },
  get adminToken(): string {
    return required('E2E_ADMIN_TOKEN');
  },
  /** The development account the launcher created on its first start. */
  get account(): PlatformAccount {
    return JSON.parse(required('E2E_ACCOUNT')) as PlatformAccount;
  },
};

/** The official SDK, unchanged, pointed at the platform (the SDK hard-codes its host; this is the documented way round it). */
export function sdk(key: KeyPair): Razorpay {
  const client = new Razorpay({ key_id: key.id, key_secret: key.secret });
  (
    client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
  ).api.rq.defaults.baseURL = platform.baseUrl;
  return client;
}

/** An admin API call (`path` under /admin/v1) with the operator's token, as an operator's script makes it. */
export async function adminCall(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.baseUrl}/admin/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${platform.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A new account with both key pairs, through the admin API. */
export async function newAccount(name: string): Promise<PlatformAccount> {
  const admin = async (path: string, body: unknown) =>
    (await adminCall('POST', path, body)).body as Record<string, string>;
  const account = await admin('/accounts', { name });
  const test = await admin(`/accounts/${account['id']}/keys`, { mode: 'test' });
  const live = await admin(`/accounts/${account['id']}/keys`, { mode: 'live' });
  return {
    accountId: account['id'],
    test: { id: test['id'], secret: test['secret'] },
    live: { id: live['id'], secret: live['secret'] },
  };
}

/** What the SDK rejects with: `{ statusCode, error }`, the error being the API's error object. */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ statusCode: number; error: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: Record<string, unknown> };
  }
  throw new Error('expected the SDK call to be rejected');
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not run`);
  return value;
}

/** The `authorization` header the SDK sends for a key pair. */
export const basicAuth = (key: KeyPair): string =>
  `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString('base64')}`;

/**
 * A call the SDK has no method for (the simulator, bills): plain HTTP with the same key pair, or
 * with no credentials at all when `key` is null.
 */
export async function call(
  key: KeyPair | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: basicAuth(key) } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls until `probe` gives something truthy (the services meet through Kafka: eventually, not at once). */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  for (
    const deadline = Date.now() + timeoutMs;
    ;
    await new Promise((resolve) => setTimeout(resolve, 200))
  ) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}
