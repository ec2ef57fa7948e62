import rateLimit from '@fastify/rate-limit';
import {
  badRequest,
  ContextHeaders,
  ErrorMessages,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
  toHttpFailure,
} from '@platform/http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { Pool } from 'undici';
import type { ApiKeyRegistry, AuthenticatedKey } from '../account/api-key-registry';
import {
  hasSeveralAuthorizationHeaders,
  parseBasicCredentials,
  SEVERAL_AUTHORIZATION_HEADERS,
} from '../account/basic-credentials';
import { FailedAuthLimiter } from '../account/failed-auth-limiter';
import { isPromise } from '../cache/maybe-promise';
import { SIGNED_ANSWERS, signCheckoutAnswer } from '../simulator/checkout-signature';
import type { FeatureRegistry } from '../account-feature/feature-registry';
import type { IdempotencyStore } from '../idempotency/idempotency-store';
import { registerIdempotentPosts } from '../idempotency/idempotent-posts';
import type { TestClockRegistry } from '../test-clock/test-clock.registry';
import { registerTestClockRoutes } from '../test-clock/test-clock.routes';
import { RouteMatcher } from './route-matcher';
import { ROUTES } from './route-table';
import type { ServiceName } from './route-table';
import { classifyUpstreamFailure, mayResend, requestUpstream } from './upstream-failure';
import { withTraceHeaders } from '@platform/telemetry';

export interface ProxyOptions {
  keys: ApiKeyRegistry;
  clocks: TestClockRegistry;
  features: FeatureRegistry;
  idempotency: IdempotencyStore;
  upstreams: Record<ServiceName, string>;
  internalToken: string;
  rateLimitPerSecond: number;
  authFailuresPerMinute: number;
  bodyLimitBytes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: AuthenticatedKey | null;
    /** The secret the caller presented (checked): only for signing what checkout would sign. */
    keySecret: string | null;
  }
}

const MISSING_CREDENTIALS = 'Please provide your api key for authentication purposes.';
const UPSTREAM_TIMEOUT_MS = 30_000;
const BUFFERED_RESPONSE_LIMIT = 256 * 1024;
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'retry-after',
  'x-content-sha256',
];
/** Answers that carry checkout ids, which the gateway signs with the caller's key secret (route patterns). */
/** A 10 MiB document (the payments service's own limit) and room for its multipart framing. */
export const DOCUMENT_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * The public API (`/v1`, and the `/v2` paths the SDK uses for an account's webhooks): authenticate
 * the key pair, apply the key's rate limit, find the owning service, and forward the request
 * untouched with the caller's account, mode, key and request id.
 */
export async function proxyPlugin(fastify: FastifyInstance, options: ProxyOptions): Promise<void> {
  const matcher = new RouteMatcher(ROUTES);
  const pools = new Map<ServiceName, Pool>(
    (Object.entries(options.upstreams) as [ServiceName, string][]).map(([name, url]) => [
      name,
      new Pool(url, { connections: 64, keepAliveTimeout: 60_000 }),
    ]),
  );
  fastify.addHook(
    'onClose',
    async () => void (await Promise.all([...pools.values()].map((pool) => pool.close()))),
  );

  // Bodies are passed through as bytes: the services validate them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: options.bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
  fastify.decorateRequest('caller', null);
  fastify.decorateRequest('keySecret', null);
  fastify.setErrorHandler((error, request, reply) => answerFailure(error, request, reply));
  const failures = new FailedAuthLimiter({
    maxFailures: options.authFailuresPerMinute,
    windowMs: 60_000,
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    authenticate({ keys: options.keys, failures }, request, reply, done),
  );
  await fastify.register(rateLimit, {
    hook: 'preHandler',
    max: options.rateLimitPerSecond,
    timeWindow: 1000,
    keyGenerator: (request) => request.caller?.keyId ?? request.ip,
    // Razorpay sends no rate-limit headers and this API promises only the 429's Retry-After: an
    // allowed request carries no x-ratelimit-* headers, three fewer to write and to parse per answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      rateLimited: true,
      retryAfterMs: context.ttl,
    }),
  });
  // After the rate limit: a refused request never claims its key.
  registerIdempotentPosts(fastify, options.idempotency);

  registerTestClockRoutes(fastify, options.clocks);
  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const matched = matcher.route(request.method, path, request.query as Record<string, unknown>);
    if (!matched || !request.caller)
      return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
    const { service, pattern } = matched;
    request.metricsRoute = pattern;
    const { accountId, mode } = request.caller;
    // Cached facts are at hand (no await) except on an account's first request.
    let clockOffset = mode === 'test' ? options.clocks.offsetOf(accountId) : 0;
    if (isPromise(clockOffset)) clockOffset = await clockOffset;
    let features = options.features.featuresOf(accountId, mode);
    if (isPromise(features)) features = await features;
    return forward(pools.get(service) as Pool, request, reply, {
      internalToken: options.internalToken,
      clockOffset,
      features,
      signed: SIGNED_ANSWERS.has(pattern),
    });
  };
  // Document uploads may be 10 MiB plus their multipart framing; every other body keeps the gateway's limit.
  // Over it, the upload is cut off as it streams in (400), never held whole.
  fastify.post('/v1/documents', { bodyLimit: DOCUMENT_BODY_LIMIT_BYTES }, route);
  fastify.all('/v1/*', route);
  // Only the webhook paths of /v2 are in the route table: any other /v2 path is an unknown URL.
  fastify.all('/v2/*', route);
}

/**
 * An address that failed too often is refused (429) before its credentials are even read: no
 * database lookup, and no answer that says whether this attempt would have succeeded. A callback
 * hook: a key found in the cache (every request but a key's first) is checked with no promise.
 */
function authenticate(
  checks: { keys: ApiKeyRegistry; failures: FailedAuthLimiter },
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const retryAfterMs = checks.failures.retryAfterMs(request.ip);
  if (retryAfterMs > 0)
    return void reply
      .status(429)
      .header('retry-after', String(Math.ceil(retryAfterMs / 1000)))
      .send(badRequest(ErrorMessages.tooManyRequests));
  if (hasSeveralAuthorizationHeaders(request.raw.rawHeaders))
    return refuseCredentials(reply, SEVERAL_AUTHORIZATION_HEADERS);
  const credentials = parseBasicCredentials(request.headers.authorization);
  if (!credentials) return refuseKey(checks.failures, request, reply);
  const key = checks.keys.authenticate(credentials.keyId, credentials.secret);
  const admit = (found: AuthenticatedKey | null): void => {
    if (!found) return refuseKey(checks.failures, request, reply);
    request.caller = found;
    request.keySecret = credentials.secret;
    done();
  };
  if (isPromise(key)) key.then(admit, done);
  else admit(key);
}

/** A request with no credentials at all is not a guess: only presented credentials count as failures. */
function refuseKey(
  failures: FailedAuthLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (request.headers.authorization) failures.recordFailure(request.ip);
  refuseCredentials(
    reply,
    request.headers.authorization ? ErrorMessages.authenticationFailed : MISSING_CREDENTIALS,
  );
}

function refuseCredentials(reply: FastifyReply, description: string): void {
  reply.status(401).header('www-authenticate', 'Basic realm="api"').send(badRequest(description));
}

interface ForwardOptions {
  internalToken: string;
  /** Seconds the caller's test clock runs ahead (0 in live mode). */
  clockOffset: number;
  /** The account's features enabled in the caller's mode. */
  features: readonly string[];
  /** Add the checkout signature to a successful answer. */
  signed: boolean;
}

async function forward(
  pool: Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ForwardOptions,
): Promise<FastifyReply> {
  const caller = request.caller as AuthenticatedKey;
  const headers: Record<string, string> = withTraceHeaders({
    [ContextHeaders.internalToken]: options.internalToken,
    [ContextHeaders.accountId]: caller.accountId,
    [ContextHeaders.mode]: caller.mode,
    [ContextHeaders.keyId]: caller.keyId,
    [ContextHeaders.requestId]: String(request.id),
  });
  if (options.clockOffset > 0) headers[ContextHeaders.clockOffset] = String(options.clockOffset);
  const claim = request.idempotencyClaim;
  if (claim) headers[ContextHeaders.idempotencyKey] = `${claim.scope.namespace}:${claim.scope.key}`;
  if (options.features.length > 0) headers[ContextHeaders.features] = options.features.join(',');
  if (request.headers['content-type']) headers['content-type'] = request.headers['content-type'];
  // A keyed answer is kept for the key's retries: read whole, however large.
  const keyed = request.idempotencyClaim !== null;
  try {
    const upstream = await requestUpstream(
      pool,
      {
        method: request.method as 'GET',
        path: request.url,
        headers,
        body: request.body as Buffer | undefined,
        headersTimeout: UPSTREAM_TIMEOUT_MS,
        bodyTimeout: UPSTREAM_TIMEOUT_MS,
      },
      (failure) => mayResend(request.method, keyed, failure),
      request,
    );
    reply.status(upstream.statusCode);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    // Small answers (every JSON answer) are read whole: cheaper than piping a stream per request.
    // Large ones, such as document downloads, are streamed.
    const length = Number(upstream.headers['content-length']);
    if (options.signed && upstream.statusCode === 200)
      return reply.send(
        signCheckoutAnswer(
          (await upstream.body.json()) as Record<string, unknown>,
          request.keySecret ?? '',
        ),
      );
    if (length <= BUFFERED_RESPONSE_LIMIT || keyed)
      return reply.send(Buffer.from(await upstream.body.arrayBuffer()));
    return reply.send(upstream.body);
  } catch (error) {
    // 503 (504 for a service too slow to answer) with Retry-After: the client retries later, with its
    // idempotency key if it sent one. A POST without one may have been applied before its answer was lost.
    request.log.warn({ err: error }, 'upstream request failed');
    // The answer's body was lost after its headers came: none of them describes this answer.
    for (const name of FORWARDED_RESPONSE_HEADERS) reply.removeHeader(name);
    return reply
      .status(classifyUpstreamFailure(error).status)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(serviceUnavailable());
  }
}

function answerFailure(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const limited = error as { rateLimited?: boolean; retryAfterMs?: number };
  if (limited.rateLimited) {
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil((limited.retryAfterMs ?? 1000) / 1000))))
      .send(badRequest(ErrorMessages.tooManyRequests));
  }
  const failure = toHttpFailure(error);
  if (failure.unexpected) request.log.error({ err: error }, 'gateway failure');
  // The gateway's own database down (an idempotency key could not be claimed): 503, retry later.
  if (failure.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(failure.retryAfterSeconds));
  if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    discardRestOfBody(request, reply);
  return reply.status(failure.status).send(failure.body);
}

/** Bodies declared up to this size are read to their end (and dropped) after a refusal. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A body over the limit is refused before it is read. Fastify then closes the connection, and a
 * client still sending gets a broken pipe instead of the 400. Up to 64 MiB the rest is read and
 * dropped instead (never held), the connection stays open and the client reads the answer; a larger
 * declared body keeps the close.
 */
function discardRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_LIMIT_BYTES) return;
  reply.removeHeader('connection');
  request.raw.resume();
}
