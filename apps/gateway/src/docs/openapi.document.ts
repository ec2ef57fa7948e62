import { AS_OF_PARAMETER, readsOneEntity } from '@platform/service-kit';
import { publicPagePaths } from '../proxy/public-pages.openapi';
import { SIGNATURE_PROPERTY, SIGNED_ANSWERS } from '../simulator/checkout-signature';
import { testClockPaths, testClockSchemas } from '../test-clock/test-clock.openapi';
import {
  gatewayHeaders,
  gatewayParameters,
  gatewayResponses,
  withGatewayAnswers,
} from './gateway-answers.openapi';

type JsonObject = Record<string, unknown>;
type Paths = Record<string, Record<string, JsonObject>>;

/** What the services serve, generated from their code (tools/openapi). */
export interface ServicesPart {
  paths: Paths;
  schemas: JsonObject;
  /** The requests the platform sends (webhook events), by name. */
  webhooks: JsonObject;
}

/**
 * The OpenAPI document of the public API: the services' operations and schemas, generated from
 * their controllers, DTOs and response types, with the gateway's own part: authentication, the
 * answers it gives for every operation (400, 401, 429, 503/504, idempotency keys), `as_of` on
 * every read of one entity, the signature it adds to checkout answers, and the routes it answers
 * itself (the test clock, QR code images).
 */
export function buildOpenApiDocument(services: ServicesPart): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments platform API',
      version: '1',
      description:
        'A Razorpay-compatible REST API. Authenticate every /v1 and /v2 request with HTTP Basic: your key id as the user name and your key secret as the password. ' +
        'Test keys (`rzp_test_…`) and live keys (`rzp_live_…`) see separate data. Amounts are integers in the smallest currency unit; timestamps are Unix seconds.',
    },
    servers: [{ url: '/' }],
    security: [{ basicAuth: [] }],
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'key id : key secret' },
      },
      parameters: { ...gatewayParameters, as_of: AS_OF_PARAMETER },
      headers: gatewayHeaders,
      responses: gatewayResponses,
      schemas: { ...withSignatures(services), ...testClockSchemas },
    },
    paths: withGatewayAnswers({
      ...withAsOf(services.paths),
      ...testClockPaths,
      ...publicPagePaths,
    }),
    webhooks: services.webhooks,
  };
}

/** The schemas of the answers the gateway signs, with the signature it adds. */
function withSignatures({ paths, schemas }: ServicesPart): JsonObject {
  const signed = [...SIGNED_ANSWERS].map((path) => {
    const answer = paths[path]?.['post']?.['responses'] as Record<string, JsonObject> | undefined;
    const content = answer?.['200']?.['content'] as Record<string, JsonObject> | undefined;
    const ref = (content?.['application/json']?.['schema'] as { $ref?: string } | undefined)?.$ref;
    return ref?.replace('#/components/schemas/', '');
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      if (!signed.includes(name)) return [name, schema];
      const properties = (schema as { properties?: JsonObject }).properties ?? {};
      return [
        name,
        { ...(schema as JsonObject), properties: { ...properties, ...SIGNATURE_PROPERTY } },
      ];
    }),
  );
}

/** Adds `as_of` to every GET of one entity by its id (`…/{id}`), which every service serves. */
function withAsOf(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => {
      const read = operations['get'];
      if (!read || !readsOneEntity(path)) return [path, operations];
      const parameters = (read['parameters'] as unknown[] | undefined) ?? [];
      return [
        path,
        {
          ...operations,
          get: { ...read, parameters: [...parameters, { $ref: '#/components/parameters/as_of' }] },
        },
      ];
    }),
  );
}
