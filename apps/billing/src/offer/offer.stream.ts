import { commandsOn } from '@platform/event-store';
import { offerDetailsProjection } from './offer-details/offer-details.projection';
import { OFFER_STREAM, offerDecider } from './offer.decider';

/** A command on an offer stream, with its read model. */
export const onOffer = commandsOn({
  decider: offerDecider,
  streamType: OFFER_STREAM,
  projections: [offerDetailsProjection],
});
