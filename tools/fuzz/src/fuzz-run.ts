/**
 * One fuzz run: starts the platform as `npm start` runs it (127.0.0.1, its own ports and data), reads
 * the gateway's API document, creates the few entities the variants borrow ids from, sends every
 * variant (bounded in count and time, a few at a time) and judges each answer. The platform is
 * stopped, and its data removed, whatever happens.
 */
import fc from 'fast-check';
import { Pool } from 'undici';
import { startHarnessPlatform } from '@platform/platform-launcher';
import type { HarnessPlatform } from '@platform/platform-launcher';
import { operationsOf } from './operations';
import type { Auth } from './operations';
import type { Failure, FuzzReport } from './report';
import type { Fixtures, Variant } from './variants';
import { variantsOf } from './variants';
import { judge, statusClass } from './verdict';

export interface FuzzPlan {
  seed: number;
  /** At most this many variants of each operation, drawn with the seed; null: all of them. */
  variantsPerOperation: number | null;
  maxRequests: number;
  timeLimitMs: number;
  concurrency: number;
  keepLogsIn?: string;
}

export const FULL_PLAN: FuzzPlan = {
  seed: 16,
  variantsPerOperation: null,
  maxRequests: 12_000,
  timeLimitMs: 15 * 60_000,
  concurrency: 4,
};
/** `npm test`'s run: a seeded sample of each operation's variants, within a minute of requests. */
export const SHORT_PLAN: FuzzPlan = {
  seed: 16,
  variantsPerOperation: 30,
  maxRequests: 4_000,
  timeLimitMs: 60_000,
  concurrency: 4,
};

const REQUEST_TIMEOUT_MS = 10_000;

export async function runFuzz(plan: FuzzPlan, log: (line: string) => void): Promise<FuzzReport> {
  // Every hostile request comes from one address: past the gateway's limit of failed authentications
  // (the duplicate-Authorization variants) it would answer 429 to everything after, hiding the rest.
  process.env['AUTH_FAILURES_PER_MINUTE'] ??= '1000000';
  process.env['AUTH_FAILURES_PER_KEY_PER_MINUTE'] ??= '1000000';
  log('starting the platform');
  const platform = await startHarnessPlatform({
    name: 'fuzz',
    logLevel: 'info',
    keepLogsIn: plan.keepLogsIn,
  });
  const pool = new Pool(platform.baseUrl, { connections: plan.concurrency });
  try {
    const credentials: Record<Auth, string | null> = {
      key: basic(platform.account.test.id, platform.account.test.secret),
      'key-id': basic(platform.account.test.id, ''),
      admin: `Bearer ${platform.adminToken}`,
      none: null,
    };
    const document = (await call(pool, 'GET', '/docs/openapi.json')) as Record<string, unknown>;
    const operations = operationsOf(document);
    const fixtures = await createFixtures(pool, platform, credentials.key as string);
    // The reads of the account's own entities are always sent, first (the sample, the request
    // count and the time limit would drop some of them).
    const byOperation = operations.map((operation, i) => {
      const variants = variantsOf(operation, fixtures, plan.seed + i);
      const planned = (subset: Variant[]) =>
        subset.map((variant) => ({ variant, auth: operation.auth }));
      return {
        own: planned(variants.filter((v) => v.kind === 'own entity')),
        rest: planned(
          sample(
            variants.filter((v) => v.kind !== 'own entity'),
            plan.variantsPerOperation,
            plan.seed + i,
          ),
        ),
      };
    });
    const planned = [...byOperation.flatMap((o) => o.own), ...byOperation.flatMap((o) => o.rest)];
    const queue = planned.slice(0, plan.maxRequests);
    log(
      `${operations.length} operations, ${planned.length} variants; sending ${queue.length}, ${plan.concurrency} at a time`,
    );

    const started = Date.now();
    const byStatusClass: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    const failures: Failure[] = [];
    let sent = 0;
    const worker = async () => {
      for (
        let next = queue.shift();
        next && Date.now() - started < plan.timeLimitMs;
        next = queue.shift()
      ) {
        const { status, body } = await send(
          pool,
          next.variant,
          authorizationOf(credentials[next.auth], next.variant.request.credentials),
        );
        sent++;
        byStatusClass[statusClass(status)] = (byStatusClass[statusClass(status)] ?? 0) + 1;
        byStatus[String(status ?? 'none')] = (byStatus[String(status ?? 'none')] ?? 0) + 1;
        const verdict = judge(next.variant, status, body);
        const { method, path } = next.variant.request;
        if (verdict)
          failures.push({
            verdict,
            method,
            path,
            kind: next.variant.kind,
            detail: next.variant.detail,
            status,
            body: body.slice(0, 300),
          });
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
    return {
      seed: plan.seed,
      operations: operations.length,
      requests: sent,
      unsent: planned.length - sent,
      elapsedMs: Date.now() - started,
      byStatusClass,
      byStatus,
      failures,
    };
  } finally {
    await pool.close();
    log('stopping the platform');
    await platform.stop();
  }
}

/**
 * Names outside Latin-1 and with control characters: their downloads name them in
 * Content-Disposition, which must be encoded (RFC 6266), never sent raw.
 */
const DOCUMENT_NAMES = ['प्रमाण.pdf', '领收书.pdf', 'receipt 🧾.pdf', 'scan\u0001\u007f.pdf'];

/** The ids the variants borrow: a customer, an order and documents of the fuzzing account, and another account with a customer. */
async function createFixtures(
  pool: Pool,
  platform: HarnessPlatform,
  key: string,
): Promise<Fixtures> {
  const admin = `Bearer ${platform.adminToken}`;
  const customer = await call(pool, 'POST', '/v1/customers', key, {
    name: 'Fuzz Customer',
    email: 'fuzz@example.com',
  });
  const order = await call(pool, 'POST', '/v1/orders', key, { amount: 50_000, currency: 'INR' });
  const other = await call(pool, 'POST', '/admin/v1/accounts', admin, {
    name: 'Fuzz other account',
  });
  const otherKey = await call(
    pool,
    'POST',
    `/admin/v1/accounts/${String(other['id'])}/keys`,
    admin,
    { mode: 'test' },
  );
  const otherCustomer = await call(
    pool,
    'POST',
    '/v1/customers',
    basic(String(otherKey['id']), String(otherKey['secret'])),
    { name: 'Other Customer', email: 'other@example.com' },
  );
  const documents = [];
  for (const name of DOCUMENT_NAMES) documents.push(await uploadDocument(pool, key, name));
  return {
    accountId: platform.account.accountId,
    ownIds: [String(customer['id']), String(order['id']), ...documents.map((d) => String(d['id']))],
    otherAccountId: String(other['id']),
    otherAccountCustomerId: String(otherCustomer['id']),
  };
}

function authorizationOf(
  credential: string | null,
  use: 'once' | 'twice',
): string | string[] | null {
  if (!credential) return null;
  return use === 'twice' ? [credential, basic('rzp_test_FuzzUnknown000', 'fuzz')] : credential;
}

async function send(
  pool: Pool,
  variant: Variant,
  authorization: string | string[] | null,
): Promise<{ status: number | null; body: string }> {
  const { method, path, headers, body } = variant.request;
  try {
    const answer = await pool.request({
      method: method as 'GET',
      path,
      headers: authorization ? { ...headers, authorization } : headers,
      body,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
    return { status: answer.statusCode, body: await answer.body.text() };
  } catch (error) {
    return {
      status: null,
      body: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** A setup call that must succeed. */
async function call(
  pool: Pool,
  method: 'GET' | 'POST',
  path: string,
  authorization?: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await pool.request({
    method,
    path,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: REQUEST_TIMEOUT_MS,
  });
  const text = await answer.body.text();
  if (answer.statusCode < 200 || answer.statusCode > 299)
    throw new Error(`${method} ${path}: ${answer.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A small PDF uploaded as a browser's form sends it: the file name in UTF-8. */
async function uploadDocument(
  pool: Pool,
  authorization: string,
  name: string,
): Promise<Record<string, unknown>> {
  const boundary = 'fuzzfixtureboundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ndispute_evidence\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
    'utf8',
  );
  const answer = await pool.request({
    method: 'POST',
    path: '/v1/documents',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    headersTimeout: REQUEST_TIMEOUT_MS,
  });
  const text = await answer.body.text();
  if (answer.statusCode !== 200)
    throw new Error(`POST /v1/documents (${name}): ${answer.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function sample<T>(items: T[], count: number | null, seed: number): T[] {
  if (count === null || items.length <= count) return items;
  return fc.sample(fc.shuffledSubarray(items, { minLength: count, maxLength: count }), {
    seed,
    numRuns: 1,
  })[0];
}
