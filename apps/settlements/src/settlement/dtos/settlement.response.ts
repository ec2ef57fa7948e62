import type { SettlementEntity } from '@platform/contracts';
import type { SettlementDetailsRow } from '../settlement-details/settlement-details.entity';

/** A scheduled settlement's fees and tax are 0: its payments' fees were taken when they were captured. */
export function toSettlementEntity(row: SettlementDetailsRow): SettlementEntity {
  return {
    id: row.id,
    entity: 'settlement',
    amount: row.amount,
    status: row.status,
    fees: 0,
    tax: 0,
    utr: row.utr,
    created_at: row.createdAt,
  };
}
