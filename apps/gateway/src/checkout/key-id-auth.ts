import { badRequest, ErrorMessages } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyRegistry, CheckoutKey } from '../account/api-key-registry';
import {
  hasSeveralAuthorizationHeaders,
  parseBasicCredentials,
  SEVERAL_AUTHORIZATION_HEADERS,
} from '../account/basic-credentials';
import type { AuthFailures } from '../cache/auth-failures';
import type { WindowLimiter } from '../cache/window-limiter';
import { tooManyRequests } from '../proxy/answer-failure';

declare module 'fastify' {
  interface FastifyRequest {
    /** Checkout's caller: the key named by its id, with the secret its answers are signed with. */
    checkoutKey: CheckoutKey | null;
  }
}

export interface KeyIdChecks {
  keys: ApiKeyRegistry;
  /** Failed authentications per client network and per key id, shared with the key-pair API. */
  failures: AuthFailures;
  /** Requests per key id. */
  perKey: WindowLimiter;
}

export const MISSING_KEY_ID =
  'Please provide your api key for authentication purposes: the key_id parameter, or HTTP Basic with the key id and an empty password.';
export const NO_SIGNING_SECRET =
  'This key cannot be used with Checkout yet: its secret is kept for signing payments only once the key has been used with it. Make one API call with this key id and its secret (HTTP Basic), or create a new key, then try again.';
const KEY_ID_MISMATCH =
  'The key_id does not match the key id of the Authorization header: send one of them.';

/** A key id and, when one was sent (Basic with a password), the secret that must go with it. */
interface Presented {
  keyId: string;
  secret: string;
}

/**
 * Checkout's authentication, with the key id alone: `key_id` in the query (GET) or the JSON body
 * (POST), or HTTP Basic with the key id and an empty password. A password that is sent must be the
 * key's secret. An unknown or revoked key, a wrong secret or a malformed header is a failed
 * authentication (counted per address, like the key-pair API's); a key whose secret is not kept yet
 * cannot sign, and is refused before anything is forwarded. Refusals carry no WWW-Authenticate: a
 * browser would open its password dialog over the merchant's page.
 */
export async function authenticateKeyId(
  checks: KeyIdChecks,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const retryAfterMs = checks.failures.retryAfterMs(request.ip);
  if (retryAfterMs > 0) return tooManyRequests(reply, retryAfterMs);
  if (hasSeveralAuthorizationHeaders(request.raw.rawHeaders))
    return reply.status(401).send(badRequest(SEVERAL_AUTHORIZATION_HEADERS));
  const presented = presentedKey(request);
  if (presented === 'malformed') return refuse(checks, request, reply);
  if (presented === 'mismatch')
    return reply.status(400).send(badRequest(KEY_ID_MISMATCH, { field: 'key_id' }));
  if (presented === 'invalid_json')
    return reply.status(400).send(badRequest(ErrorMessages.invalidJson));
  if (presented === null) return reply.status(401).send(badRequest(MISSING_KEY_ID));
  if (presented.secret !== '') {
    const keyRetryAfterMs = checks.failures.retryAfterMs(request.ip, { keyId: presented.keyId });
    if (keyRetryAfterMs > 0) return tooManyRequests(reply, keyRetryAfterMs);
    if (!(await checks.keys.authenticate(presented.keyId, presented.secret)))
      return refuse(checks, request, reply, presented.keyId);
  }
  const key = await checks.keys.checkoutKey(presented.keyId);
  if (!key) return refuse(checks, request, reply);
  if (key.secret === null) return reply.status(400).send(badRequest(NO_SIGNING_SECRET));
  const keyRetryAfterMs = checks.perKey.take(key.keyId);
  if (keyRetryAfterMs > 0) return tooManyRequests(reply, keyRetryAfterMs);
  request.caller = { keyId: key.keyId, accountId: key.accountId, mode: key.mode };
  request.checkoutKey = key;
  return undefined;
}

/** A wrong secret counts on its key id too; a key id alone (or a malformed header) on the network only. */
function refuse(
  checks: KeyIdChecks,
  request: FastifyRequest,
  reply: FastifyReply,
  keyIdWithWrongSecret?: string,
): FastifyReply {
  checks.failures.count(
    request.ip,
    keyIdWithWrongSecret === undefined ? undefined : { keyId: keyIdWithWrongSecret },
  );
  return reply.status(401).send(badRequest(ErrorMessages.authenticationFailed));
}

function presentedKey(
  request: FastifyRequest,
): Presented | 'malformed' | 'mismatch' | 'invalid_json' | null {
  const header = request.headers.authorization;
  const basic = header === undefined ? null : parseBasicCredentials(header, { emptySecret: true });
  if (header !== undefined && !basic) return 'malformed';
  const parameter = keyIdParameter(request);
  if (parameter === 'invalid_json') return parameter;
  if (basic && parameter !== null && parameter !== basic.keyId) return 'mismatch';
  if (basic) return basic;
  return parameter === null ? null : { keyId: parameter, secret: '' };
}

/** `key_id` of the query, or of a POST's JSON body (read, not changed: the service reads it too). */
function keyIdParameter(request: FastifyRequest): string | null | 'invalid_json' {
  const query = (request.query as Record<string, unknown>)['key_id'];
  if (typeof query === 'string' && query !== '') return query;
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return 'invalid_json';
  }
  const keyId = (parsed as { key_id?: unknown } | null)?.key_id;
  return typeof keyId === 'string' && keyId !== '' ? keyId : null;
}
