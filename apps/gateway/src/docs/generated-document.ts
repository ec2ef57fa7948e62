/** An operation of the generated document, with the services that serve it (`x-served-by`). */
export interface GeneratedOperation {
  operationId: string;
  'x-served-by'?: string[];
  [key: string]: unknown;
}

export interface GeneratedDocument {
  paths: Record<string, Record<string, GeneratedOperation>>;
  [key: string]: unknown;
}

/**
 * The OpenAPI document generated from the code by `npx nx run gateway:openapi` (tools/openapi; the
 * gateway's build runs it), bundled with the gateway. Each service operation names the services
 * that serve it, which the route table reads; the published document leaves that out.
 */
// JSON, bundled by webpack (and read by jest) as a module.
export const GENERATED_DOCUMENT = require('./generated/openapi.json') as GeneratedDocument;

/** The document as `/docs/openapi.json` serves it: without the services behind each operation. */
export function publishedDocument(): string {
  return JSON.stringify(GENERATED_DOCUMENT, (key, value: unknown) =>
    key === 'x-served-by' ? undefined : value,
  );
}
