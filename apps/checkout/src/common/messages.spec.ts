import { isFromFrame, readFrameMessage, readOpenMessage, tagged } from './messages';
import { PAYMENT_ERROR } from './payment-error.fixtures';

const error = PAYMENT_ERROR;

describe('messages between checkout.js and the modal', () => {
  it('carry the tag, and are read back whole', () => {
    const success = tagged({ type: 'success', response: { razorpay_payment_id: 'pay_1' } });
    expect(success).toEqual({
      __razorpay_checkout: 1,
      type: 'success',
      response: { razorpay_payment_id: 'pay_1' },
    });
    expect(readFrameMessage(success)).toBe(success);
    expect(readFrameMessage(tagged({ type: 'ready' }))).toEqual({
      __razorpay_checkout: 1,
      type: 'ready',
    });
  });

  it.each([
    ['failed', { type: 'failed', response: { error } }],
    ['dismissed', { type: 'dismiss' }],
    ['timed out', { type: 'dismiss', reason: 'timeout' }],
    ['closed after a failure', { type: 'dismiss', reason: { error } }],
    ['a redirect', { type: 'redirect', url: 'https://shop.example/cb', fields: { a: 'b' } }],
  ])('a %s message is read', (_, message) => {
    expect(readFrameMessage({ ...message, __razorpay_checkout: 1 })).not.toBeNull();
  });

  it.each([
    ['untagged', { type: 'ready' }],
    ['wrongly tagged', { type: 'ready', __razorpay_checkout: true }],
    ['not an object', 'ready'],
    ['an unknown type', { type: 'resize', __razorpay_checkout: 1 }],
    ['a success without a payment id', { type: 'success', response: {}, __razorpay_checkout: 1 }],
    [
      'a success with a non-text field',
      { type: 'success', response: { razorpay_payment_id: 1 }, __razorpay_checkout: 1 },
    ],
    ['a failure without its error', { type: 'failed', response: {}, __razorpay_checkout: 1 }],
    [
      'a failure with a partial error',
      { type: 'failed', response: { error: { code: 'X' } }, __razorpay_checkout: 1 },
    ],
    ['a dismissal with an odd reason', { type: 'dismiss', reason: 42, __razorpay_checkout: 1 }],
    ['a redirect without fields', { type: 'redirect', url: 'https://x', __razorpay_checkout: 1 }],
    ['an open message (for the modal)', { type: 'open', options: {}, __razorpay_checkout: 1 }],
  ])('an %s message is not read from the modal', (_, data) => {
    expect(readFrameMessage(data)).toBeNull();
  });

  it('the modal reads only a tagged open message with options', () => {
    expect(
      readOpenMessage({ type: 'open', options: { key: 'k' }, __razorpay_checkout: 1 }),
    ).not.toBeNull();
    expect(readOpenMessage({ type: 'open', __razorpay_checkout: 1 })).toBeNull();
    expect(readOpenMessage({ type: 'open', options: { key: 'k' } })).toBeNull();
    expect(readOpenMessage({ type: 'ready', __razorpay_checkout: 1 })).toBeNull();
  });

  describe('checkout.js listens only to its own modal', () => {
    const frameWindow = { name: 'the modal' };
    const frame = { window: frameWindow, origin: 'https://pay.example' };

    it('its iframe window, from the origin it loaded', () => {
      expect(isFromFrame({ source: frameWindow, origin: 'https://pay.example' }, frame)).toBe(true);
    });

    it('not another window, nor its iframe once on another origin', () => {
      expect(isFromFrame({ source: {}, origin: 'https://pay.example' }, frame)).toBe(false);
      expect(isFromFrame({ source: frameWindow, origin: 'https://evil.example' }, frame)).toBe(
        false,
      );
    });

    it('not anything once the iframe is gone', () => {
      expect(
        isFromFrame(
          { source: null, origin: 'https://pay.example' },
          { window: null, origin: 'https://pay.example' },
        ),
      ).toBe(false);
    });
  });
});
