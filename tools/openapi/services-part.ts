import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CURRENCY_SCHEMA, NOTES_SCHEMA } from '@platform/http';
import { loadPluginMetadata } from './plugin-metadata';
import { answeringMethods, requestSchemaDocs, responseSchemas } from './response-schemas';
import { schemaTypeScript } from './schema-typescript';
import type { AnsweringMethod } from './response-schemas';
import { normalized, schemaNames } from './schema-normalization';
import { ROOT, SERVICES, serviceDocument, servicesProgram } from './service-documents';
import type { ServiceName } from './service-documents';

type Json = Record<string, unknown>;
type Operation = Json & { operationId: string; responses: Record<string, Json> };

/** The extension naming the services that serve an operation (the gateway's route table reads it). */
export const SERVED_BY = 'x-served-by';

/** Types the document names that no public controller method returns. */
const NAMED_TYPES = [
  { file: join(ROOT, 'libs/http/src/lib/error-envelope.ts'), type: 'ErrorEnvelope' },
  {
    file: join(ROOT, 'libs/contracts/src/lib/test-clocks/test-clock-advanced.event.ts'),
    type: 'TestClockEntity',
  },
  { file: join(ROOT, 'apps/webhooks/src/delivery/webhook-payload.ts'), type: 'WebhookBody' },
];

/** Public routes: the versioned API the gateway routes; the rest (`/internal`, `/health`) is not. */
const isPublic = (path: string) => /^\/v\d+\//.test(path);

/**
 * The services' public operations and the schemas they use, as one OpenAPI fragment (`paths` and
 * `components.schemas`), from the code: operations, parameters and request bodies from the
 * controllers and DTOs (`@nestjs/swagger` with its plugin's metadata), answers from the
 * controllers' declared return types. Each operation names its services under `x-served-by`.
 */
export async function servicesPart(): Promise<{ paths: Json; schemas: Json }> {
  await loadPluginMetadata(servicesProgram(), join(ROOT, 'tmp', 'openapi', 'plugin-metadata.ts'));
  const program = servicesProgram(schemaTypeScript);
  const methods = answeringMethods(program, (file) => file.endsWith('.controller.ts'));
  const { answers, definitions } = responseSchemas(program, methods, NAMED_TYPES);
  const byOperationId = new Map(methods.map((method) => [operationIdOf(method), method]));
  const paths: Record<string, Record<string, Operation>> = {};
  const requestSchemas: Json = {};
  for (const service of Object.keys(SERVICES) as ServiceName[]) {
    const document = await serviceDocument(service);
    Object.assign(requestSchemas, document.components?.schemas ?? {});
    for (const [path, operations] of publicPaths(document))
      for (const [verb, operation] of Object.entries(operations)) {
        const known = paths[path]?.[verb];
        if (known) {
          (known[SERVED_BY] as string[]).push(service);
          continue;
        }
        const method = byOperationId.get(operation.operationId);
        if (!method) throw new Error(`${verb} ${path}: no controller method found`);
        (paths[path] ??= {})[verb] = {
          ...answered(operation, method, answers.get(method) as Json),
          operationId: method.method,
          [SERVED_BY]: [service],
        };
      }
  }
  const docs = requestSchemaDocs(program, new Set(Object.keys(requestSchemas)));
  const documented = Object.fromEntries(
    Object.entries(requestSchemas).map(([name, schema]) => [
      name,
      withDocs(schema as Json, docs.get(name)),
    ]),
  );
  const names = schemaNames(definitions, documented);
  const part = normalized({ paths, schemas: { ...documented, ...definitions } }, names);
  return { ...part, schemas: { ...part.schemas, ...overrides(part.schemas) } };
}

/** A request schema with its class's JSDoc: description, examples, and defaults of its fields. */
function withDocs(schema: Json, docs?: Json & { defaults: Record<string, unknown> }): Json {
  if (!docs) return schema;
  const { defaults, ...rest } = docs;
  const properties = Object.fromEntries(
    Object.entries((schema['properties'] ?? {}) as Record<string, Json>).map(([name, property]) => [
      name,
      name in defaults ? { ...property, default: defaults[name] } : property,
    ]),
  );
  return { ...rest, ...schema, properties };
}

/**
 * Types whose rules live in code, not in their TypeScript type: an entity's notes and currency
 * (libs/http checks them on every request, and says how).
 */
function overrides(schemas: Json): Json {
  const rules: Json = { Notes: NOTES_SCHEMA, CurrencyCode: CURRENCY_SCHEMA };
  return Object.fromEntries(Object.entries(rules).filter(([name]) => name in schemas));
}

const operationIdOf = (method: AnsweringMethod) => `${method.controller}.${method.method}`;

function publicPaths(document: OpenAPIObject): [string, Record<string, Operation>][] {
  return Object.entries(document.paths)
    .filter(([path]) => isPublic(path))
    .map(([path, operations]) => [path, operations as unknown as Record<string, Operation>]);
}

/** The operation with its success answer: the method's return type, described by its `@returns`. */
function answered(operation: Operation, method: AnsweringMethod, schema: Json): Operation {
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => {
      if (!status.startsWith('2')) return [status, response];
      const content = response['content'] as Record<string, Json> | undefined;
      const produced = content && Object.keys(content).find((type) => type !== 'application/json');
      return [
        status,
        {
          ...response,
          description: method.returns ?? response['description'] ?? '',
          content: produced ? content : { 'application/json': { schema } },
        },
      ];
    }),
  );
  return { ...operation, responses };
}
