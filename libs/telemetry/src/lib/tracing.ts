import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Context, Span } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const TRACER = 'payments-platform';

export interface TracingOptions {
  /** `service.name` of the spans this process exports. */
  service: string;
  /** OTLP/HTTP collector base URL (OTEL_EXPORTER_OTLP_ENDPOINT), e.g. http://otel-collector:4318. */
  endpoint?: string;
  /** Instead of OTLP: where spans go (tests read them from an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

let provider: NodeTracerProvider | null = null;

/** Whether spans are recorded: false unless startTracing ran with an endpoint or an exporter. */
export function tracingEnabled(): boolean {
  return provider !== null;
}

/**
 * Turns tracing on for this process: W3C trace context in and out, spans exported over OTLP/HTTP
 * (batched) or to the given exporter (one by one). Without an endpoint or exporter it does nothing,
 * and every other function here returns at once: tracing off costs a boolean test per call. The
 * SDK is loaded only when tracing is on, so a process without it does not even pay its start-up.
 */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (provider || (!options.endpoint && !options.exporter)) return;
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, sdk, { NodeTracerProvider }] =
    await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
  const { BatchSpanProcessor, SimpleSpanProcessor } = sdk;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint?.replace(/\/$/, '')}/v1/traces` }),
      );
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    spanProcessors: [processor],
  });
  provider.register();
}

/** Exports what is pending and stops (at shutdown, and between tests). */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = null;
  if (!stopping) return;
  await stopping.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}

/**
 * `headers` with the active trace added as W3C headers (`traceparent`, `tracestate`): for an outbox
 * row or an upstream call. Written into the given object, which is returned: with tracing off it is
 * returned untouched, and no caller spreads or copies a header object per request or event.
 */
export function withTraceHeaders<Headers extends Record<string, string>>(
  headers: Headers,
): Headers {
  if (provider) propagation.inject(context.active(), headers);
  return headers;
}

/** The context a caller's or a message's W3C headers carry (a new trace when they carry none). */
export function contextFrom(headers: Record<string, unknown>): Context {
  const carrier: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string') carrier[name.toLowerCase()] = text;
    else if (Buffer.isBuffer(text)) carrier[name.toLowerCase()] = text.toString();
  }
  return propagation.extract(context.active(), carrier);
}

/** A span in `parent`'s trace, tagged with the service that made it (several may share a process in tests). */
export function startSpan(
  name: string,
  parent: Context,
  attributes: { service: string; kind: 'server' | 'consumer' } & Record<string, string | number>,
): Span {
  const { service, kind, ...rest } = attributes;
  return trace.getTracer(TRACER).startSpan(
    name,
    {
      kind: kind === 'server' ? SpanKind.SERVER : SpanKind.CONSUMER,
      attributes: { 'platform.service': service, ...rest },
    },
    parent,
  );
}

/** Ends a span, marked as failed when `error` is given. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Runs `work` with `span` as the active one, so what it writes (outbox rows) carries its trace. */
export function inSpan<T>(span: Span, work: () => T): T {
  return context.with(trace.setSpan(context.active(), span), work);
}
