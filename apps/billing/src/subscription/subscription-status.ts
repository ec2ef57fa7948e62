export type SubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'paused'
  | 'cancelled'
  | 'completed'
  | 'expired';
export const FINAL_STATUSES = ['cancelled', 'completed', 'expired'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

export const isFinal = (status: SubscriptionStatus | 'new'): status is FinalStatus =>
  (FINAL_STATUSES as readonly string[]).includes(status);
