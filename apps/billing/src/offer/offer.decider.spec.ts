import { ValidationFailed } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { appliesToCycle, discountFor, offerDecider } from './offer.decider';
import type { OfferTerms } from './offer.events';

const NOW = 1_700_000_000_000;
const metadata = { accountId: 'acc_Test0000000001', mode: 'test' as const, now: NOW };
const percent = (
  discountPercent: number,
  maxDiscount: number | null = null,
  cycles: number | null = 3,
): OfferTerms => ({
  name: 'Launch',
  displayText: null,
  currency: 'INR',
  discountType: 'percent',
  discountPercent,
  discountAmount: null,
  maxDiscount,
  cycles,
});
const flat = (discountAmount: number): OfferTerms => ({
  name: 'Flat',
  displayText: null,
  currency: 'INR',
  discountType: 'flat',
  discountPercent: null,
  discountAmount,
  maxDiscount: null,
  cycles: null,
});

describe('Offer', () => {
  it('discounts a percentage rounded half up, capped by max_discount', () => {
    expect(discountFor(percent(10), 49900)).toBe(4990);
    expect(discountFor(percent(15), 333)).toBe(50); // 49.95 → 50
    expect(discountFor(percent(50, 10000), 49900)).toBe(10000);
  });

  it('discounts a flat amount, never leaving a cycle under 100', () => {
    expect(discountFor(flat(5000), 49900)).toBe(5000);
    expect(discountFor(flat(60000), 49900)).toBe(49800);
    expect(discountFor(percent(100), 49900)).toBe(49800);
    expect(discountFor(flat(500), 100)).toBe(0);
  });

  it('applies to its first cycles only, or to every cycle', () => {
    expect([1, 3, 4].map((cycle) => appliesToCycle(percent(10), cycle))).toEqual([
      true,
      true,
      false,
    ]);
    expect(appliesToCycle(flat(100), 120)).toBe(true);
  });

  it('refuses terms that do not fit their type', () => {
    const given = DeciderSpecification.for(offerDecider);
    given([])
      .when({
        type: 'CreateOffer',
        data: { offerId: 'offer_1', terms: { ...percent(10), discountPercent: null } },
        metadata,
      })
      .thenThrows((e: unknown) => e instanceof ValidationFailed && e.field === 'discount_percent');
    given([])
      .when({
        type: 'CreateOffer',
        data: { offerId: 'offer_1', terms: { ...flat(100), maxDiscount: 5 } },
        metadata,
      })
      .thenThrows((e: unknown) => e instanceof ValidationFailed && e.field === 'max_discount');
    given([])
      .when({ type: 'CreateOffer', data: { offerId: 'offer_1', terms: flat(100) }, metadata })
      .then([
        { type: 'OfferCreated', data: { offerId: 'offer_1', terms: flat(100), createdAt: NOW } },
      ]);
  });
});
