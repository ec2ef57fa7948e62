import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** `expand`, `expand[]`, `expand[0]`, `expand[expand]`, `expand[expand][0]`… */
const EXPAND_KEY = /^expand(\[[^\]]*\])*$/;

/**
 * The expansions asked for, in every encoding clients use: the documented `expand[]=card`, and the
 * official SDK's `expand[expand]=card` / `expand[expand][0]=card` (reference section 1). Read from
 * the raw query string, de-duplicated.
 */
export function readExpansions(rawQuery: string): string[] {
  const found = new Set<string>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (EXPAND_KEY.test(key) && value !== '') found.add(value);
  }
  return [...found];
}

/** Controller parameter: the expansions of the request's query string. */
export const Expansions = createParamDecorator(
  (_: unknown, context: ExecutionContext): string[] => {
    const url = context.switchToHttp().getRequest<FastifyRequest>().url;
    const query = url.indexOf('?');
    return query < 0 ? [] : readExpansions(url.slice(query + 1));
  },
);
