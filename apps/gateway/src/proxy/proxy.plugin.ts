import rateLimit from '@fastify/rate-limit';
import { badRequest, ErrorMessages } from '@platform/http';
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
import type { AuthFailures, Credential } from '../cache/auth-failures';
import { isPromise } from '../cache/maybe-promise';
import { SIGNED_ANSWERS, signCheckoutAnswer } from '../simulator/checkout-signature';
import type { FeatureRegistry } from '../account-feature/feature-registry';
import type { IdempotencyStore } from '../idempotency/idempotency-store';
import { registerIdempotentPosts } from '../idempotency/idempotent-posts';
import type { TestClockRegistry } from '../test-clock/test-clock.registry';
import { registerTestClockRoutes } from '../test-clock/test-clock.routes';
import { answerFailure, tooManyRequests } from './answer-failure';
import { forwardAsCaller } from './forward';
import { RouteMatcher } from './route-matcher';
import type { RouteEntry, ServiceName } from './route-table';

export interface ProxyOptions {
  /** The operations it serves (those authenticated with the key pair), each with its service. */
  routes: readonly RouteEntry[];
  keys: ApiKeyRegistry;
  /** Failed authentications per client network and per key id, counted with Checkout's and the admin API's. */
  failures: AuthFailures;
  clocks: TestClockRegistry;
  features: FeatureRegistry;
  idempotency: IdempotencyStore;
  upstreams: Record<ServiceName, string>;
  internalToken: string;
  rateLimitPerSecond: number;
  bodyLimitBytes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: AuthenticatedKey | null;
    /** The secret the caller presented (checked): only for signing what checkout would sign. */
    keySecret: string | null;
  }
}

export const MISSING_CREDENTIALS = 'Please provide your api key for authentication purposes.';
/** A 10 MiB document (the payments service's own limit) and room for its multipart framing. */
export const DOCUMENT_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * The public API (`/v1`, and the `/v2` paths the SDK uses for an account's webhooks): authenticate
 * the key pair, apply the key's rate limit, find the owning service, and forward the request
 * untouched with the caller's account, mode, key and request id.
 */
export async function proxyPlugin(fastify: FastifyInstance, options: ProxyOptions): Promise<void> {
  const matcher = new RouteMatcher(options.routes);
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
  fastify.addHook('onRequest', (request, reply, done) =>
    authenticate({ keys: options.keys, failures: options.failures }, request, reply, done),
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
  const facts = {
    internalToken: options.internalToken,
    clocks: options.clocks,
    features: options.features,
  };
  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const matched = matcher.route(request.method, path, request.query as Record<string, unknown>);
    if (!matched || !request.caller)
      return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
    const { service, pattern } = matched;
    request.metricsRoute = pattern;
    const secret = request.keySecret ?? '';
    return forwardAsCaller(pools.get(service) as Pool, request, reply, facts, {
      rewrite: SIGNED_ANSWERS.has(pattern)
        ? (answer) => signCheckoutAnswer(answer, secret)
        : undefined,
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
  checks: { keys: ApiKeyRegistry; failures: AuthFailures },
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const retryAfterMs = checks.failures.retryAfterMs(request.ip);
  if (retryAfterMs > 0) return void tooManyRequests(reply, retryAfterMs);
  if (hasSeveralAuthorizationHeaders(request.raw.rawHeaders))
    return refuseCredentials(reply, SEVERAL_AUTHORIZATION_HEADERS);
  const credentials = parseBasicCredentials(request.headers.authorization);
  if (!credentials) return refuseKey(checks.failures, request, reply);
  const keyRetryAfterMs = checks.failures.retryAfterMs(request.ip, { keyId: credentials.keyId });
  if (keyRetryAfterMs > 0) return void tooManyRequests(reply, keyRetryAfterMs);
  const key = checks.keys.authenticate(credentials.keyId, credentials.secret);
  const admit = (found: AuthenticatedKey | null): void => {
    if (!found) return refuseKey(checks.failures, request, reply, { keyId: credentials.keyId });
    request.caller = found;
    request.keySecret = credentials.secret;
    done();
  };
  if (isPromise(key)) key.then(admit, done);
  else admit(key);
}

/** A request with no credentials at all is not a guess: only presented credentials count as failures. */
function refuseKey(
  failures: AuthFailures,
  request: FastifyRequest,
  reply: FastifyReply,
  credential?: Credential,
): void {
  if (request.headers.authorization) failures.count(request.ip, credential);
  refuseCredentials(
    reply,
    request.headers.authorization ? ErrorMessages.authenticationFailed : MISSING_CREDENTIALS,
  );
}

function refuseCredentials(reply: FastifyReply, description: string): void {
  reply.status(401).header('www-authenticate', 'Basic realm="api"').send(badRequest(description));
}
