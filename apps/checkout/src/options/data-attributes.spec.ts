import { optionsFromDataAttributes } from './data-attributes';
import { normaliseOptions } from './normalise-options';

const attributes = (pairs: Record<string, string>) =>
  Object.entries(pairs).map(([name, value]) => ({ name, value }));

describe('the form mode data attributes', () => {
  it('are options named by the rest of their name, flat; notes.* become notes', () => {
    const options = optionsFromDataAttributes(
      attributes({
        src: 'https://pay.example/v1/checkout.js',
        'data-key': 'rzp_test_1',
        'data-amount': '50000',
        'data-order_id': 'order_1',
        'data-prefill.name': 'Gaurav Kumar',
        'data-theme.color': '#F37254',
        'data-notes.shipping': 'express',
        'data-notes.gift': 'true',
        'data-modal.escape': 'false',
      }),
    );
    expect(options).toEqual({
      key: 'rzp_test_1',
      amount: '50000',
      order_id: 'order_1',
      'prefill.name': 'Gaurav Kumar',
      'theme.color': '#F37254',
      'modal.escape': false,
      notes: { shipping: 'express', gift: true },
    });
  });

  it('read as options, give the checkout its settings', () => {
    const input = optionsFromDataAttributes(
      attributes({
        'data-key': 'rzp_test_1',
        'data-buttontext': 'Pay with Acme',
        'data-prefill.contact': '9876543210',
        'data-readonly.email': 'true',
        'data-prefill.deep.value': 'dropped',
      }),
    );
    const { options } = normaliseOptions(input, { prefersReducedMotion: false });
    expect(options.buttontext).toBe('Pay with Acme');
    expect(options.prefill.contact).toBe('9876543210');
    expect(options.readonly.email).toBe(true);
    expect(JSON.stringify(options)).not.toContain('dropped');
  });

  it('ignore attributes that are not data-*', () => {
    expect(optionsFromDataAttributes(attributes({ async: '', id: 'rzp' }))).toEqual({});
  });
});
