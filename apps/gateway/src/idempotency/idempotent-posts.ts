import { badRequest } from '@platform/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeyOf, isFinalAnswer, KeyMessages, requestHash } from './idempotency-key';
import type { Claim, IdempotencyStore, StoredAnswer } from './idempotency-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds (a POST that sent one), until its answer is settled. */
    idempotencyClaim: Claim | null;
  }
}

/** Response headers a replay repeats; the others belong to each request (its id, its date). */
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'x-content-sha256'];
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Idempotency keys on the POSTs of this Fastify scope (the public API), after authentication and the
 * rate limit. A POST with a key claims it before it is handled; its final answer is kept when it is
 * sent, and repeated to every retry of the same request with `Idempotent-Replayed: true`. Requests
 * without a key pass by without a query.
 */
export function registerIdempotentPosts(fastify: FastifyInstance, store: IdempotencyStore): void {
  fastify.decorateRequest('idempotencyClaim', null);
  // Callback hooks: a request with no key (every GET) passes without a promise.
  fastify.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST') return done();
    claimKey(store, request, reply).then(() => done(), done);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = null;
    settle(store, claim, reply, payload)
      .catch((error: unknown) =>
        // The answer still goes out; the key stays claimed until it counts as abandoned.
        request.log.error({ err: error }, 'the answer of an idempotency key could not be kept'),
      )
      .then(() => done(null, payload));
  });
}

async function claimKey(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const caller = request.caller;
  if (!caller) return undefined;
  const key = idempotencyKeyOf(request.method, request.url.split('?')[0], request.headers);
  if (!key) return undefined;
  const scope = {
    accountId: caller.accountId,
    mode: caller.mode,
    namespace: key.namespace,
    key: key.value,
  };
  const outcome = await store.claim(
    scope,
    requestHash(request.method, request.url, request.body as Buffer | undefined),
  );
  switch (outcome.kind) {
    case 'claimed':
      request.idempotencyClaim = outcome.claim;
      return undefined;
    case 'in_flight':
      // Nothing is kept for this request: once the first is answered, a retry gets its answer.
      return reply.status(409).send(badRequest(KeyMessages.inProgress));
    case 'different_request':
      return reply
        .status(400)
        .send(badRequest(KeyMessages.differentRequest, { field: key.header }));
    case 'answered':
      return replay(reply, outcome.answer);
  }
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return reply.status(answer.status).header(REPLAYED_HEADER, 'true').send(answer.body);
}

/** Keeps a final answer for the key; any other (a "retry" answer, or a stream) frees the key. */
async function settle(
  store: IdempotencyStore,
  claim: Claim,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const body =
    payload === null || payload === undefined
      ? Buffer.alloc(0)
      : typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
  if (!body || !isFinalAnswer(reply.statusCode)) return store.release(claim);
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return store.complete(claim, { status: reply.statusCode, headers, body });
}
