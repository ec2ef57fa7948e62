/**
 * The merchant's webhook endpoint in replica mode: a local HTTP server that takes every delivery
 * (200) and counts them, so that the webhooks service has deliveries to share between its replicas.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  url: string;
  received(): number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.once('end', () => {
      received++;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/razorpay/webhooks`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
