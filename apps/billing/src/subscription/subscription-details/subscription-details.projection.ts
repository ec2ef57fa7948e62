import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import { evolve, initialState } from '../subscription.decider';
import type { LiveSubscription } from '../subscription.decider';
import type { SubscriptionEvent } from '../subscription.events';
import { SubscriptionDetailsRow } from './subscription-details.entity';

export function evolveSubscriptionDetails(
  row: SubscriptionDetailsRow | null,
  stored: StoredEvent,
): SubscriptionDetailsRow | null {
  const event = stored as StoredEvent<SubscriptionEvent>;
  if (event.type === 'SubscriptionCreated') {
    const state = evolve(initialState(), event) as LiveSubscription;
    return newRow(event, event.data.createdAt, {
      status: state.status,
      planId: state.terms.plan.planId,
      authorizationOrderId: state.authorization.orderId,
      state,
    });
  }
  if (!row) return row;
  const state = evolve(row.state, event) as LiveSubscription;
  return { ...row, status: state.status, planId: state.terms.plan.planId, state };
}

/** Inline: updated in the command's statement. */
export const subscriptionDetailsProjection = rowProjection<SubscriptionDetailsRow>({
  name: 'subscription-details',
  entity: SubscriptionDetailsRow,
  canHandle: [
    'SubscriptionCreated',
    'SubscriptionAuthorizationFailed',
    'SubscriptionAuthenticated',
    'SubscriptionActivated',
    'SubscriptionCycleBilled',
    'SubscriptionCharged',
    'SubscriptionChargeFailed',
    'SubscriptionPending',
    'SubscriptionHalted',
    'SubscriptionChargeRetried',
    'SubscriptionPaused',
    'SubscriptionResumed',
    'SubscriptionCancellationScheduled',
    'SubscriptionCancelled',
    'SubscriptionCompleted',
    'SubscriptionExpired',
    'SubscriptionUpdated',
    'SubscriptionChangeScheduled',
    'SubscriptionChangeApplied',
    'SubscriptionScheduledChangesCancelled',
    'SubscriptionCustomerNotifySet',
    'SubscriptionNotesSet',
    'SubscriptionOfferRemoved',
  ],
  evolve: evolveSubscriptionDetails,
});
