export * from './lib/tracing';
export * from './lib/request-spans';
export type { Span } from '@opentelemetry/api';
