import { ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { PlanItem, PlanPeriod } from '../plan.events';

/** One row per plan: what GET /v1/plans[/:id] reads (and subscriptions will charge). */
@Entity('plans')
export class PlanDetailsRow extends ReadModelRow {
  @Column('text') period!: PlanPeriod;
  @Column('integer') interval!: number;
  @Column('jsonb') item!: PlanItem;
  @Column('jsonb') notes!: Record<string, string | number>;
}
