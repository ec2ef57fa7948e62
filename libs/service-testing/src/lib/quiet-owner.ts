import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboxFeedPage } from '@platform/messaging';

/** What an owner answers on `GET /internal/outbox` when it has no event of the account to add. */
export const EMPTY_OUTBOX_PAGE: OutboxFeedPage = { horizon: '0', items: [], next: null };

export const isOutboxFeedRequest = (path: string): boolean => path.startsWith('/internal/outbox?');

export interface QuietOwner {
  url: string;
  close(): Promise<void>;
}

/**
 * The other services as a service's integration tests see them, over real HTTP on 127.0.0.1: they
 * run nowhere, so they have no events beyond those a test sends through the broker (an empty outbox
 * feed) and no entity (400 "does not exist" for anything asked). The service under test thus
 * catches up (EventCatchUp) and asks owners as in production; the tests of those paths give a real
 * owner or a stub of their own.
 */
export async function startQuietOwner(): Promise<QuietOwner> {
  const server: Server = createServer((request, response) => {
    const feed = isOutboxFeedRequest(request.url ?? '');
    response.writeHead(feed ? 200 : 400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        feed
          ? EMPTY_OUTBOX_PAGE
          : {
              error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
            },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
