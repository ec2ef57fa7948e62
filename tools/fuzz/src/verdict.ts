/**
 * What makes an answer a failure: any 5xx, a 2xx (or redirect) for input that must be refused, an
 * error outside the API's envelope (`{"error":{"code","description",…}}`; for an operation that
 * documents its refusals as pages, outside the envelope and no HTML page either), or no answer at all.
 */
import type { Variant } from './variants';

export type Verdict =
  '5xx' | 'accepted input that must be refused' | 'error outside the envelope' | 'no answer';

export function judge(variant: Variant, status: number | null, body: string): Verdict | null {
  if (status === null) return 'no answer';
  if (status >= 500) return '5xx';
  if (variant.mustRefuse && status < 400) return 'accepted input that must be refused';
  if (status >= 400 && !inEnvelope(body) && !(variant.refusesWithPages && isPage(body)))
    return 'error outside the envelope';
  return null;
}

export function inEnvelope(body: string): boolean {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; description?: unknown } } | null)
      ?.error;
    return typeof error?.code === 'string' && typeof error.description === 'string';
  } catch {
    return false;
  }
}

/** `2xx`, `4xx`, …, or `no answer`. */
export const statusClass = (status: number | null): string =>
  status === null ? 'no answer' : `${Math.floor(status / 100)}xx`;

const isPage = (body: string): boolean => /^<!doctype html>/i.test(body.trimStart());
