import { createServer } from 'node:http';
import type { Server } from 'node:http';

/** A span as the platform exported it, with the service that made it. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  service: string;
  kind: number;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
      }[];
    }[];
  }[];
}

/**
 * The smallest OpenTelemetry collector: OTLP/HTTP JSON on POST /v1/traces, what it received on
 * GET /spans. The e2e platform exports to it, so a test sees the traces of real processes.
 */
export async function startTraceCollector(): Promise<{ url: string; server: Server }> {
  const spans: CollectedSpan[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/spans') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(spans));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces')
        spans.push(...spansOf(JSON.parse(body || '{}') as OtlpJson));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

function spansOf(request: OtlpJson): CollectedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service =
      resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')
        ?.value.stringValue ?? 'unknown';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        service,
        kind: span.kind,
      })),
    );
  });
}
