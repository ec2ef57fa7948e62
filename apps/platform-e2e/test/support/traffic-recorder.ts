import { appendFileSync } from 'node:fs';

/** One call of the public API as a test made it and the platform answered it. */
export interface Exchange {
  method: string;
  /** Path and query, e.g. /v1/payments/pay_…/capture?x=1. */
  url: string;
  requestBody: unknown;
  /** False for a multipart upload: only its answer can be checked against a JSON schema. */
  requestIsJson: boolean;
  status: number;
  responseBody: unknown;
}

const PUBLIC_API = /^\/v[12]\//;

/**
 * Keeps every call the specs make to the public API (through the SDK's axios or fetch) in a file the
 * contracts spec checks against /docs/openapi.json at the end of the run. Installed by
 * traffic.setup.ts in every spec file.
 */
export function recordExchange(exchange: Exchange): void {
  const file = process.env['E2E_TRAFFIC_FILE'];
  const path = new URL(exchange.url, 'http://x').pathname;
  if (!file || !PUBLIC_API.test(path)) return;
  appendFileSync(file, `${JSON.stringify(exchange)}\n`);
}

export function parseBody(text: string | undefined | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
