/**
 * The value lists of a dispute, written once: the payments service decides and validates with them and
 * the gateway's OpenAPI document lists them, so the two cannot drift.
 */

/** `open` → `under_review` → `won` | `lost`; `closed` ends a fraud or retrieval dispute. */
export const DISPUTE_STATUSES = ['open', 'under_review', 'won', 'lost', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The phases of the reference; `fraud` and `retrieval` only ask for information. */
export const DISPUTE_PHASES = [
  'fraud',
  'retrieval',
  'chargeback',
  'pre_arbitration',
  'arbitration',
] as const;
export type DisputePhase = (typeof DISPUTE_PHASES)[number];

/** The evidence categories of the reference, each a list of document ids (null: not given). */
export const EVIDENCE_CATEGORIES = [
  'shipping_proof',
  'billing_proof',
  'cancellation_proof',
  'customer_communication',
  'proof_of_service',
  'explanation_letter',
  'refund_confirmation',
  'access_activity_log',
  'refund_cancellation_policy',
  'term_and_conditions',
] as const;
export type EvidenceCategory = (typeof EVIDENCE_CATEGORIES)[number];

/** Reason codes disputes are raised with (the simulator's), and how the API describes them. */
export const DISPUTE_REASONS: Readonly<Record<string, string>> = {
  product_not_received: 'The customer says the goods or service they paid for were not received.',
  product_unacceptable:
    'The customer says the goods or service were damaged, defective or not as described.',
  duplicate_charge: 'The customer says they were charged more than once for the same purchase.',
  credit_not_processed: 'The customer says a refund they were promised has not reached them.',
  fraudulent: 'The cardholder says they did not make or authorise this payment.',
  subscription_canceled: 'The customer says they were charged after cancelling a subscription.',
  general: 'The customer questions this payment with their bank.',
};

/** The merchant's case against a dispute (reference 2.12): document ids per category, null when not given. */
export type DisputeEvidenceEntity = {
  /** The amount contested: the disputed amount unless the merchant named a smaller one. */
  amount: number;
  summary: string | null;
  others: { type: string; document_ids: string[] }[] | null;
  submitted_at: number | null;
} & Record<EvidenceCategory, string[] | null>;

/** A dispute as the API shows it (`entity: "dispute"`). */
export interface DisputeEntity {
  id: string;
  entity: 'dispute';
  payment_id: string;
  amount: number;
  currency: string;
  /** 0 unless the dispute is lost. */
  amount_deducted: number;
  /** The customer's bank's case number, for reconciling with it; null for disputes raised before it was kept. */
  gateway_dispute_id: string | null;
  reason_code: string;
  reason_description: string;
  respond_by: number;
  status: DisputeStatus;
  phase: DisputePhase;
  /** The bank's remarks on the case; null when it made none. */
  comments: string | null;
  created_at: number;
  evidence: DisputeEvidenceEntity;
}
