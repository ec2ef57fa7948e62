import { AlreadyExists, assertUnreachable, NotFound, ValidationFailed } from '@platform/domain-kit';
import type { OfferCommand } from './offer.commands';
import type { OfferEvent, OfferTerms } from './offer.events';

export const OFFER_STREAM = 'offer';
/** What a discounted cycle must still cost: the least a payment may be. */
export const MIN_DISCOUNTED_AMOUNT = 100;

export type Offer = { status: 'new' } | { status: 'active' | 'inactive'; terms: OfferTerms };

export const initialState = (): Offer => ({ status: 'new' });

export function evolve(state: Offer, event: OfferEvent): Offer {
  switch (event.type) {
    case 'OfferCreated':
      return { status: 'active', terms: event.data.terms };
    case 'OfferDeactivated':
      return state.status === 'new' ? state : { ...state, status: 'inactive' };
    default:
      return assertUnreachable(event);
  }
}

function checkTerms(terms: OfferTerms): void {
  if (terms.discountType === 'percent' && terms.discountPercent === null)
    throw new ValidationFailed(
      'The discount_percent field is required for a percent offer.',
      'discount_percent',
    );
  if (terms.discountType === 'flat' && terms.discountAmount === null)
    throw new ValidationFailed(
      'The discount_amount field is required for a flat offer.',
      'discount_amount',
    );
  if (
    terms.discountType === 'flat' &&
    (terms.discountPercent !== null || terms.maxDiscount !== null)
  )
    throw new ValidationFailed(
      'A flat offer takes discount_amount only.',
      terms.discountPercent !== null ? 'discount_percent' : 'max_discount',
    );
  if (terms.discountType === 'percent' && terms.discountAmount !== null)
    throw new ValidationFailed(
      'A percent offer takes discount_percent (and max_discount) only.',
      'discount_amount',
    );
}

export function decide(command: OfferCommand, state: Offer): OfferEvent[] {
  switch (command.type) {
    case 'CreateOffer':
      if (state.status !== 'new') throw new AlreadyExists('The offer already exists.');
      checkTerms(command.data.terms);
      return [
        {
          type: 'OfferCreated',
          data: {
            offerId: command.data.offerId,
            terms: command.data.terms,
            createdAt: command.metadata.now,
          },
        },
      ];
    case 'DeactivateOffer':
      if (state.status === 'new') throw new NotFound();
      return state.status === 'inactive'
        ? []
        : [{ type: 'OfferDeactivated', data: { at: command.metadata.now } }];
    default:
      return assertUnreachable(command);
  }
}

/**
 * The discount of one cycle of `amount` under the offer, in integer arithmetic: a percentage rounded
 * half up (at most max_discount), or the flat amount; never so much that the cycle costs less than
 * MIN_DISCOUNTED_AMOUNT (a payment's minimum).
 */
export function discountFor(terms: OfferTerms, amount: number): number {
  const wanted =
    terms.discountType === 'percent'
      ? Math.min(
          Number((BigInt(amount) * BigInt(terms.discountPercent ?? 0) * 2n + 100n) / 200n),
          terms.maxDiscount ?? Number.MAX_SAFE_INTEGER,
        )
      : (terms.discountAmount ?? 0);
  return Math.max(0, Math.min(wanted, amount - MIN_DISCOUNTED_AMOUNT));
}

/** Does the offer discount cycle `cycle` (1-based) of a subscription? */
export const appliesToCycle = (terms: OfferTerms, cycle: number): boolean =>
  terms.cycles === null || cycle <= terms.cycles;

export const offerDecider = { decide, evolve, initialState };
