import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { PlanEvent } from '../plan.events';
import { PlanDetailsRow } from './plan-details.entity';

export function evolvePlanDetails(
  row: PlanDetailsRow | null,
  stored: StoredEvent,
): PlanDetailsRow | null {
  const event = stored as StoredEvent<PlanEvent>;
  if (event.type !== 'PlanCreated') return row;
  return newRow(event, event.data.createdAt, event.data.terms);
}

/** Inline: a plan can be fetched, and subscribed to, right after its creation. */
export const planDetailsProjection = rowProjection<PlanDetailsRow>({
  name: 'plan-details',
  entity: PlanDetailsRow,
  canHandle: ['PlanCreated'],
  evolve: evolvePlanDetails,
});
