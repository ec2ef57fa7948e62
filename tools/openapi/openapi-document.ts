import { join } from 'node:path';
import { buildOpenApiDocument } from '../../apps/gateway/src/docs/openapi.document';
import type { ServicesPart } from '../../apps/gateway/src/docs/openapi.document';
import { webhookRequests } from '../../apps/webhooks/src/delivery/webhook-request.openapi';
import { ROOT } from './service-documents';
import { servicesPart } from './services-part';

type Json = Record<string, unknown>;

/** Where the document is kept: the gateway serves it, and routes by it (see write-openapi.ts). */
export const OPENAPI_FILE = join(ROOT, 'apps/gateway/src/docs/generated/openapi.json');

/** The public API's OpenAPI document, generated from the code. */
export async function openApiDocument(): Promise<Json> {
  const services = await servicesPart();
  return withReachableSchemas(
    buildOpenApiDocument({ ...services, webhooks: webhookRequests } as ServicesPart),
  );
}

/** The file's text: the document, two spaces deep, with a final newline. */
export async function openApiFileText(): Promise<string> {
  return `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
}

/** Only the schemas the operations use (the services' internal routes use others). */
function withReachableSchemas(document: Json): Json {
  const components = document['components'] as Json & { schemas: Record<string, unknown> };
  const { schemas, ...rest } = components;
  const reachable = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const ref = (value as Json)['$ref'];
    const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
    if (name !== undefined && name in schemas && !reachable.has(name)) {
      reachable.add(name);
      visit(schemas[name]);
    }
    Object.values(value as Json).forEach(visit);
  };
  visit({ ...document, components: rest });
  return {
    ...document,
    components: {
      ...rest,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reachable.has(name))),
    },
  };
}
