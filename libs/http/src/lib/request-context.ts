import { createParamDecorator, UnauthorizedException } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';
import type { FastifyRequest } from 'fastify';

/** Headers the gateway sets on every request it forwards to a service. */
export const ContextHeaders = {
  accountId: 'x-account-id',
  mode: 'x-mode',
  keyId: 'x-key-id',
  requestId: 'x-request-id',
  internalToken: 'x-internal-token',
  /** Test mode only: how many seconds the account's test clock runs ahead of real time. */
  clockOffset: 'x-clock-offset',
  /** The account's features enabled in this mode, comma-separated (e.g. `upi_qr`). */
  features: 'x-features',
  /**
   * The idempotency key the gateway holds for this request (`<namespace>:<key>`, e.g.
   * `refund:…` for X-Refund-Idempotency): a service that records it with its write makes a retry
   * after a lost answer find the first write instead of making a second.
   */
  idempotencyKey: 'x-idempotency-key',
} as const;

/** Who is calling: everything a service reads and writes is scoped by (accountId, mode). */
export interface RequestContext {
  accountId: string;
  mode: Mode;
  keyId: string;
  requestId: string;
  /** Seconds the account's test clock runs ahead (0 in live mode). */
  clockOffsetSeconds: number;
  /** The account's features enabled in this mode (the gateway's account settings). */
  features: readonly string[];
  /** The idempotency key of the request, when the caller sent one (see ContextHeaders). */
  idempotencyKey?: string;
}

export function readRequestContext(
  request: Pick<FastifyRequest, 'headers' | 'id'>,
): RequestContext | null {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const accountId = header(ContextHeaders.accountId);
  const mode = header(ContextHeaders.mode);
  if (!accountId || (mode !== 'test' && mode !== 'live')) return null;
  const offset = Number(header(ContextHeaders.clockOffset) ?? 0);
  const clockOffsetSeconds =
    mode === 'test' && Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
  const idempotencyKey = header(ContextHeaders.idempotencyKey);
  const features = (header(ContextHeaders.features) ?? '')
    .split(',')
    .filter((feature) => feature !== '');
  return {
    accountId,
    mode,
    keyId: header(ContextHeaders.keyId) ?? '',
    requestId: header(ContextHeaders.requestId) ?? String(request.id),
    clockOffsetSeconds,
    features,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Controller parameter: the caller's account, mode, key and request id. */
export const Caller = createParamDecorator(
  (_: unknown, context: ExecutionContext): RequestContext => {
    const found = readRequestContext(context.switchToHttp().getRequest<FastifyRequest>());
    if (!found) throw new UnauthorizedException();
    return found;
  },
);
