import { AS_OF_PARAMETER, readsOneEntity } from '@platform/service-kit';
import {
  asKeyIdOnly,
  checkoutPaths,
  checkoutSchemas,
  KEY_ID_SCHEME,
  MERCHANT_PROPERTY,
} from '../checkout/checkout.openapi';
import { PREFERENCES_PATH } from '../checkout/checkout-paths';
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
 * every read of one entity, Checkout's key-id-only operations (their security, their public path,
 * the signature and the merchant's name it adds to their answers), and the routes it answers itself
 * (the test clock, QR code images, checkout.js, Hosted Checkout, the pay pages' lookup).
 */
export function buildOpenApiDocument(services: ServicesPart): JsonObject {
  const paths = asKeyIdOnly(services.paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments platform API',
      version: '1',
      description:
        "A Razorpay-compatible REST API. Authenticate every /v1 and /v2 request with HTTP Basic: your key id as the user name and your key secret as the password; Checkout's operations, which a customer's browser calls, take the key id alone. " +
        'Test keys (`rzp_test_…`) and live keys (`rzp_live_…`) see separate data. Amounts are integers in the smallest currency unit; timestamps are Unix seconds.',
    },
    servers: [{ url: '/' }],
    security: [{ basicAuth: [] }],
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'key id : key secret' },
        keyId: KEY_ID_SCHEME,
      },
      parameters: { ...gatewayParameters, as_of: AS_OF_PARAMETER },
      headers: gatewayHeaders,
      responses: gatewayResponses,
      schemas: {
        ...withGatewayProperties(paths, services.schemas),
        ...testClockSchemas,
        ...checkoutSchemas,
      },
    },
    paths: withGatewayAnswers({
      ...withAsOf(paths),
      ...testClockPaths,
      ...publicPagePaths,
      ...checkoutPaths,
    }),
    webhooks: services.webhooks,
  };
}

/**
 * The answers' schemas with what the gateway adds to them: the signature, to those of the simulator
 * and of Checkout that carry a payment with its order or subscription; the merchant, to the
 * preferences.
 */
function withGatewayProperties(paths: Paths, schemas: JsonObject): JsonObject {
  const signed = new Set(
    Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) =>
            operation['x-key-id-only'] === true || (method === 'post' && SIGNED_ANSWERS.has(path)),
        )
        .flatMap(([, operation]) => answerSchemaNames(operation)),
    ),
  );
  const preferences = new Set(answerSchemaNames(paths[PREFERENCES_PATH]?.['get'] ?? {}));
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const properties = (schema as { properties?: JsonObject }).properties ?? {};
      const added = {
        ...(signed.has(name) && carriesCheckoutIds(properties) ? SIGNATURE_PROPERTY : {}),
        ...(preferences.has(name) ? MERCHANT_PROPERTY : {}),
      };
      if (Object.keys(added).length === 0) return [name, schema];
      const required = (schema as { required?: string[] }).required;
      return [
        name,
        {
          ...(schema as JsonObject),
          properties: { ...properties, ...added },
          ...(preferences.has(name) ? { required: [...(required ?? []), 'merchant'] } : {}),
        },
      ];
    }),
  );
}

const carriesCheckoutIds = (properties: JsonObject) =>
  'razorpay_payment_id' in properties &&
  ('razorpay_order_id' in properties || 'razorpay_subscription_id' in properties);

/** The schemas a successful JSON answer names: its own, or each of those it is one of. */
function answerSchemaNames(operation: JsonObject): string[] {
  const responses = operation['responses'] as Record<string, JsonObject> | undefined;
  const content = responses?.['200']?.['content'] as Record<string, JsonObject> | undefined;
  const schema = content?.['application/json']?.['schema'] as JsonObject | undefined;
  const members = (schema?.['oneOf'] ?? schema?.['anyOf'] ?? [schema]) as (
    { $ref?: string } | undefined
  )[];
  return members.flatMap((member) =>
    member?.$ref ? [member.$ref.replace('#/components/schemas/', '')] : [],
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
