import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badRequest, ErrorMessages } from '@platform/http';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given when 0 was asked). */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), never on the public one: what a scraper reads
 * (request rates, route patterns, dead letters, the ledger audit) is not for API callers, and a
 * NetworkPolicy can open this port to the monitoring namespace alone. Node's own server, not a second
 * Fastify instance: one route, no body, nothing to parse.
 */
export async function serveMetrics(port: number, host: string): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) {
      metricsRegistry.metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': metricsRegistry.contentType });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        () => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end('metrics could not be collected\n');
        },
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(badRequest(ErrorMessages.urlNotFound)));
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
