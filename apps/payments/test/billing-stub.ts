import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMPTY_OUTBOX_PAGE, isOutboxFeedRequest } from '@platform/service-testing';

export interface BillingStub {
  url: string;
  /** Billing's answer at this path for this account (200 unless `status` says otherwise); any other path or account is unknown (400). */
  answer(accountId: string, path: string, body: unknown, status?: number): void;
  /** The questions billing received (its outbox feed aside), in order. */
  asked: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * Billing's internal API as payments sees it, over real HTTP on 127.0.0.1: the answers a test gives
 * it, "does not exist" (400, in the error envelope) for everything else, and no events beyond those
 * the test sends through the broker (an empty outbox feed: see startQuietOwner).
 */
export async function startBillingStub(): Promise<BillingStub> {
  const answers = new Map<string, { body: unknown; status: number }>();
  const asked: BillingStub['asked'] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    if (!isOutboxFeedRequest(path)) asked.push({ path, headers: request.headers });
    const known = answers.get(`${String(request.headers['x-account-id'])} ${path}`) ??
      (isOutboxFeedRequest(path) ? { status: 200, body: EMPTY_OUTBOX_PAGE } : null) ?? {
        status: 400,
        body: {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        },
      };
    response.writeHead(known.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(known.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: (accountId, path, body, status = 200) =>
      void answers.set(`${accountId} ${path}`, { body, status }),
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
