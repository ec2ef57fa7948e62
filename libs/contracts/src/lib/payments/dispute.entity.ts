/** The merchant's case against a dispute (reference 2.12): document ids per category, null when not given. */
export interface DisputeEvidenceEntity {
  amount: number | null;
  summary: string | null;
  shipping_proof: string[] | null;
  billing_proof: string[] | null;
  cancellation_proof: string[] | null;
  customer_communication: string[] | null;
  proof_of_service: string[] | null;
  explanation_letter: string[] | null;
  refund_confirmation: string[] | null;
  access_activity_log: string[] | null;
  refund_cancellation_policy: string[] | null;
  term_and_conditions: string[] | null;
  others: { type: string; document_ids: string[] }[] | null;
  submitted_at: number | null;
}

/** A dispute as the API shows it (`entity: "dispute"`). */
export interface DisputeEntity {
  id: string;
  entity: 'dispute';
  payment_id: string;
  amount: number;
  currency: string;
  /** 0 unless the dispute is lost. */
  amount_deducted: number;
  reason_code: string;
  reason_description: string;
  respond_by: number;
  status: 'open' | 'under_review' | 'won' | 'lost' | 'closed';
  phase: 'fraud' | 'retrieval' | 'chargeback' | 'pre_arbitration' | 'arbitration';
  created_at: number;
  evidence: DisputeEvidenceEntity;
}
