import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook's body as the platform delivers it: the event's name and its entities. */
export interface WebhookBody {
  event: string;
  payload: Record<string, { entity: Record<string, unknown> } | undefined>;
}

/** An integrator's webhook endpoint on localhost: it answers 200 and keeps every body it is sent. */
export async function webhookReceiver() {
  const bodies: WebhookBody[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookBody);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/razorpay/webhooks`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}
