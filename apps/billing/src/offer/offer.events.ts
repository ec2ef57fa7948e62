import type { Event } from '@platform/domain-kit';

/** A discount on a subscription's cycles: a percentage (optionally capped) or a flat amount. */
export interface OfferTerms {
  name: string;
  displayText: string | null;
  currency: string;
  discountType: 'percent' | 'flat';
  /** percent: whole percent, 1–100. */
  discountPercent: number | null;
  /** flat: minor units. */
  discountAmount: number | null;
  /** percent: the most one cycle is discounted (minor units), or null. */
  maxDiscount: number | null;
  /** How many cycles from the first it applies to; null: every cycle. */
  cycles: number | null;
}

export type OfferCreated = Event<
  'OfferCreated',
  { offerId: string; terms: OfferTerms; createdAt: number }
>;
export type OfferDeactivated = Event<'OfferDeactivated', { at: number }>;
export type OfferEvent = OfferCreated | OfferDeactivated;
