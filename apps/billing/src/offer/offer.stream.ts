import type { CommandSpec } from '@platform/event-store';
import { offerDetailsProjection } from './offer-details/offer-details.projection';
import type { OfferCommand } from './offer.commands';
import { OFFER_STREAM, offerDecider } from './offer.decider';
import type { Offer } from './offer.decider';
import type { OfferEvent } from './offer.events';

/** A command on an offer stream, with its read model. */
export function onOffer(
  offerId: string,
  command: OfferCommand,
  isNew = false,
): CommandSpec<Offer, OfferCommand, OfferEvent> {
  return {
    decider: offerDecider,
    streamType: OFFER_STREAM,
    streamId: offerId,
    command,
    isNew,
    projections: [offerDetailsProjection],
  };
}
