import { assertUnreachable } from '@platform/domain-kit';
import { cycleOutcome } from '../subscription-cycle';
import type { BillCycle } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/**
 * The timer at chargeAt: the current cycle ends (cancelling or completing the subscription, or
 * applying the scheduled change) and the next begins, billed under `invoiceId`. An unpaid cycle is
 * not charged again: the new cycle replaces it as the open one.
 */
export function billCycle(command: BillCycle, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, at } = command.data;
  const outcome = cycleOutcome(s, at);
  switch (outcome.kind) {
    case 'nothing':
      return [];
    case 'cancel':
      return [{ type: 'SubscriptionCancelled', data: { at } }];
    case 'complete':
      return [{ type: 'SubscriptionCompleted', data: { at } }];
    case 'bill': {
      const { change, cycle, start, end, chargeAutomatically, anchor } = outcome;
      const billed: SubscriptionEvent = {
        type: 'SubscriptionCycleBilled',
        data: { invoiceId, cycle, start, end, chargeAutomatically, anchor, at },
      };
      return change === null
        ? [billed]
        : [{ type: 'SubscriptionChangeApplied', data: { change, at } }, billed];
    }
    default:
      return assertUnreachable(outcome);
  }
}
