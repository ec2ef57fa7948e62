import { normaliseOptions } from '../options/normalise-options';
import type { Preferences } from './api/api-types';
import { checkoutFacts, NO_ACQUIRER, NO_ENTITY, NO_METHOD, ORDER_PAID } from './checkout-facts';

const optionsOf = (input: Record<string, unknown>) =>
  normaliseOptions(
    { key: 'rzp_test_1', order_id: 'order_1', ...input },
    { prefersReducedMotion: false },
  ).options;

const order = {
  id: 'order_1',
  amount: 50000,
  amount_paid: 0,
  amount_due: 50000,
  currency: 'INR',
  status: 'created',
  partial_payment: false,
  first_payment_min_amount: null,
};

const preferences = (more: Partial<Preferences> = {}): Preferences => ({
  mode: 'test',
  merchant: { name: 'Acme Stores' },
  acquirer: 'test_bank',
  methods: {
    card: true,
    upi: true,
    netbanking: { HDFC: 'HDFC Bank', UTIB: 'Axis Bank' },
    wallet: { paytm: true, phonepe: false },
  },
  order,
  ...more,
});

describe('what the checkout can offer', () => {
  it("an order: its amount due, the account's methods, the merchant's name", () => {
    const facts = checkoutFacts(optionsOf({}), preferences());
    expect(facts).toMatchObject({
      kind: 'payable',
      testMode: true,
      merchantName: 'Acme Stores',
      amount: 50000,
      currency: 'INR',
      amountToSend: null,
      banks: ['HDFC', 'UTIB'],
      wallets: ['paytm'],
    });
    if (facts.kind !== 'payable') throw new Error('not payable');
    expect(facts.groups[0].choices.map((choice) => choice.method)).toEqual([
      'card',
      'upi',
      'netbanking',
      'wallet',
    ]);
  });

  it("the merchant's name option wins over the account's", () => {
    expect(checkoutFacts(optionsOf({ name: 'Acme Online' }), preferences())).toMatchObject({
      merchantName: 'Acme Online',
    });
  });

  it("the order's amount and currency win over the options' (as Razorpay's)", () => {
    const facts = checkoutFacts(optionsOf({ amount: 100, currency: 'USD' }), preferences());
    expect(facts).toMatchObject({ amount: 50000, currency: 'INR', amountToSend: null });
  });

  it('a partial-payment order charges the amount the merchant chose, and sends it', () => {
    const partial = preferences({ order: { ...order, partial_payment: true, amount_due: 40000 } });
    expect(checkoutFacts(optionsOf({ amount: 15000 }), partial)).toMatchObject({
      amount: 15000,
      amountToSend: 15000,
    });
    expect(checkoutFacts(optionsOf({}), partial)).toMatchObject({
      amount: 40000,
      amountToSend: null,
    });
    // A malformed amount never gets here: new Razorpay() refused it (normalise-options.spec.ts).
  });

  it('a subscription: its authorization amount', () => {
    const facts = checkoutFacts(
      optionsOf({ order_id: '', subscription_id: 'sub_1' }),
      preferences({
        order: undefined,
        subscription: { id: 'sub_1', status: 'created', amount: 500, currency: 'INR' },
      }),
    );
    expect(facts).toMatchObject({ kind: 'payable', amount: 500, currency: 'INR' });
  });

  describe('nothing to pay', () => {
    it('a paid order', () => {
      const paid = preferences({
        order: { ...order, status: 'paid', amount_paid: 50000, amount_due: 0 },
      });
      expect(checkoutFacts(optionsOf({}), paid)).toMatchObject({
        kind: 'blocked',
        message: ORDER_PAID,
      });
    });

    it('a live key with no acquirer', () => {
      const live = preferences({ mode: 'live', acquirer: null });
      expect(checkoutFacts(optionsOf({}), live)).toEqual({
        kind: 'blocked',
        message: NO_ACQUIRER,
        testMode: false,
      });
    });

    it('a cancelled subscription', () => {
      const cancelled = preferences({
        order: undefined,
        subscription: { id: 'sub_1', status: 'cancelled', amount: 500, currency: 'INR' },
      });
      expect(
        checkoutFacts(optionsOf({ order_id: '', subscription_id: 'sub_1' }), cancelled),
      ).toMatchObject({
        kind: 'blocked',
        message: 'This subscription is cancelled and cannot take payments.',
      });
    });

    it('no order or subscription, even with an amount (orderless payments are refused)', () => {
      const none = preferences({ order: undefined });
      expect(checkoutFacts(optionsOf({ order_id: '', amount: 50000 }), none)).toMatchObject({
        message: NO_ENTITY,
      });
    });

    it('every method turned off or hidden', () => {
      const input = {
        method: { card: false, upi: false },
        config: { display: { hide: [{ method: 'netbanking' }, { method: 'wallet' }] } },
      };
      expect(checkoutFacts(optionsOf(input), preferences())).toMatchObject({ message: NO_METHOD });
    });
  });

  it('methods the account does not offer are not shown', () => {
    const facts = checkoutFacts(
      optionsOf({}),
      preferences({ methods: { card: true, upi: false, netbanking: {}, wallet: false } }),
    );
    if (facts.kind !== 'payable') throw new Error('not payable');
    expect(facts.groups.flatMap((group) => group.choices.map((choice) => choice.method))).toEqual([
      'card',
    ]);
  });
});
