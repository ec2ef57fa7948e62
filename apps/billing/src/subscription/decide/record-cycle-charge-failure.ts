import { CHARGE_RETRY_DELAYS_MS } from '../charge-retries';
import type { RecordCycleChargeFailure } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/** Retries follow CHARGE_RETRY_DELAYS_MS; a failure after the last retry halts the subscription. */
export function recordCycleChargeFailure(
  command: RecordCycleChargeFailure,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, paymentId } = command.data;
  const now = command.metadata.now;
  const open = s.openCycle;
  if (open?.invoiceId !== invoiceId || open.failedPayments.includes(paymentId)) return [];
  const attempt = open.failedAttempts + 1;
  const failed = (retryAt: number | null): SubscriptionEvent => ({
    type: 'SubscriptionChargeFailed',
    data: { invoiceId, paymentId, attempt, retryAt, at: now },
  });
  if (s.status === 'halted') return [failed(null)];
  if (attempt <= CHARGE_RETRY_DELAYS_MS.length) {
    const events = [failed(now + CHARGE_RETRY_DELAYS_MS[attempt - 1])];
    return s.status === 'active' || s.status === 'authenticated'
      ? [...events, { type: 'SubscriptionPending', data: { at: now } }]
      : events;
  }
  return [failed(null), { type: 'SubscriptionHalted', data: { at: now } }];
}
