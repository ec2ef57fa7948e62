import { errorFields, successFields } from './form-fields';
import { PAYMENT_ERROR } from './payment-error.fixtures';

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
    const error = PAYMENT_ERROR;
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
