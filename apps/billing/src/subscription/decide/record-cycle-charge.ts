import { IllegalTransition } from '@platform/domain-kit';
import { isFinal } from '../subscription-status';
import type { RecordCycleCharge } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

export function recordCycleCharge(
  command: RecordCycleCharge,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, paymentId } = command.data;
  const at = command.metadata.now;
  if (s.chargedInvoices.includes(invoiceId)) return [];
  if (isFinal(s.status)) throw new IllegalTransition(`The subscription is already ${s.status}.`);
  if (s.openCycle?.invoiceId !== invoiceId)
    throw new IllegalTransition("This invoice is not the subscription's open cycle.");
  const { cycle } = s.openCycle;
  const events: SubscriptionEvent[] = [
    { type: 'SubscriptionCharged', data: { invoiceId, paymentId, cycle, at } },
  ];
  if (s.status === 'authenticated' || s.status === 'pending' || s.status === 'halted')
    events.push({ type: 'SubscriptionActivated', data: { at } });
  if (cycle >= s.terms.totalCount) events.push({ type: 'SubscriptionCompleted', data: { at } });
  return events;
}
