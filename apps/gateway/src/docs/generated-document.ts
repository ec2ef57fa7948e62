/**
 * An operation of the generated document, with the services that serve it (`x-served-by`) and
 * whether it is Checkout's, called with the key id alone (`x-key-id-only`, from the controller).
 */
export interface GeneratedOperation {
  operationId: string;
  'x-served-by'?: string[];
  'x-key-id-only'?: boolean;
  [key: string]: unknown;
}

export interface GeneratedDocument {
  paths: Record<string, Record<string, GeneratedOperation>>;
  [key: string]: unknown;
}

/**
 * The OpenAPI document generated from the code by `npx nx run gateway:openapi` (tools/openapi; the
 * gateway's build runs it), bundled with the gateway. Each service operation names the services
 * that serve it, and whether it is called with the key id alone, which the route table reads; the
 * published document leaves that out.
 */
// JSON, bundled by webpack (and read by jest) as a module.
export const GENERATED_DOCUMENT = require('./generated/openapi.json') as GeneratedDocument;

/** What only the gateway reads: which service serves an operation, and how the gateway routes it. */
const ROUTING_EXTENSIONS = new Set(['x-served-by', 'x-key-id-only']);

/**
 * The document as `/docs/openapi.json` serves it: without the routing extensions (how a key-id-only
 * operation is called is in its security scheme).
 */
export function publishedDocument(): string {
  return JSON.stringify(GENERATED_DOCUMENT, (key, value: unknown) =>
    ROUTING_EXTENSIONS.has(key) ? undefined : value,
  );
}
