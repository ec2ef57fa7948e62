import { NotFound } from '@platform/domain-kit';
import type { LiveSubscription, Subscription } from '../subscription.state';

/** Every command but CreateSubscription needs a subscription that exists. */
export function live(state: Subscription): LiveSubscription {
  if (state.status === 'new') throw new NotFound();
  return state;
}

/** A value the status guarantees (an active subscription has a current cycle). */
export function known<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`The subscription has no ${what}.`);
  return value;
}
