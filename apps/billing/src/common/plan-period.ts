/** A plan's period, which a subscription copies with its plan (shared: both streams record it). */
export type PlanPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';
