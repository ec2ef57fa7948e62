import { billPaths, billSchemas } from './bills.openapi';
import { customerPaths, customerSchemas } from './customers.openapi';
import { disputePaths, disputeSchemas } from './disputes.openapi';
import { documentPaths, documentSchemas } from './documents.openapi';
import { asOfParameter, eventPaths, eventSchemas, withAsOf } from './events.openapi';
import {
  gatewayHeaders,
  gatewayParameters,
  gatewayResponses,
  withGatewayAnswers,
} from './gateway-answers.openapi';
import { invoicePaths, invoiceSchemas } from './invoices.openapi';
import { itemPlanPaths, itemPlanSchemas } from './items-plans.openapi';
import { optionalQuery } from './openapi-parts';
import { orderPaths, orderSchemas } from './orders.openapi';
import { paymentPaths, paymentSchemas } from './payments.openapi';
import { qrCodePaths, qrCodeSchemas } from './qr-codes.openapi';
import { refundPaths, refundSchemas } from './refunds.openapi';
import { settlementPaths, settlementSchemas } from './settlements.openapi';
import { simulatorPaths, simulatorSchemas } from './simulator.openapi';
import { subscriptionPaths, subscriptionSchemas } from './subscriptions.openapi';
import { webhookPaths, webhookRequests, webhookSchemas } from './webhooks.openapi';

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI description of what the public API serves today. Each resource adds its paths and
 * schemas here when its service implements them; routes not built yet are not described.
 */
export function buildOpenApiDocument(): JsonObject {
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
      parameters: { ...paginationParameters(), ...gatewayParameters, as_of: asOfParameter },
      headers: gatewayHeaders,
      responses: {
        BadRequest: {
          description: 'Invalid input, unknown id, or a rule of the resource not met',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        Unauthorized: {
          description: 'Missing, malformed, unknown or revoked key pair',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        TooManyRequests: {
          description: 'Rate limit of the key reached; retry after the `Retry-After` seconds',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        ...gatewayResponses,
      },
      schemas: {
        Error: errorSchema(),
        ...customerSchemas,
        ...orderSchemas,
        ...paymentSchemas,
        ...refundSchemas,
        ...qrCodeSchemas,
        ...documentSchemas,
        ...disputeSchemas,
        ...simulatorSchemas,
        ...itemPlanSchemas,
        ...billSchemas,
        ...invoiceSchemas,
        ...subscriptionSchemas,
        ...settlementSchemas,
        ...webhookSchemas,
        ...eventSchemas,
      },
    },
    paths: withGatewayAnswers(
      withAsOf({
        ...customerPaths,
        ...orderPaths,
        ...paymentPaths,
        ...qrCodePaths,
        ...refundPaths,
        ...disputePaths,
        ...documentPaths,
        ...simulatorPaths,
        ...itemPlanPaths,
        ...billPaths,
        ...invoicePaths,
        ...subscriptionPaths,
        ...settlementPaths,
        ...webhookPaths,
        ...eventPaths,
      }),
    ),
    webhooks: webhookRequests,
  };
}

function paginationParameters(): JsonObject {
  const integer = (name: string, description: string, extra: JsonObject = {}) =>
    optionalQuery(name, description, { type: 'integer', ...extra });
  return {
    from: integer('from', 'Only entities created at or after this Unix time (seconds).', {
      minimum: 0,
    }),
    to: integer('to', 'Only entities created at or before this Unix time (seconds).', {
      minimum: 0,
    }),
    count: integer('count', 'How many entities to return.', {
      minimum: 1,
      maximum: 100,
      default: 10,
    }),
    skip: integer('skip', 'How many entities to skip.', { minimum: 0, default: 0 }),
  };
}

function errorSchema(): JsonObject {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'description', 'source', 'step', 'reason', 'metadata'],
        properties: {
          code: { type: 'string', enum: ['BAD_REQUEST_ERROR', 'SERVER_ERROR'] },
          description: { type: 'string', examples: ['The id provided does not exist'] },
          source: { type: 'string', examples: ['NA', 'business'] },
          step: { type: 'string', examples: ['NA'] },
          reason: { type: 'string', examples: ['NA', 'input_validation_failed'] },
          metadata: { type: 'object' },
          field: { type: 'string', description: 'The request field at fault, when there is one.' },
        },
      },
    },
  };
}
