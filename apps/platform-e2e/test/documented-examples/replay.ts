import Razorpay from 'razorpay';
import { call, platform } from '../support/platform';
import type { KeyPair } from '../support/platform';
import type {
  DocumentedExample,
  ExpectedAnswer,
  ExpectedError,
  Fields,
  HttpCall,
  SdkCall,
} from './example';
import { fieldProblems, isSdkCall } from './example';
import { fileStream } from './world';
import type { World } from './world';

/** What the platform answered: the HTTP status and the body (for an SDK rejection, `{error}`). */
export interface Answer {
  status: number;
  body: unknown;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
const RELATIVE_TIME = /^\$now(?:([+-])(\d+)([smhd]))?$/;
const FIXTURE_PATH = /^\$([a-zA-Z]+)((?:\.[\w]+)+)$/;
const IN_PATH = /\$[a-zA-Z]+(?:\.[\w]+)+/g;

/** The value with every placeholder of example.ts replaced, made in the world's account. */
export async function resolve(value: unknown, world: World): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((each) => resolve(each, world)));
  if (value !== null && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, each]) => [key, await resolve(each, world)] as const),
    );
    return Object.fromEntries(entries);
  }
  if (typeof value !== 'string' || !value.startsWith('$')) return value;
  if (value.startsWith('$file:')) return fileStream(value.slice('$file:'.length));
  const time = RELATIVE_TIME.exec(value);
  if (time) {
    const [, sign, amount, unit] = time;
    const shift = sign ? Number(amount) * UNITS[unit] * (sign === '-' ? -1 : 1) : 0;
    return world.now() + shift;
  }
  const path = FIXTURE_PATH.exec(value);
  if (!path) throw new Error(`not a placeholder: ${value}`);
  let found: unknown = await world.get(path[1]);
  for (const step of path[2].slice(1).split('.'))
    found = (found as Record<string, unknown> | undefined)?.[step];
  if (found === undefined) throw new Error(`${value} names nothing`);
  return found;
}

async function resolvePath(path: string, world: World): Promise<string> {
  let resolved = path;
  for (const placeholder of path.match(IN_PATH) ?? [])
    resolved = resolved.replace(placeholder, String(await resolve(placeholder, world)));
  return resolved;
}

/** Makes the example's request through the official SDK, or over plain HTTP. */
export async function replay(example: DocumentedExample, world: World): Promise<Answer> {
  for (const name of example.given ?? []) await world.get(name);
  const request = await resolve(example.request, world);
  return isSdkCall(example.call)
    ? replayWithSdk(
        example.call,
        request as unknown[],
        example.headers ? sdkWithHeaders(world.key, example.headers) : world.rzp,
      )
    : replayOverHttp(example.call, request as Record<string, unknown> | undefined, world);
}

/** The SDK made with extra headers (as `new Razorpay({key_id, key_secret, headers})`), pointed at the platform. */
function sdkWithHeaders(key: KeyPair, headers: Record<string, string>): Razorpay {
  const client = new Razorpay({ key_id: key.id, key_secret: key.secret, headers });
  (
    client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
  ).api.rq.defaults.baseURL = platform.baseUrl;
  return client;
}

async function replayWithSdk(target: SdkCall, args: unknown[], rzp: Razorpay): Promise<Answer> {
  const client = rzp as unknown as Record<string, Record<string, unknown>> & {
    api: { rq: { interceptors: { response: { use: (ok: (r: never) => unknown) => number } } } };
  };
  // The SDK resolves with the body only: the status is read off its own axios instance.
  let status = 0;
  const interceptor = client.api.rq.interceptors.response.use(
    (response: { status: number }) => ((status = response.status), response) as never,
  );
  try {
    const method = client[target.resource][target.method] as (...a: unknown[]) => Promise<unknown>;
    const body = await method(...args);
    return { status, body };
  } catch (error) {
    const rejected = error as { statusCode?: number; error?: unknown };
    if (rejected.statusCode === undefined) throw error;
    return { status: rejected.statusCode, body: { error: rejected.error } };
  } finally {
    (client.api.rq.interceptors.response as unknown as { eject: (id: number) => void }).eject(
      interceptor,
    );
  }
}

async function replayOverHttp(
  target: HttpCall,
  body: Record<string, unknown> | undefined,
  world: World,
): Promise<Answer> {
  return call(world.key, target.http, await resolvePath(target.path, world), body);
}

/** Each way the answer differs from what the example expects (none: it passes). */
export function problemsWith(example: DocumentedExample, answer: Answer): string[] {
  return 'expectError' in example && example.expectError
    ? errorProblems(example.expectError, answer)
    : answerProblems(example.expect as ExpectedAnswer & { lacks?: readonly string[] }, answer);
}

function errorProblems(wanted: ExpectedError, answer: Answer): string[] {
  const error = ((answer.body as { error?: Record<string, unknown> } | null)?.error ??
    {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (answer.status !== wanted.status)
    problems.push(`status ${answer.status}, expected ${wanted.status}: ${excerpt(answer.body)}`);
  if (error['description'] !== wanted.description)
    problems.push(`description ${JSON.stringify(error['description'])}`);
  if (wanted.field !== undefined && error['field'] !== wanted.field)
    problems.push(`field ${JSON.stringify(error['field'])}, expected ${wanted.field}`);
  return problems;
}

function answerProblems(expected: ExpectedAnswer & { lacks?: readonly string[] }, answer: Answer) {
  if (answer.status !== expected.status)
    return [`status ${answer.status}, expected ${expected.status}: ${excerpt(answer.body)}`];
  if (expected.emptyArray)
    return Array.isArray(answer.body) && answer.body.length === 0
      ? []
      : [`not []: ${excerpt(answer.body)}`];
  const problems = fieldProblems(answer.body, expected.fields);
  const body = answer.body as Record<string, unknown>;
  if (expected.items) {
    const items = Array.isArray(body['items']) ? (body['items'] as unknown[]) : [];
    if (items.length === 0) problems.push('items: none to check');
    items.forEach((item, i) =>
      problems.push(...fieldProblems(item, expected.items as Fields, `items[${i}].`)),
    );
  }
  for (const key of expected.lacks ?? [])
    if (body[key] !== undefined && body[key] !== null)
      problems.push(`${key}: present, but the example's feature is not offered`);
  return problems;
}

const excerpt = (body: unknown) => JSON.stringify(body).slice(0, 300);
