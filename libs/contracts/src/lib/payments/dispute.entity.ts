import type { CurrencyCode } from '../api-values';
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
const REASONS = {
  product_not_received: 'The customer says the goods or service they paid for were not received.',
  product_unacceptable:
    'The customer says the goods or service were damaged, defective or not as described.',
  duplicate_charge: 'The customer says they were charged more than once for the same purchase.',
  credit_not_processed: 'The customer says a refund they were promised has not reached them.',
  fraudulent: 'The cardholder says they did not make or authorise this payment.',
  subscription_canceled: 'The customer says they were charged after cancelling a subscription.',
  general: 'The customer questions this payment with their bank.',
} as const;
export type DisputeReason = keyof typeof REASONS;
export const DISPUTE_REASONS: Readonly<Record<string, string>> = REASONS;

/**
 * The ids of the documents of one evidence category (uploaded with POST /v1/documents); null when
 * none were given.
 *
 * @example ["doc_1Aa00000000001"]
 */
export type EvidenceDocumentIds = string[] | null;

/**
 * Your case against the dispute: document ids per category (null when not given), as saved by PATCH
 * /v1/disputes/{id}/contest.
 */
export type DisputeEvidenceEntity = {
  /** The amount contested: the disputed amount unless a smaller one was saved or submitted. */
  amount: number;
  /** @maxLength 1000 */
  summary: string | null;
  /** Documents of other kinds, each list under its own `type`. */
  others: { type: string; document_ids: string[] }[] | null;
  /**
   * When the evidence was submitted (`action` `submit`), Unix seconds; null while it is a draft.
   */
  submitted_at: number | null;
} & Record<EvidenceCategory, EvidenceDocumentIds>;

/** A dispute as the API shows it (`entity: "dispute"`). */
export interface DisputeEntity {
  /** @example "disp_1Aa00000000001" */
  id: string;
  entity: 'dispute';
  /** @example "pay_1Aa00000000001" */
  payment_id: string;
  /**
   * What the customer's bank disputes, in the smallest currency unit: at most what the payment had
   * captured and neither refunded nor disputed already.
   *
   * @example 50000
   */
  amount: number;
  /** The payment's currency. */
  currency: CurrencyCode;
  /** 0 unless the dispute is lost; then the disputed amount. */
  amount_deducted: number;
  /**
   * The customer's bank's case number for the dispute, given when it is raised: quote it to
   * reconcile with the bank. Null only for disputes raised before the platform kept it.
   *
   * @example "418207365914"
   */
  gateway_dispute_id: string | null;
  /** @example "product_not_received" */
  reason_code: DisputeReason;
  /**
   * What the reason code means.
   *
   * @example "The customer says the goods or service they paid for were not received."
   */
  reason_description: string;
  /**
   * Unix seconds: 7 days after `created_at`. Accept the dispute or submit evidence before then; an
   * open dispute still unanswered at `respond_by` is lost (a saved draft is no answer).
   */
  respond_by: number;
  /**
   * `open`: waiting for your answer. `under_review`: evidence submitted; the bank decides 3 days
   * after the submission. `won`: the submitted evidence included at least one document. `lost`:
   * accepted, unanswered by `respond_by`, or submitted without any document; the disputed amount is
   * deducted. `closed`: a `fraud` or `retrieval` dispute (they only ask for information) once its
   * evidence is submitted.
   */
  status: DisputeStatus;
  /**
   * `fraud` and `retrieval` disputes only ask for information: submitting evidence closes them. The
   * other phases are decided on the evidence.
   */
  phase: DisputePhase;
  /** The bank's remarks on the case; null when it made none (the test banks make none). */
  comments: string | null;
  /** Unix seconds */
  created_at: number;
  /**
   * Your case against the dispute: document ids per category (null when not given), as saved by
   * PATCH /v1/disputes/{id}/contest.
   */
  evidence: DisputeEvidenceEntity;
}
