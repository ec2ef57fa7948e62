import { DISPUTE_REASONS } from '@platform/contracts';
import type {
  DisputeEntity,
  DisputeReason,
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
/** @public A compile-time check, exported so the compiler keeps it (nothing imports it). */
export type CheckedDisputePhase = Same<DisputePhase, PublicDisputePhase> &
  Same<PublicDisputePhase, DisputePhase>;
/** @public A compile-time check, as above. */
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
    gateway_dispute_id: row.gatewayDisputeId,
    // Disputes are raised with one of DISPUTE_REASONS (the simulator checks it).
    reason_code: row.reasonCode as DisputeReason,
    reason_description: DISPUTE_REASONS[row.reasonCode] ?? DISPUTE_REASONS['general'],
    respond_by: row.respondBy,
    status: row.status,
    phase: row.phase,
    // The bank's remarks on the case, as Razorpay relays them: the simulated banks make none.
    comments: null,
    created_at: row.createdAt,
    // Until the merchant names a smaller amount, the whole disputed amount is contested.
    evidence: {
      ...row.evidence,
      amount: row.evidence.amount ?? row.amount,
      submitted_at: row.submittedAt,
    },
  };
}
