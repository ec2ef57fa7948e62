import { paymentOutcome } from './payment-outcome';

const known = { orderId: 'order_1' };

describe('a payment answer', () => {
  it('created, with a challenge: pending at its url', () => {
    const answer = {
      razorpay_payment_id: 'pay_1',
      status: 'created',
      next: { action: 'authenticate', url: '/v1/checkout/test-bank/pay_1' },
    };
    expect(paymentOutcome({ ok: true, body: answer }, known)).toEqual({
      kind: 'pending',
      paymentId: 'pay_1',
      url: '/v1/checkout/test-bank/pay_1',
    });
  });

  it.each(['authorized', 'captured', 'refunded'])(
    '%s: succeeded, with only the fields handler gets',
    (status) => {
      const answer = {
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_1',
        razorpay_signature: 'f00d',
        status,
      };
      expect(paymentOutcome({ ok: true, body: answer }, known)).toEqual({
        kind: 'succeeded',
        response: {
          razorpay_payment_id: 'pay_1',
          razorpay_order_id: 'order_1',
          razorpay_signature: 'f00d',
        },
      });
    },
  );

  it('a subscription payment succeeds with its subscription id', () => {
    const answer = {
      razorpay_payment_id: 'pay_1',
      razorpay_subscription_id: 'sub_1',
      razorpay_signature: 's',
      status: 'authorized',
    };
    expect(paymentOutcome({ ok: true, body: answer }, {})).toEqual({
      kind: 'succeeded',
      response: {
        razorpay_payment_id: 'pay_1',
        razorpay_subscription_id: 'sub_1',
        razorpay_signature: 's',
      },
    });
  });

  it('failed (read after the bank page): the error the merchant gets, naming the payment and order', () => {
    const answer = {
      razorpay_payment_id: 'pay_1',
      status: 'failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Wrong OTP',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'authentication_failed',
        metadata: { payment_id: 'pay_1' },
      },
    };
    expect(paymentOutcome({ ok: true, body: answer }, known)).toEqual({
      kind: 'failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Wrong OTP',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'authentication_failed',
        metadata: { payment_id: 'pay_1', order_id: 'order_1' },
      },
    });
  });

  it('a 400 naming a payment (recorded as failed): failed', () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'UPI failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'invalid_vpa',
      metadata: { payment_id: 'pay_2', order_id: 'order_1' },
    };
    expect(paymentOutcome({ ok: false, status: 400, error }, known)).toEqual({
      kind: 'failed',
      error,
    });
  });

  it('a 400 naming no payment (nothing recorded): refused, with the field at fault', () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'The card number is invalid.',
      field: 'card[number]',
      metadata: {},
    };
    expect(paymentOutcome({ ok: false, status: 400, error }, known)).toEqual({
      kind: 'refused',
      description: 'The card number is invalid.',
      field: 'card[number]',
    });
  });

  it('an error missing some fields still gives the merchant every field', () => {
    const answer = { razorpay_payment_id: 'pay_3', status: 'failed' };
    expect(paymentOutcome({ ok: true, body: answer }, {})).toEqual({
      kind: 'failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The payment failed.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: { payment_id: 'pay_3' },
      },
    });
  });
});
