import { signCheckoutAnswer } from './checkout-signature';

const SECRET = 'EnLs21M47BllR3X8PSFtjtbd';
// The official SDK's own check (utils/razorpay-utils), as integrators call it.
const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    params: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};

/** Whether the SDK accepts the answer's signature over `ids` with `secret`. */
const sdkVerifies = (
  ids: Record<string, string>,
  answer: Record<string, unknown>,
  secret = SECRET,
) => validatePaymentVerification(ids, answer['razorpay_signature'] as string, secret);

describe('signCheckoutAnswer', () => {
  it('signs order_id|payment_id so the SDK verifies an order payment', () => {
    const answer = signCheckoutAnswer(
      { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_order_id: 'order_9A33XWu170gUtm' },
      SECRET,
    );
    expect(
      sdkVerifies({ order_id: 'order_9A33XWu170gUtm', payment_id: 'pay_29QQoUBi66xm2f' }, answer),
    ).toBe(true);
    expect(
      sdkVerifies(
        { order_id: 'order_9A33XWu170gUtm', payment_id: 'pay_29QQoUBi66xm2f' },
        answer,
        'another secret',
      ),
    ).toBe(false);
  });

  it('signs payment_id|subscription_id for a subscription payment', () => {
    const answer = signCheckoutAnswer(
      { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_subscription_id: 'sub_00000000000001' },
      SECRET,
    );
    expect(
      sdkVerifies(
        { subscription_id: 'sub_00000000000001', payment_id: 'pay_29QQoUBi66xm2f' },
        answer,
      ),
    ).toBe(true);
  });

  it('leaves an answer without checkout ids as it is', () => {
    const failure = { error: { code: 'BAD_REQUEST_ERROR' } };
    expect(signCheckoutAnswer(failure, SECRET)).toBe(failure);
    expect(
      signCheckoutAnswer({ razorpay_payment_id: 'pay_29QQoUBi66xm2f' }, SECRET),
    ).not.toHaveProperty('razorpay_signature');
  });
});
