import { ValidationFailed } from '@platform/domain-kit';
import type { RemoveOffer } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

export function removeOffer(command: RemoveOffer, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const { offerId } = command.data;
  if (s.terms.offerId !== offerId)
    throw new ValidationFailed('The offer is not linked to this subscription.', 'offer_id');
  return { type: 'SubscriptionOfferRemoved', data: { offerId, at: command.metadata.now } };
}
