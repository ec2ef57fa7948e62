import { errorFields, successFields } from './form-fields';

describe('what is posted to callback_url', () => {
  it('on success, the razorpay_* fields of the answer', () => {
    expect(
      successFields({
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_1',
        razorpay_signature: 'abc',
        status: 'captured',
      }),
    ).toEqual({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'abc',
    });
  });

  it("on failure, the error[…] fields, metadata as JSON (as Razorpay's server posts them)", () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'authentication_failed',
      metadata: { payment_id: 'pay_1', order_id: 'order_1' },
    };
    expect(errorFields(error)).toEqual({
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
      'error[source]': 'customer',
      'error[step]': 'payment_authentication',
      'error[reason]': 'authentication_failed',
      'error[metadata]': '{"payment_id":"pay_1","order_id":"order_1"}',
    });
    expect(errorFields({ ...error, field: 'card[number]' })['error[field]']).toBe('card[number]');
  });
});
