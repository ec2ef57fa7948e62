import type { SubscriptionEntity } from '@platform/contracts';
import { formatAmount } from '@platform/notification';
import { escapeHtml, formatTime, htmlPage, paySection } from '@platform/customer-pages';
import type { LiveSubscription } from './subscription.decider';

const EVERY: Record<string, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/**
 * The page behind a subscription's `short_url`: what the customer signs up for, and where it stands;
 * while it awaits authorization (`created`), the button that authorizes it through Checkout (the
 * authorization payment: the first invoice, the upfront add-ons, or a token payment refunded at once).
 */
export function renderSubscriptionPage(
  subscription: SubscriptionEntity,
  state: LiveSubscription,
): string {
  const { plan, quantity } = state.terms;
  const perCycle = escapeHtml(formatAmount(plan.amount * quantity, plan.currency));
  const every =
    plan.interval === 1 ? EVERY[plan.period] : `${plan.interval} ${EVERY[plan.period]}s`;
  const when = (label: string, seconds: number | null) =>
    seconds === null
      ? ''
      : `<tr><td>${label}</td><td class="num">${escapeHtml(formatTime(seconds))}</td></tr>`;
  return htmlPage(
    `Subscription ${subscription.id}`,
    `<h1>Subscription</h1>
<p><strong>${perCycle}</strong> every ${escapeHtml(every)}, ${subscription.total_count} times${quantity > 1 ? ` (quantity ${quantity})` : ''}</p>
<table>
<tr><td>Status</td><td class="num">${escapeHtml(subscription.status)}</td></tr>
<tr><td>Cycles paid</td><td class="num">${subscription.paid_count} of ${subscription.total_count}</td></tr>
${when('Current cycle ends', subscription.current_end)}
${when('Next charge', subscription.charge_at)}
${when('Authorize by', subscription.status === 'created' ? subscription.expire_by : null)}
</table>
${standing(subscription)}
${
  subscription.status === 'created'
    ? paySection({
        entityId: subscription.id,
        kind: 'subscription',
        currency: plan.currency,
        amountDue: state.authorization.amount,
        partial: false,
        minAmount: state.authorization.amount,
        name: 'Subscription',
        action: 'Authorize',
      })
    : ''
}`,
  );
}

/** Once authorized, in words: what happens next. */
function standing(subscription: SubscriptionEntity): string {
  if (subscription.status === 'authenticated')
    return `<p>Authorized. ${subscription.charge_at === null ? 'The subscription starts soon.' : `The first charge is on ${escapeHtml(formatTime(subscription.charge_at))}.`}</p>`;
  if (subscription.status === 'active')
    return `<p>Authorized and active: each cycle is charged automatically.</p>`;
  return '';
}
