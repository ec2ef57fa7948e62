import { AlreadyExists, ValidationFailed } from '@platform/domain-kit';
import type { CreateSubscription } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent, SubscriptionTerms } from '../subscription.events';

export function create(command: CreateSubscription, state: Subscription): SubscriptionEvent {
  if (state.status !== 'new') throw new AlreadyExists('The subscription already exists.');
  const { subscriptionId, terms, authorization } = command.data;
  const { now } = command.metadata;
  checkTerms(terms, now);
  // The caller's invariant, not the customer's input: a fault of ours when broken. (With a start_at
  // the authorization has an invoice when it charges upfront add-ons, none when it is a token.)
  if (terms.startAt === null && authorization.invoiceId === null)
    throw new Error('Without a start_at the authorization payment charges the first cycle.');
  return {
    type: 'SubscriptionCreated',
    data: { subscriptionId, terms, authorization, createdAt: now },
  };
}

function checkTerms(terms: SubscriptionTerms, now: number): void {
  if (terms.quantity < 1)
    throw new ValidationFailed('The quantity must be at least 1.', 'quantity');
  if (terms.totalCount < 1)
    throw new ValidationFailed('The total_count must be at least 1.', 'total_count');
  if (terms.startAt !== null && terms.startAt <= now)
    throw new ValidationFailed('The start_at must be in the future.', 'start_at');
  if (terms.expireBy !== null && terms.expireBy <= now)
    throw new ValidationFailed('The expire_by must be in the future.', 'expire_by');
}
