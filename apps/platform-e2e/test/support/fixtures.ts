/** What the specs pay with, send and expect again and again: one definition each. */

/** The simulator's card that always succeeds. */
export const VISA = {
  number: '4111111111111111',
  name: 'Gaurav Kumar',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};

/** The simulator's card whose payments the bank disputes once captured. */
export const DISPUTE_CARD = { ...VISA, number: '4000000000000259' };

export const CUSTOMER = {
  name: 'Gaurav Kumar',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
};

/** A day in seconds, as the test clock counts. */
export const DAY = 24 * 3600;

/** The SDK's rejection for an id the account does not have, in full. */
export const NOT_FOUND_EXACT = {
  statusCode: 400,
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The id provided does not exist',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
};

/** The SDK's rejection for an id the account does not have, by its description. */
export const NOT_FOUND = {
  statusCode: 400,
  error: expect.objectContaining({ description: 'The id provided does not exist' }),
};

/** A small valid-looking PDF, padded with `padding` spaces. */
export const pdf = (padding: number): Buffer =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
    Buffer.alloc(padding, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

/** The official SDK's own check (utils/razorpay-utils), as integrators call it. */
export const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    params: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};
