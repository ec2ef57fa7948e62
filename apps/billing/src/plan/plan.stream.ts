import { commandsOn } from '@platform/event-store';
import { planDetailsProjection } from './plan-details/plan-details.projection';
import { PLAN_STREAM, planDecider } from './plan.decider';

/** A command on a plan stream, with its read model. */
export const onPlan = commandsOn({
  decider: planDecider,
  streamType: PLAN_STREAM,
  projections: [planDetailsProjection],
});
