import { normaliseOptions } from './normalise-options';

const motion = { prefersReducedMotion: false };
const read = (input: unknown) => normaliseOptions(input, motion).options;

describe('new Razorpay(options)', () => {
  describe('refuses what Razorpay refuses, with its messages', () => {
    it.each([[undefined], [null], ['rzp_test_x'], [42]])(
      'options %p: "Invalid options"',
      (input) => {
        expect(() => read(input)).toThrow(new Error('Invalid options'));
      },
    );

    it('no key, order, subscription, invoice or payment link: "No key passed"', () => {
      expect(() => read({ amount: 50000, name: 'Shop' })).toThrow(new Error('No key passed'));
      expect(() => read({ key: '' })).toThrow(new Error('No key passed'));
    });

    it('a currency the platform does not take', () => {
      expect(() => read({ key: 'rzp_test_1', currency: 'JPY' })).toThrow(
        new Error('Invalid currency (The provided currency is not currently supported)'),
      );
      expect(() => read({ key: 'rzp_test_1', currency: 'inr' })).toThrow(/Invalid currency/);
    });

    it('more than 15 notes', () => {
      const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'x']));
      expect(() => read({ key: 'rzp_test_1', notes })).toThrow(
        new Error('Invalid notes (At most 15 notes are allowed)'),
      );
    });

    it('checks notes before the currency, as Razorpay does', () => {
      const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'x']));
      expect(() => read({ key: 'rzp_test_1', notes, currency: 'XYZ' })).toThrow(/Invalid notes/);
    });

    it.each([['abc'], ['500.50'], [-100], [99], ['1e4']])(
      'an amount %p that is not whole paise, at least one rupee',
      (amount) => {
        expect(() => read({ key: 'rzp_test_1', order_id: 'order_1', amount })).toThrow(
          new Error(
            'Invalid amount (should be passed in integer paise. Minimum value is 100 paise, i.e. ₹ 1)',
          ),
        );
      },
    );

    it("checks the amount against the currency's minimum", () => {
      expect(() => read({ key: 'rzp_test_1', amount: 49, currency: 'USD' })).toThrow(
        /^Invalid amount \(should be passed in integer cent\. Minimum value is 50 cent/,
      );
      expect(read({ key: 'rzp_test_1', amount: 50, currency: 'USD' }).amount).toBe(50);
    });

    it('checks notes before the amount, and the amount before the currency', () => {
      const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'x']));
      expect(() => read({ key: 'rzp_test_1', notes, amount: 'x' })).toThrow(/Invalid notes/);
      expect(() => read({ key: 'rzp_test_1', amount: 'x', currency: 'XYZ' })).toThrow(
        /Invalid amount/,
      );
    });

    it('keeps a valid amount as given, and exempts a subscription (recurring)', () => {
      expect(read({ key: 'rzp_test_1', amount: '50000' }).amount).toBe('50000');
      expect(read({ key: 'rzp_test_1', amount: '' }).amount).toBeNull();
      expect(read({ key: 'rzp_test_1', subscription_id: 'sub_1', amount: 0 }).amount).toBe(0);
    });
  });

  describe('reads options as Razorpay does', () => {
    it('every option has its default', () => {
      const options = read({ key: 'rzp_test_1' });
      expect(options).toMatchObject({
        amount: null,
        currency: 'INR',
        order_id: '',
        notes: null,
        redirect: false,
        retry: true,
        timeout: 0,
        buttontext: 'Pay Now',
        theme: { backdrop_color: 'rgba(0,0,0,0.6)', hide_topbar: false, close_button: true },
        modal: { escape: true, animation: true, backdropclose: false, confirm_close: false },
        readonly: { contact: false, email: false, name: false },
        hidden: { contact: false, email: false },
        method: { card: true, upi: true, netbanking: true, wallet: true },
        config: { display: {} },
      });
    });

    it('modal.animation is off by default when the browser prefers reduced motion', () => {
      const reduced = normaliseOptions({ key: 'k' }, { prefersReducedMotion: true }).options;
      expect(reduced.modal.animation).toBe(false);
      const asked = normaliseOptions(
        { key: 'k', modal: { animation: true } },
        { prefersReducedMotion: true },
      ).options;
      expect(asked.modal.animation).toBe(true);
    });

    it('coerces to the default type: numbers to text, "true"/"0" and numbers to flags', () => {
      const options = read({
        key: 'rzp_test_1',
        prefill: { contact: 9876543210 },
        redirect: 'true',
        modal: { escape: '0', backdropclose: 1 },
        timeout: '300',
      });
      expect(options.prefill.contact).toBe('9876543210');
      expect(options.redirect).toBe(true);
      expect(options.modal.escape).toBe(false);
      expect(options.modal.backdropclose).toBe(true);
      expect(options.timeout).toBe(300);
    });

    it('drops a value of the wrong type, and unknown options', () => {
      const options = read({ key: 'rzp_test_1', name: { a: 1 }, colour: 'red', retry: 'maybe' });
      expect(options.name).toBe('');
      expect(options).not.toHaveProperty('colour');
      expect(options.retry).toBe(true);
    });

    it('reads flat dotted names (the form mode) like nested ones, and names in any case', () => {
      const options = read({
        KEY: 'rzp_test_1',
        'prefill.name': 'Gaurav',
        'theme.color': '#0f766e',
      });
      expect(options.key).toBe('rzp_test_1');
      expect(options.prefill.name).toBe('Gaurav');
      expect(options.theme.color).toBe('#0f766e');
    });

    it('retry: { enabled } is the flag (the web checkout has no max_count)', () => {
      expect(read({ key: 'k', retry: { enabled: false, max_count: 4 } }).retry).toBe(false);
      expect(read({ key: 'k', retry: false }).retry).toBe(false);
    });

    it('cuts notes to 254 characters and drops values that are not text, numbers or flags', () => {
      const notes = {
        long: 'x'.repeat(300),
        count: 3,
        gift: true,
        nested: { a: 1 },
        nothing: null,
      };
      expect(read({ key: 'k', notes }).notes).toEqual({
        long: 'x'.repeat(254),
        count: 3,
        gift: true,
      });
      expect(notes.long).toHaveLength(300);
    });

    it('keeps functions out of the options and hands them back separately', () => {
      const handler = () => undefined;
      const ondismiss = () => undefined;
      const { options, callbacks } = normaliseOptions(
        { key: 'k', handler, modal: { ondismiss, escape: false } },
        motion,
      );
      expect(callbacks).toEqual({ handler, ondismiss, onhidden: undefined });
      expect(JSON.parse(JSON.stringify(options))).toEqual(options);
      expect(options.modal.escape).toBe(false);
    });

    it('a negative or unreadable timeout is none', () => {
      expect(read({ key: 'k', timeout: -5 }).timeout).toBe(0);
      expect(read({ key: 'k', timeout: 'soon' }).timeout).toBe(0);
    });

    it('keeps config.display as given', () => {
      const display = { sequence: ['upi'], preferences: { show_default_blocks: false } };
      expect(read({ key: 'k', config: { display } }).config.display).toEqual(display);
    });
  });
});
