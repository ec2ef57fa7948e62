import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PlanItem, PlanPeriod } from '../plan.events';

/** One row per plan: what GET /v1/plans[/:id] reads (and subscriptions will charge). */
@Entity('plans')
export class PlanDetailsRow {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text') period!: PlanPeriod;
  @Column('integer') interval!: number;
  @Column('jsonb') item!: PlanItem;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
}
