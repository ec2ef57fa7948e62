import { callbackOrigin, hostedPage, readHostedForm, scriptJson } from './hosted-checkout';
import type { HostedOptions } from './hosted-checkout';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const REQUIRED = {
  key_id: 'rzp_test_1Aa00000000001',
  order_id: 'order_1Aa00000000001',
  callback_url: 'https://shop.example.com/paid?cart=7',
};

describe('the Hosted Checkout form', () => {
  it("reads Razorpay's fields into checkout options, prefill and notes as objects", () => {
    expect(
      readHostedForm(
        form({
          ...REQUIRED,
          amount: '50000',
          currency: 'INR',
          name: 'Acme',
          'prefill[email]': 'gaurav@example.com',
          'prefill[contact]': '+919000090000',
          'notes[shipping]': 'express',
          method: 'upi',
          cancel_url: 'https://shop.example.com/cart',
          __referer: 'https://shop.example.com/checkout',
        }),
      ),
    ).toEqual({
      options: {
        key: REQUIRED.key_id,
        order_id: REQUIRED.order_id,
        callback_url: REQUIRED.callback_url,
        redirect: true,
        amount: 50000,
        currency: 'INR',
        name: 'Acme',
        cancel_url: 'https://shop.example.com/cart',
        prefill: { email: 'gaurav@example.com', contact: '+919000090000', method: 'upi' },
        notes: { shipping: 'express' },
      },
    });
  });

  it('names every missing field', () => {
    expect(readHostedForm(form({ amount: '100' }))).toEqual({
      problems: [
        'key_id is required: the key id of the account (rzp_test_… or rzp_live_…).',
        'order_id is required: the order this payment pays.',
        "callback_url is required: where the payment's outcome is posted.",
      ],
    });
  });

  it.each([
    [
      'a callback_url that is no web address',
      { callback_url: 'javascript:alert(1)' },
      'callback_url must be an http or https URL.',
    ],
    [
      'a cancel_url that is no web address',
      { cancel_url: 'data:text/html,x' },
      'cancel_url must be an http or https URL.',
    ],
    [
      'an amount in major units',
      { amount: '500.00' },
      'amount must be an integer in the smallest currency unit, e.g. 50000 for ₹500.',
    ],
    [
      'an unknown method',
      { method: 'emi' },
      'method must be one of card, upi, netbanking, wallet.',
    ],
    [
      'sixteen notes',
      Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`notes[n${i}]`, 'x'])),
      'notes may have at most 15 keys.',
    ],
  ])('refuses %s', (_, fields, problem) => {
    expect(readHostedForm(form({ ...REQUIRED, ...fields }))).toEqual({ problems: [problem] });
  });

  it('keeps a note named __proto__ as a note', () => {
    const read = readHostedForm(form({ ...REQUIRED, 'notes[__proto__]': 'x' }));
    expect(scriptJson('options' in read ? read.options.notes : null)).toBe('{"__proto__":"x"}');
  });
});

describe('the hosted page', () => {
  const options: HostedOptions = {
    ...{ key: REQUIRED.key_id, order_id: REQUIRED.order_id, callback_url: REQUIRED.callback_url },
    redirect: true,
    description: '</script><script>alert(1)</script> & <!-- more',
  };

  it('puts the options first in the head, as JSON no value can break out of', () => {
    const page = hostedPage(
      '<!doctype html><html><head lang="en"><script src="/v1/checkout/assets/frame.js"></script></head></html>',
      options,
    ) as string;
    const element = /<script type="application\/json" id="checkout-options">(.*?)<\/script>/s.exec(
      page,
    );
    expect(element?.index).toBeLessThan(page.indexOf('frame.js'));
    expect(element?.[1]).not.toMatch(/[<>&]/);
    expect(JSON.parse(element?.[1] as string)).toEqual(options);
  });

  it('is none when the modal page has no head', () => {
    expect(hostedPage('<p>broken build</p>', options)).toBeNull();
  });

  it("posts only to callback_url's origin", () => {
    expect(callbackOrigin(options)).toBe('https://shop.example.com');
  });
});
