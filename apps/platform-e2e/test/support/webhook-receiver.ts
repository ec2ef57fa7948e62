import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook's body as the platform delivers it: the event's name and its entities. */
export interface WebhookBody {
  event: string;
  payload: Record<string, { entity: Record<string, unknown> } | undefined>;
  [key: string]: unknown;
}

/**
 * An integrator's webhook endpoint on localhost: it answers 200 and keeps every request it is sent,
 * as received (`received`: headers and the raw body, for checking signatures) and parsed (`bodies`).
 */
export async function webhookReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const bodies: WebhookBody[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      bodies.push(JSON.parse(body) as WebhookBody);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/razorpay/webhooks`,
    received,
    bodies,
    close: () =>
      new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}
