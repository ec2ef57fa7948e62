import type { Event } from '@platform/domain-kit';

/**
 * The phases and evidence categories as the domain stores them. They are the contract's
 * (DISPUTE_PHASES, EVIDENCE_CATEGORIES in @platform/contracts), which the API validates and documents;
 * events may not import contracts (lint), so dtos/dispute.response.ts checks at compile time that the
 * two are the same.
 */
export type DisputePhase = 'fraud' | 'retrieval' | 'chargeback' | 'pre_arbitration' | 'arbitration';

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

/** The merchant's case, as saved by contest (drafts keep adding to it). */
export type Evidence = {
  amount: number | null;
  summary: string | null;
  others: { type: string; document_ids: string[] }[] | null;
} & Record<EvidenceCategory, string[] | null>;

export interface DisputeTerms {
  paymentId: string;
  amount: number;
  currency: string;
  reasonCode: string;
  phase: DisputePhase;
  /** Milliseconds on the account's clock: answer (accept or submit) before this, or lose. */
  respondBy: number;
  /**
   * The case number the customer's bank gave the dispute, which the merchant quotes to reconcile
   * with it (absent in disputes raised before it was kept).
   */
  gatewayDisputeId?: string;
}

/** Every time in these events: milliseconds on the account's clock. */
export type DisputeRaised = Event<
  'DisputeRaised',
  { disputeId: string; terms: DisputeTerms; createdAt: number }
>;

/** Contest as a draft: the evidence is kept, the dispute stays open. */
export type DisputeEvidenceSaved = Event<'DisputeEvidenceSaved', { evidence: Evidence }>;

/** Contest submitted: the bank reviews it (fraud and retrieval disputes, which only ask for information, close). */
export type DisputeEvidenceSubmitted = Event<
  'DisputeEvidenceSubmitted',
  { evidence: Evidence; submittedAt: number }
>;

export type DisputeWon = Event<'DisputeWon', { decidedAt: number }>;

/** `accepted`: the merchant accepted it; `unanswered`: respond_by passed; `rejected`: the evidence did not convince. */
export type DisputeLost = Event<
  'DisputeLost',
  { reason: 'accepted' | 'unanswered' | 'rejected'; amountDeducted: number; decidedAt: number }
>;

export type DisputeClosed = Event<'DisputeClosed', { closedAt: number }>;

export type DisputeEvent =
  | DisputeRaised
  | DisputeEvidenceSaved
  | DisputeEvidenceSubmitted
  | DisputeWon
  | DisputeLost
  | DisputeClosed;
