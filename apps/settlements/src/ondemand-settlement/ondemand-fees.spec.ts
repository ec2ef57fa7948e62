import { payoutFee, payoutsFor } from './ondemand-fees';

describe('on-demand fee schedule: Razorpay’s documented example', () => {
  it('charges ₹5.90 on ₹2,000, of which ₹0.90 is GST', () => {
    expect(payoutFee(200000)).toEqual({ fees: 590, tax: 90 });
  });
});

describe('on-demand fee schedule: rounding to the paisa', () => {
  it('rounds the commission and the GST half up, each on its own', () => {
    // 0.25% of 1,99,999 paise = 499.9975 → 500; 18% of 500 = 90.
    expect(payoutFee(199999)).toEqual({ fees: 590, tax: 90 });
    // 0.25% of 1,000 = 2.5 → 3; 18% of 3 = 0.54 → 1.
    expect(payoutFee(1000)).toEqual({ fees: 4, tax: 1 });
    // ₹1: 0.25 paise → 0, no fee at all.
    expect(payoutFee(100)).toEqual({ fees: 0, tax: 0 });
  });
});

describe('on-demand fee schedule: amounts over one credit', () => {
  it('splits into full ₹5,00,000 credits and the rest', () => {
    expect(payoutsFor(100_000_001).map((payout) => payout.amount)).toEqual([
      50_000_000, 50_000_000, 1,
    ]);
    expect(payoutsFor(50_000_000)).toHaveLength(1);
  });
});
