import { request } from 'undici';
import { DependencyUnavailable } from './dependency-unavailable';
import type { RequestContext } from './request-context';
import { ContextHeaders } from './request-context';
import { withTraceHeaders } from '@platform/telemetry';

export interface OwnerQuestion {
  /** The owning service's internal base URL. */
  baseUrl: string;
  /** The path on it, query string included. */
  path: string;
  internalToken: string;
  /** Whose fact it is: the owner answers for this account and mode only. */
  caller: Pick<RequestContext, 'accountId' | 'mode' | 'requestId'>;
  /** For the error when the owner cannot answer, e.g. "customer cust_…". */
  what: string;
}

const TIMEOUT_MS = 5000;

/**
 * Asks the service that owns a fact over its internal API, as DESIGN.md wants when the local copy
 * (kept from the owner's events) has not heard of it yet: its JSON body for a 200, null for a 400
 * ("does not exist"). No answer within 5 s, or a 5xx, throws DependencyUnavailable: the request
 * asking is answered 503 with `Retry-After` rather than "does not exist" unasked.
 */
export async function askOwner<T>(question: OwnerQuestion): Promise<T | null> {
  const { caller } = question;
  const answer = await request(`${question.baseUrl.replace(/\/+$/, '')}${question.path}`, {
    headers: withTraceHeaders({
      [ContextHeaders.internalToken]: question.internalToken,
      [ContextHeaders.accountId]: caller.accountId,
      [ContextHeaders.mode]: caller.mode,
      [ContextHeaders.requestId]: caller.requestId,
    }),
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  }).catch((error: unknown) => {
    throw new DependencyUnavailable(`the owner of ${question.what}`, { cause: error });
  });
  if (answer.statusCode === 200) return (await answer.body.json()) as T;
  await answer.body.dump();
  if (answer.statusCode === 400) return null;
  if (answer.statusCode >= 500)
    throw new DependencyUnavailable(
      `the owner of ${question.what} (it answered ${answer.statusCode})`,
    );
  throw new Error(`the owner of ${question.what} answered ${answer.statusCode}`);
}
