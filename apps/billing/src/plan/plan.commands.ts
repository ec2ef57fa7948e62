import type { Command } from '@platform/domain-kit';
import type { PlanTerms } from './plan.events';

export type CreatePlan = Command<'CreatePlan', { planId: string; terms: PlanTerms }>;

export type PlanCommand = CreatePlan;
