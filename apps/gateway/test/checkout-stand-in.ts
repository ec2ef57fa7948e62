import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in answers to one route. */
export interface StandInAnswer {
  status?: number;
  /** JSON unless `type` says otherwise (then sent as the string it is). */
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
}

export interface ReceivedCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The payments and billing services behind Checkout over real HTTP, answering each route
 * (`GET /v1/checkout/preferences`, the query left out) as the test sets it; it keeps every call.
 */
export interface CheckoutStandIn {
  url: string;
  received: ReceivedCall[];
  /** The calls to `route` (`METHOD /path`, the query left out). */
  callsTo(route: string): ReceivedCall[];
  answer(route: string, answer: StandInAnswer | ((call: ReceivedCall) => StandInAnswer)): void;
  close(): Promise<void>;
}

export async function startCheckoutStandIn(): Promise<CheckoutStandIn> {
  const received: ReceivedCall[] = [];
  const answers = new Map<string, (call: ReceivedCall) => StandInAnswer>();
  const routeOf = (call: { method: string; url: string }) =>
    `${call.method} ${call.url.split('?')[0]}`;
  const server: Server = createServer(
    (request, response) => void respond(request, response, received, answers, routeOf),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    callsTo: (route) => received.filter((call) => routeOf(call) === route),
    answer: (route, answer) =>
      answers.set(route, typeof answer === 'function' ? answer : () => answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function respond(
  request: IncomingMessage,
  response: ServerResponse,
  received: ReceivedCall[],
  answers: Map<string, (call: ReceivedCall) => StandInAnswer>,
  routeOf: (call: { method: string; url: string }) => string,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const call: ReceivedCall = {
    method: request.method ?? '',
    url: request.url ?? '',
    headers: request.headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
  received.push(call);
  const answer = answers.get(routeOf(call))?.(call) ?? {
    status: 404,
    body: { error: { code: 'BAD_REQUEST_ERROR', description: 'no such route in the stand-in' } },
  };
  const text = answer.type ? String(answer.body) : JSON.stringify(answer.body ?? {});
  response
    .writeHead(answer.status ?? 200, {
      'content-type': answer.type ?? 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      ...answer.headers,
    })
    .end(text);
}
