import { GENERATED_DOCUMENT } from '../docs/generated-document';
import type { GeneratedDocument, GeneratedOperation } from '../docs/generated-document';

const keyIdOnly = (operationId: string): GeneratedOperation => ({
  operationId,
  'x-served-by': ['payments'],
  'x-key-id-only': true,
  responses: {},
});

/**
 * The generated document with the payments service's Checkout operations as its controllers mark
 * them (`x-key-id-only`), for the specs of the routes that serve them.
 */
export const CHECKOUT_DOCUMENT: GeneratedDocument = {
  ...GENERATED_DOCUMENT,
  paths: {
    ...GENERATED_DOCUMENT.paths,
    '/v1/preferences': { get: keyIdOnly('fetchCheckoutPreferences') },
    '/v1/checkout/payments': { post: keyIdOnly('createCheckoutPayment') },
    '/v1/checkout/payments/{id}': { get: keyIdOnly('fetchCheckoutPayment') },
  },
};
