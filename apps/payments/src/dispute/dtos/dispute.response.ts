import { DISPUTE_REASONS } from '@platform/contracts';
import type { DisputeEntity } from '@platform/contracts';
import type { DisputeDetailsRow } from '../dispute-details/dispute-details.entity';

export function toDisputeEntity(row: DisputeDetailsRow): DisputeEntity {
  return {
    id: row.id,
    entity: 'dispute',
    payment_id: row.paymentId,
    amount: row.amount,
    currency: row.currency,
    amount_deducted: row.amountDeducted,
    reason_code: row.reasonCode,
    reason_description: DISPUTE_REASONS[row.reasonCode] ?? DISPUTE_REASONS['general'],
    respond_by: row.respondBy,
    status: row.status,
    phase: row.phase,
    created_at: row.createdAt,
    evidence: { ...row.evidence, submitted_at: row.submittedAt },
  };
}
