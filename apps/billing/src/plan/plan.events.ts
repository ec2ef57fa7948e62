import type { Event } from '@platform/domain-kit';
import type { PlanPeriod } from '../common/plan-period';

export type { PlanPeriod };

/** The plan's own item (Razorpay creates one with each plan): what each cycle charges. */
export interface PlanItem {
  id: string;
  name: string;
  description: string | null;
  amount: number;
  currency: string;
}

export interface PlanTerms {
  item: PlanItem;
  period: PlanPeriod;
  /** A cycle is `interval` periods: monthly + 2 is every two months. */
  interval: number;
  notes: Record<string, string | number>;
}

/** `createdAt`: milliseconds on the account's clock. Plans never change once made. */
export type PlanCreated = Event<
  'PlanCreated',
  { planId: string; terms: PlanTerms; createdAt: number }
>;

export type PlanEvent = PlanCreated;
