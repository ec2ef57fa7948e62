import { commandsOn, foldStream, streamUpTo } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { subscriptionDetailsProjection } from './subscription-details/subscription-details.projection';
import type { SubscriptionCommand } from './subscription.commands';
import { SUBSCRIPTION_STREAM, subscriptionDecider } from './subscription.decider';
import type { Subscription } from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';
import { subscriptionIntegrationEvents } from './subscription.integration';

export const BILL_CYCLE_JOB = 'subscription.bill-cycle';
export const RETRY_CHARGE_JOB = 'subscription.retry-charge';
export const EXPIRE_SUBSCRIPTION_JOB = 'subscription.expire';
export const NOTIFY_LINK_JOB = 'subscription.notify-link';
export const NOTIFY_CHANGE_JOB = 'subscription.notify-change';

/** A command on a subscription stream, with its read model, its public events and its timers. */
export function onSubscription(
  subscriptionId: string,
  command: SubscriptionCommand,
  publicBaseUrl: string,
  isNew = false,
) {
  return commandsOn({
    decider: subscriptionDecider,
    streamType: SUBSCRIPTION_STREAM,
    projections: [subscriptionDetailsProjection],
    outbox: subscriptionIntegrationEvents(publicBaseUrl),
    jobs: subscriptionJobs,
  })(subscriptionId, command, isNew);
}

const chargeAtOf = (state: Subscription) => (state.status === 'new' ? null : state.chargeAt);

/**
 * Timers: the next cycle at `charge_at` whenever it moves (a timer for an old charge_at finds it
 * moved and bills nothing), a failed charge's retry, the authorization deadline, a link's
 * notifications, and the notice of a change.
 */
export function subscriptionJobs(
  appended: readonly StoredEvent<SubscriptionEvent>[],
  stream: readonly StoredEvent<SubscriptionEvent>[],
): DueJob[] {
  if (appended.length === 0) return [];
  const streamId = appended[0].streamId;
  const before = foldStream(subscriptionDecider, streamUpTo(stream, appended[0].version - 1));
  const after = foldStream(subscriptionDecider, stream);
  const jobs: DueJob[] = [];
  const chargeAt = chargeAtOf(after);
  if (chargeAt !== null && chargeAt !== chargeAtOf(before))
    jobs.push({ kind: BILL_CYCLE_JOB, streamId, dueAt: chargeAt, payload: { at: chargeAt } });
  if (after.status !== 'new' && after.terms.customerNotify)
    jobs.push(...changeNotices(appended, streamId));
  for (const event of appended) {
    if (event.type === 'SubscriptionChargeFailed' && event.data.retryAt !== null) {
      jobs.push({
        kind: RETRY_CHARGE_JOB,
        streamId,
        dueAt: event.data.retryAt,
        payload: { invoiceId: event.data.invoiceId, attempt: event.data.attempt },
      });
    }
    if (event.type !== 'SubscriptionCreated') continue;
    const { terms, createdAt } = event.data;
    if (terms.expireBy !== null)
      jobs.push({
        kind: EXPIRE_SUBSCRIPTION_JOB,
        streamId,
        dueAt: terms.expireBy,
        payload: { at: terms.expireBy },
      });
    // A subscription link: its short_url goes to the customer when customer_notify says so.
    if (terms.customerNotify && terms.notifyInfo?.notifyEmail)
      jobs.push({
        kind: NOTIFY_LINK_JOB,
        streamId,
        dueAt: createdAt,
        payload: { medium: 'email', to: terms.notifyInfo.notifyEmail },
      });
    if (terms.customerNotify && terms.notifyInfo?.notifyPhone)
      jobs.push({
        kind: NOTIFY_LINK_JOB,
        streamId,
        dueAt: createdAt,
        payload: { medium: 'sms', to: terms.notifyInfo.notifyPhone },
      });
  }
  return jobs;
}

/** While customer_notify is on, the customer is told of each change, when it is made (a scheduled one: what and when). */
function changeNotices(
  appended: readonly StoredEvent<SubscriptionEvent>[],
  streamId: string,
): DueJob[] {
  return appended.flatMap((event): DueJob[] => {
    if (event.type !== 'SubscriptionUpdated' && event.type !== 'SubscriptionChangeScheduled')
      return [];
    const appliesAt = event.type === 'SubscriptionChangeScheduled' ? event.data.changeAt : null;
    return [
      {
        kind: NOTIFY_CHANGE_JOB,
        streamId,
        dueAt: event.data.at,
        payload: { change: event.data.change, appliesAt },
      },
    ];
  });
}
