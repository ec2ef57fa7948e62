import type { PlanEntity } from '@platform/contracts';
import { toItemEntity } from '../../item/dtos/item.response';
import type { PlanDetailsRow } from '../plan-details/plan-details.entity';

export function toPlanEntity(row: PlanDetailsRow): PlanEntity {
  const item = toItemEntity(
    { ...row.item, active: true, createdAt: row.createdAt, updatedAt: row.createdAt },
    'plan',
  );
  return {
    id: row.id,
    entity: 'plan',
    interval: row.interval,
    period: row.period,
    item,
    notes: row.notes,
    created_at: row.createdAt,
  };
}
