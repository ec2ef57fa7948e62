import { ContextHeaders, RETRY_AFTER_SECONDS, serviceUnavailable } from '@platform/http';
import { withTraceHeaders } from '@platform/telemetry';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'undici';
import type { AuthenticatedKey } from '../account/api-key-registry';
import type { FeatureRegistry } from '../account-feature/feature-registry';
import { isPromise } from '../cache/maybe-promise';
import type { TestClockRegistry } from '../test-clock/test-clock.registry';
import { classifyUpstreamFailure, mayResend, requestUpstream } from './upstream-failure';

/** What every forwarded request carries besides the caller: the token, and the caller's clock and features. */
export interface CallerFacts {
  internalToken: string;
  clocks: TestClockRegistry;
  features: FeatureRegistry;
}

export interface ForwardOptions {
  /** The service's path when it is not the public one (the query string is kept). */
  path?: string;
  /** Rewrites a successful JSON answer: the checkout signature, the merchant's name. */
  rewrite?: (answer: Record<string, unknown>) => Record<string, unknown>;
}

const UPSTREAM_TIMEOUT_MS = 30_000;
const BUFFERED_RESPONSE_LIMIT = 256 * 1024;
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'retry-after',
  'x-content-sha256',
];

/**
 * Forwards the request untouched to the service, as `request.caller` (its account, mode and key id),
 * with the request id, the internal token, the caller's test clock offset and features, and the
 * idempotency key it holds; answers what the service answers, or 503/504 with Retry-After when the
 * service cannot be reached or is too slow.
 */
export async function forwardAsCaller(
  pool: Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  facts: CallerFacts,
  options: ForwardOptions = {},
): Promise<FastifyReply> {
  // Cached facts are at hand (no await) except on an account's first request.
  const { accountId, mode } = request.caller as AuthenticatedKey;
  let clockOffset = mode === 'test' ? facts.clocks.offsetOf(accountId) : 0;
  if (isPromise(clockOffset)) clockOffset = await clockOffset;
  let features = facts.features.featuresOf(accountId, mode);
  if (isPromise(features)) features = await features;
  const headers = contextHeaders(request, facts.internalToken, clockOffset, features);
  if (request.headers['content-type']) headers['content-type'] = request.headers['content-type'];
  // A keyed answer is kept for the key's retries: read whole, however large.
  const keyed = request.idempotencyClaim !== null;
  const query = request.url.indexOf('?');
  const path = options.path ? options.path + (query < 0 ? '' : request.url.slice(query)) : null;
  try {
    const upstream = await requestUpstream(
      pool,
      {
        method: request.method as 'GET',
        path: path ?? request.url,
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
    const isJson = String(upstream.headers['content-type']).startsWith('application/json');
    if (options.rewrite && upstream.statusCode === 200 && isJson)
      return reply.send(options.rewrite((await upstream.body.json()) as Record<string, unknown>));
    // Small answers (every JSON answer) are read whole: cheaper than piping a stream per request.
    // Large ones, such as document downloads, are streamed.
    const length = Number(upstream.headers['content-length']);
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

function contextHeaders(
  request: FastifyRequest,
  internalToken: string,
  clockOffset: number,
  features: readonly string[],
): Record<string, string> {
  const { accountId, mode, keyId } = request.caller as AuthenticatedKey;
  const headers: Record<string, string> = withTraceHeaders({
    [ContextHeaders.internalToken]: internalToken,
    [ContextHeaders.accountId]: accountId,
    [ContextHeaders.mode]: mode,
    [ContextHeaders.keyId]: keyId,
    [ContextHeaders.requestId]: String(request.id),
  });
  if (clockOffset > 0) headers[ContextHeaders.clockOffset] = String(clockOffset);
  const claim = request.idempotencyClaim;
  if (claim) headers[ContextHeaders.idempotencyKey] = `${claim.scope.namespace}:${claim.scope.key}`;
  if (features.length > 0) headers[ContextHeaders.features] = features.join(',');
  return headers;
}
