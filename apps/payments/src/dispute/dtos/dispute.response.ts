import { DISPUTE_REASONS } from '@platform/contracts';
import type {
  DisputeEntity,
  DisputePhase as PublicDisputePhase,
  EvidenceCategory as PublicEvidenceCategory,
} from '@platform/contracts';
import type { DisputeDetailsRow } from '../dispute-details/dispute-details.entity';
import type { DisputePhase, EvidenceCategory } from '../dispute.events';

/**
 * Compiles only while the domain's phases and evidence categories (dispute.events.ts, which may not
 * import contracts) are exactly the contract's, the lists the API validates and documents.
 */
type Same<A, B extends A> = B;
export type CheckedDisputePhase = Same<DisputePhase, PublicDisputePhase> &
  Same<PublicDisputePhase, DisputePhase>;
export type CheckedEvidenceCategory = Same<EvidenceCategory, PublicEvidenceCategory> &
  Same<PublicEvidenceCategory, EvidenceCategory>;

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
