import { RETRY_AFTER_SECONDS } from '@platform/http';

type JsonObject = Record<string, unknown>;
type Paths = Record<string, Record<string, JsonObject>>;

const errorBody = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};
const retryAfter = {
  description: 'Seconds to wait before retrying.',
  schema: { type: 'integer', examples: [RETRY_AFTER_SECONDS] },
};
/** Razorpay's refund key, read on this path only. */
const REFUND_PATH = '/v1/payments/{id}/refund';

/** What the gateway adds to every operation: idempotency keys on POSTs, 503 when a part is down. */
export const gatewayParameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a POST safe to retry: the first answer (2xx or 4xx) is kept for 24 hours per account and mode, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without running twice. ' +
      'The same key with another body or path: 400 naming the header ("Different request with the same idempotency key has already been processed."). While the first request runs: 409. ' +
      'A 5xx or 429 answer is not kept: retrying with the key runs the request again. 1 to 255 printable ASCII characters, else 400 naming the header.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  },
  XRefundIdempotency: {
    name: 'X-Refund-Idempotency',
    in: 'header',
    required: false,
    description:
      "Razorpay's idempotency header for refunds: the same rules as `Idempotency-Key`, in a namespace of its own (a value used as one is a different key as the other). " +
      'Sent with `Idempotency-Key`, this one is the key. 10 to 255 characters from `A-Z a-z 0-9 _ -`, else 400 naming the header.',
    schema: { type: 'string', minLength: 10, maxLength: 255, pattern: '^[A-Za-z0-9_-]+$' },
  },
};

export const gatewayResponses = {
  BadRequest: {
    description: 'Invalid input, unknown id, or a rule of the resource not met',
    ...errorBody,
  },
  Unauthorized: {
    description: 'Missing, malformed, unknown or revoked key pair',
    ...errorBody,
  },
  TooManyRequests: {
    description: 'Rate limit of the key reached; retry after the `Retry-After` seconds',
    ...errorBody,
  },
  IdempotencyKeyInUse: {
    description:
      'A request with this idempotency key is still in progress ("Another request with the same idempotency key is still in progress. Retry after it has been answered."). Nothing is kept for this one: retry later.',
    ...errorBody,
  },
  ServiceUnavailable: {
    description:
      'A part of the platform is down or restarting (504: it did not answer within 30 s). Retry after `Retry-After` seconds; a POST is safe to retry only with an idempotency key (without one it may have been applied).',
    headers: { 'Retry-After': retryAfter },
    ...errorBody,
  },
};

export const gatewayHeaders = {
  IdempotentReplayed: {
    description:
      'On the answer of a retried POST: `true` when this is the kept first answer of its idempotency key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * Adds, in one place, what every operation can answer (400 for bad input; with a key, 401 and 429;
 * 503/504 while a part is down) and what every POST with a key accepts (an idempotency key: kept per
 * account, so a POST without one, such as Hosted Checkout's form, has none).
 */
export function withGatewayAnswers(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          method === 'post' && withKey(operation)
            ? keyed(path, answered(operation))
            : answered(operation),
        ]),
      ),
    ]),
  );
}

const withKey = (operation: JsonObject) =>
  !Array.isArray(operation['security']) || operation['security'].length > 0;

function answered(operation: JsonObject): JsonObject {
  const responses = operation['responses'] as JsonObject;
  return {
    ...operation,
    responses: {
      ...responses,
      '400': responses['400'] ?? { $ref: '#/components/responses/BadRequest' },
      ...(withKey(operation)
        ? {
            '401': { $ref: '#/components/responses/Unauthorized' },
            '429': { $ref: '#/components/responses/TooManyRequests' },
          }
        : {}),
      '503': { $ref: '#/components/responses/ServiceUnavailable' },
      '504': { $ref: '#/components/responses/ServiceUnavailable' },
    },
  };
}

function keyed(path: string, operation: JsonObject): JsonObject {
  const parameters = [
    ...((operation['parameters'] as unknown[]) ?? []),
    { $ref: '#/components/parameters/IdempotencyKey' },
  ];
  if (path === REFUND_PATH) parameters.push({ $ref: '#/components/parameters/XRefundIdempotency' });
  const responses = Object.fromEntries(
    Object.entries(operation['responses'] as Record<string, JsonObject>).map(
      ([status, response]) =>
        status.startsWith('2') && !('$ref' in response)
          ? [
              status,
              {
                ...response,
                headers: {
                  ...(response['headers'] as JsonObject),
                  'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
                },
              },
            ]
          : [status, response],
    ),
  );
  return {
    ...operation,
    parameters,
    responses: { ...responses, '409': { $ref: '#/components/responses/IdempotencyKeyInUse' } },
  };
}
