import { AlreadyExists, assertUnreachable, ValidationFailed } from '@platform/domain-kit';
import type { CreatePlan, PlanCommand } from './plan.commands';
import type { PlanEvent, PlanTerms } from './plan.events';

export const PLAN_STREAM = 'plan';
/** Each cycle charges at least ₹1, the smallest payment. */
export const MIN_PLAN_AMOUNT = 100;
/** Daily plans charge at most once a week (Razorpay's rule). */
export const MIN_DAILY_INTERVAL = 7;

export type Plan = { status: 'new' } | { status: 'created'; terms: PlanTerms; createdAt: number };

export const initialState = (): Plan => ({ status: 'new' });

export function evolve(_state: Plan, event: PlanEvent): Plan {
  switch (event.type) {
    case 'PlanCreated':
      return { status: 'created', terms: event.data.terms, createdAt: event.data.createdAt };
    default:
      return assertUnreachable(event.type);
  }
}

export function create(command: CreatePlan, state: Plan): PlanEvent {
  if (state.status !== 'new') throw new AlreadyExists('The plan already exists.');
  const { terms } = command.data;
  if (terms.item.amount < MIN_PLAN_AMOUNT)
    throw new ValidationFailed(
      `The item.amount must be at least ${MIN_PLAN_AMOUNT}.`,
      'item.amount',
    );
  if (terms.interval < 1)
    throw new ValidationFailed('The interval must be at least 1.', 'interval');
  if (terms.period === 'daily' && terms.interval < MIN_DAILY_INTERVAL)
    throw new ValidationFailed(
      `A daily plan needs an interval of at least ${MIN_DAILY_INTERVAL}.`,
      'interval',
    );
  return {
    type: 'PlanCreated',
    data: { planId: command.data.planId, terms, createdAt: command.metadata.now },
  };
}

export function decide(command: PlanCommand, state: Plan): PlanEvent {
  switch (command.type) {
    case 'CreatePlan':
      return create(command, state);
    default:
      return assertUnreachable(command.type);
  }
}

export const planDecider = { decide, evolve, initialState };
