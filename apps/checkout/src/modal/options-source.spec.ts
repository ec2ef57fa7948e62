import { normaliseOptions } from '../options/normalise-options';
import { hostedOptionsInput } from './options-source';

describe("the hosted checkout's fields", () => {
  it('read as checkout options', () => {
    const input = hostedOptionsInput({
      key_id: 'rzp_test_1',
      order_id: 'order_1',
      amount: '50000',
      name: 'Acme',
      'prefill[name]': 'Gaurav',
      'prefill[email]': 'g@example.com',
      'prefill[contact]': '9876543210',
      'notes[shipping]': 'express',
      'notes[gift]': 'yes',
      callback_url: 'https://shop.example/cb',
      cancel_url: 'https://shop.example/cart',
      method: 'upi',
    });
    const { options } = normaliseOptions(input, { prefersReducedMotion: false });
    expect(options).toMatchObject({
      key: 'rzp_test_1',
      order_id: 'order_1',
      amount: '50000',
      name: 'Acme',
      prefill: { name: 'Gaurav', email: 'g@example.com', contact: '9876543210', method: 'upi' },
      notes: { shipping: 'express', gift: 'yes' },
      callback_url: 'https://shop.example/cb',
      cancel_url: 'https://shop.example/cart',
    });
  });

  it('may also be nested, as checkout.js options are', () => {
    const input = hostedOptionsInput({
      key: 'rzp_test_1',
      prefill: { contact: '1' },
      notes: { a: 'b' },
    });
    expect(input).toEqual({ key: 'rzp_test_1', prefill: { contact: '1' }, notes: { a: 'b' } });
  });
});
