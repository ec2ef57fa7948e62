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
} as const;

/** Who is calling: everything a service reads and writes is scoped by (accountId, mode). */
export interface RequestContext {
  accountId: string;
  mode: Mode;
  keyId: string;
  requestId: string;
}

export function readRequestContext(request: Pick<FastifyRequest, 'headers' | 'id'>): RequestContext | null {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const accountId = header(ContextHeaders.accountId);
  const mode = header(ContextHeaders.mode);
  if (!accountId || (mode !== 'test' && mode !== 'live')) return null;
  return { accountId, mode, keyId: header(ContextHeaders.keyId) ?? '', requestId: header(ContextHeaders.requestId) ?? String(request.id) };
}

/** Controller parameter: the caller's account, mode, key and request id. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): RequestContext => {
  const found = readRequestContext(context.switchToHttp().getRequest<FastifyRequest>());
  if (!found) throw new UnauthorizedException();
  return found;
});
