import { buildOpenApiDocument } from '../docs/openapi.document';
import type { ServicesPart } from '../docs/openapi.document';

const json = (schema: object) => ({
  '200': { description: '', content: { 'application/json': { schema } } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const keyIdOnly = (operationId: string, answer: object) => ({
  operationId,
  'x-served-by': ['payments'],
  'x-key-id-only': true,
  responses: json(answer),
});

/** The payments service's Checkout operations as its controllers would describe them. */
const services: ServicesPart = {
  paths: {
    '/v1/checkout/preferences': { get: keyIdOnly('fetchPreferences', ref('Preferences')) },
    '/v1/checkout/payments': {
      post: keyIdOnly('createCheckoutPayment', { oneOf: [ref('Pending'), ref('Decided')] }),
    },
    '/v1/customers': {
      get: { operationId: 'listCustomers', 'x-served-by': ['billing'], responses: json({}) },
    },
  },
  schemas: {
    Preferences: { type: 'object', properties: { mode: { type: 'string' } }, required: ['mode'] },
    Pending: {
      type: 'object',
      properties: { razorpay_payment_id: { type: 'string' }, status: { type: 'string' } },
    },
    Decided: {
      type: 'object',
      properties: {
        razorpay_payment_id: { type: 'string' },
        razorpay_order_id: { type: 'string' },
        status: { type: 'string' },
      },
    },
  },
  webhooks: {},
};

type Operation = { security?: unknown; parameters?: unknown[]; responses: Record<string, unknown> };
type Schema = { properties: Record<string, unknown>; required?: string[] };
const document = buildOpenApiDocument(services) as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
};

describe("the OpenAPI document of Checkout's key-id-only operations", () => {
  it('describes them with the key id scheme, the others keeping the key pair', () => {
    expect(document.components.securitySchemes['keyId']).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'key_id',
    });
    expect(document.paths['/v1/checkout/payments']['post'].security).toEqual([{ keyId: [] }]);
    expect(document.paths['/v1/customers']['get'].security).toBeUndefined();
  });

  it("shows the preferences at Razorpay's path, with the merchant the gateway adds", () => {
    expect(document.paths['/v1/checkout/preferences']).toBeUndefined();
    expect(document.paths['/v1/preferences']['get'].security).toEqual([{ keyId: [] }]);
    const preferences = document.components.schemas['Preferences'];
    expect(preferences.properties).toHaveProperty('merchant');
    expect(preferences.required).toEqual(['mode', 'merchant']);
  });

  it('shows the signature on the answers that carry a payment and its order, not on the others', () => {
    expect(document.components.schemas['Decided'].properties).toHaveProperty('razorpay_signature');
    expect(document.components.schemas['Pending'].properties).not.toHaveProperty(
      'razorpay_signature',
    );
  });

  it('answers them 401 and 429 as keyed operations, and takes an idempotency key on their POSTs', () => {
    const create = document.paths['/v1/checkout/payments']['post'];
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['401', '429', '409']));
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
  });
});
