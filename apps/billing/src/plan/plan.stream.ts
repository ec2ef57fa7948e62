import type { CommandSpec } from '@platform/event-store';
import { planDetailsProjection } from './plan-details/plan-details.projection';
import type { PlanCommand } from './plan.commands';
import { PLAN_STREAM, planDecider } from './plan.decider';
import type { Plan } from './plan.decider';
import type { PlanEvent } from './plan.events';

/** A command on a plan stream, with its read model. */
export function onPlan(
  planId: string,
  command: PlanCommand,
  isNew = false,
): CommandSpec<Plan, PlanCommand, PlanEvent> {
  return {
    decider: planDecider,
    streamType: PLAN_STREAM,
    streamId: planId,
    command,
    isNew,
    projections: [planDetailsProjection],
  };
}
