import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a request asks the stand-in to do, in its JSON body (any other field is echoed back). */
export interface Script {
  /** The status to answer (201 to a POST, 200 to the rest, by default). */
  answer?: number;
  /** Wait this long before answering. */
  delay_ms?: number;
  /** A Retry-After header to answer with. */
  retry_after?: string;
  /** Read the request, then close the connection without an answer. */
  reset?: boolean;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  body: string;
}

/** A service behind the gateway over real HTTP, answering as each request's body says; it counts what reached it. */
export interface ScriptedUpstream {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** How many requests to `path` reached it. */
  count(path: string): number;
  close(): Promise<void>;
}

/** Starts the stand-in on `port` (0: any free port). */
export async function startScriptedUpstream(port = 0): Promise<ScriptedUpstream> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer(
    (request, response) => void answer(request, response, received),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    received,
    count: (path) => received.filter((request) => request.url.split('?')[0] === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (for now). */
export async function unusedPort(): Promise<number> {
  const upstream = await startScriptedUpstream();
  await upstream.close();
  return upstream.port;
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  received: ReceivedRequest[],
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  received.push({ method: request.method ?? '', url: request.url ?? '', body });
  const script = parse(body);
  if (script.delay_ms) await new Promise((resolve) => setTimeout(resolve, script.delay_ms));
  if (script.reset) return void request.socket.destroy();
  const text = JSON.stringify({
    id: `call_${received.length}`,
    method: request.method,
    path: request.url,
    body: parse(body),
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  };
  if (script.retry_after) headers['retry-after'] = script.retry_after;
  response.writeHead(script.answer ?? (request.method === 'POST' ? 201 : 200), headers).end(text);
}

function parse(body: string): Script & Record<string, unknown> {
  try {
    const value: unknown = body ? JSON.parse(body) : {};
    return typeof value === 'object' && value !== null
      ? (value as Script & Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
