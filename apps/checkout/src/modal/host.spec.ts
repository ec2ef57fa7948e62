import { normaliseOptions } from '../options/normalise-options';
import { failureMessages, successMessage } from './host';
import { PAYMENT_ERROR } from '../common/payment-error.fixtures';

const optionsOf = (input: Record<string, unknown> = {}) =>
  normaliseOptions(
    { key: 'rzp_test_1', order_id: 'order_1', ...input },
    { prefersReducedMotion: false },
  ).options;

const response = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 's',
};
const error = PAYMENT_ERROR;
const callback = { callback_url: 'https://shop.example/callback' };

describe('what the modal tells checkout.js', () => {
  describe('of a success', () => {
    it('the response, for handler', () => {
      expect(successMessage(optionsOf(), response)).toEqual({ type: 'success', response });
      expect(successMessage(optionsOf(callback), response)).toEqual({ type: 'success', response });
    });

    it('with redirect and a callback_url: the fields to post there', () => {
      expect(successMessage(optionsOf({ ...callback, redirect: true }), response)).toEqual({
        type: 'redirect',
        url: 'https://shop.example/callback',
        fields: response,
      });
    });
  });

  describe('of a failure', () => {
    it('payment.failed, the checkout staying open for a retry', () => {
      expect(failureMessages(optionsOf(), error)).toEqual([
        { type: 'failed', response: { error } },
      ]);
    });

    it('with retry off: payment.failed, then it closes with the error', () => {
      expect(failureMessages(optionsOf({ retry: false }), error)).toEqual([
        { type: 'failed', response: { error } },
        { type: 'dismiss', reason: { error } },
      ]);
    });

    it('with redirect but a retry offered: not posted, payment.failed as usual', () => {
      expect(failureMessages(optionsOf({ ...callback, redirect: true }), error)).toEqual([
        { type: 'failed', response: { error } },
      ]);
    });

    it('with redirect and retry off: only the error fields, posted to callback_url', () => {
      const [message] = failureMessages(
        optionsOf({ ...callback, redirect: true, retry: false }),
        error,
      );
      expect(message).toEqual({
        type: 'redirect',
        url: 'https://shop.example/callback',
        fields: expect.objectContaining({
          'error[reason]': 'authentication_failed',
          'error[metadata]': '{"payment_id":"pay_1","order_id":"order_1"}',
        }),
      });
    });
  });
});
