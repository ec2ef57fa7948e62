import type { Command } from '@platform/domain-kit';
import type { OfferTerms } from './offer.events';

export type CreateOffer = Command<'CreateOffer', { offerId: string; terms: OfferTerms }>;
export type DeactivateOffer = Command<'DeactivateOffer', Record<string, never>>;
export type OfferCommand = CreateOffer | DeactivateOffer;
