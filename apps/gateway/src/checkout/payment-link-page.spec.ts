import { linkCallbackUrl, payableLink } from './payment-link-page';
import type { PaymentLinkCheckout } from './payment-link-page';

// The official SDK's own check (utils/razorpay-utils), as integrators call it.
const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    params: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};

const SECRET = 'a-test-key-secret';
const LINK_ID = 'plink_1Aa00000000001';
const PAYMENT_ID = 'pay_1Aa00000000001';

const link = (fields: Partial<PaymentLinkCheckout> = {}) => ({
  account_id: 'acc_1Aa00000000001',
  mode: 'test' as const,
  order_id: 'order_1Aa00000000001',
  key_id: 'rzp_test_1Aa00000000001',
  status: 'partially_paid' as const,
  reference_id: 'TS-1',
  callback_url: 'https://shop.example.com/paid?cart=7',
  payment_ids: [PAYMENT_ID],
  ...fields,
});

function callbackOf(fields: Partial<PaymentLinkCheckout> = {}) {
  const url = new URL(
    linkCallbackUrl(
      { ...link(fields), callback_url: link(fields).callback_url as string },
      LINK_ID,
      PAYMENT_ID,
      SECRET,
    ),
  );
  return { url, query: Object.fromEntries(url.searchParams) };
}

function verifies(query: Record<string, string>, secret = SECRET): boolean {
  return validatePaymentVerification(
    {
      payment_link_id: query['razorpay_payment_link_id'],
      payment_id: query['razorpay_payment_id'],
      payment_link_reference_id: query['razorpay_payment_link_reference_id'],
      payment_link_status: query['razorpay_payment_link_status'],
    },
    query['razorpay_signature'],
    secret,
  );
}

describe('a payment link’s callback', () => {
  it('carries the payment and the link’s state, signed as the Node SDK checks it', () => {
    const { url, query } = callbackOf();
    expect(url.origin + url.pathname).toBe('https://shop.example.com/paid');
    expect(query).toMatchObject({
      cart: '7',
      razorpay_payment_id: PAYMENT_ID,
      razorpay_payment_link_id: LINK_ID,
      razorpay_payment_link_reference_id: 'TS-1',
      razorpay_payment_link_status: 'partially_paid',
    });
    expect(verifies(query)).toBe(true);
    expect(verifies(query, 'another-secret')).toBe(false);
    expect(verifies({ ...query, razorpay_payment_link_status: 'paid' })).toBe(false);
  });

  it('sends and signs an empty reference id for a link without one', () => {
    const { query } = callbackOf({ reference_id: '', status: 'paid' });
    expect(query['razorpay_payment_link_reference_id']).toBe('');
    expect(verifies(query)).toBe(true);
  });
});

describe('whether a link’s page takes a payment', () => {
  it('takes one while the link is created or partially paid, and says why not after', () => {
    expect(payableLink(link({ status: 'created' }))).toBeNull();
    expect(payableLink(link({ status: 'partially_paid' }))).toBeNull();
    expect(payableLink(link({ status: 'cancelled' }))).toBe(
      'This page cannot take payments: the payment link is cancelled.',
    );
  });
});
