import type { CommandMetadata } from '@platform/domain-kit';
import type {
  AcceptDispute,
  ContestDispute,
  DecideDispute,
  ExpireDispute,
  RaiseDispute,
} from './dispute.commands';
import type {
  DisputeClosed,
  DisputeEvidenceSaved,
  DisputeEvidenceSubmitted,
  DisputeLost,
  DisputeRaised,
  DisputeTerms,
  DisputeWon,
  Evidence,
} from './dispute.events';

export const DISPUTE_ID = 'disp_AbCdEfGhIjKlMn';
export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const DOCUMENT_ID = 'doc_AbCdEfGhIjKlMn';
export const SECOND_DOCUMENT_ID = 'doc_BcDeFgHiJkLmNo';
export const THIRD_DOCUMENT_ID = 'doc_CdEfGhIjKlMnOp';
export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** When the dispute is raised (ms). */
export const NOW = 1_700_000_000_000;
/** When the merchant answers (ms): an hour later. */
export const LATER = NOW + HOUR_MS;
/** The first moment the dispute can no longer be answered: 7 days after it was raised. */
export const RESPOND_BY = NOW + 7 * DAY_MS;
/** The first moment a contest submitted at LATER is decided: 3 days later. */
export const REVIEW_ENDS = LATER + 3 * DAY_MS;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};
/** The amount disputed. */
export const AMOUNT = 50_000;
/** The customer's bank's case number. */
export const GATEWAY_DISPUTE_ID = '418207365914';
export const SUMMARY = 'The goods were delivered on time; the signed delivery note is attached.';

export function disputeTerms(overrides: Partial<DisputeTerms> = {}): DisputeTerms {
  return {
    paymentId: PAYMENT_ID,
    amount: AMOUNT,
    currency: 'INR',
    reasonCode: 'product_not_received',
    phase: 'chargeback',
    respondBy: RESPOND_BY,
    gatewayDisputeId: GATEWAY_DISPUTE_ID,
    ...overrides,
  };
}

/** Evidence with only the fields given: every other one null. */
export function evidence(overrides: Partial<Evidence> = {}): Evidence {
  return {
    amount: null,
    summary: null,
    others: null,
    shipping_proof: null,
    billing_proof: null,
    cancellation_proof: null,
    customer_communication: null,
    proof_of_service: null,
    explanation_letter: null,
    refund_confirmation: null,
    access_activity_log: null,
    refund_cancellation_policy: null,
    term_and_conditions: null,
    ...overrides,
  };
}

const at = (now: number): CommandMetadata => ({ ...METADATA, now });

export function raiseDispute(overrides: Partial<DisputeTerms> = {}): RaiseDispute {
  return {
    type: 'RaiseDispute',
    data: { disputeId: DISPUTE_ID, terms: disputeTerms(overrides) },
    metadata: METADATA,
  };
}

export function disputeRaised(overrides: Partial<DisputeTerms> = {}): DisputeRaised {
  return {
    type: 'DisputeRaised',
    data: { disputeId: DISPUTE_ID, terms: disputeTerms(overrides), createdAt: NOW },
  };
}

export function acceptDispute(now = LATER): AcceptDispute {
  return { type: 'AcceptDispute', data: {}, metadata: at(now) };
}

/** The evidence fields sent, saved as a draft by default. */
export function contestDispute(
  sent: Partial<Evidence>,
  action: 'draft' | 'submit' = 'draft',
  now = LATER,
): ContestDispute {
  return { type: 'ContestDispute', data: { evidence: sent, action }, metadata: at(now) };
}

export function disputeEvidenceSaved(overrides: Partial<Evidence> = {}): DisputeEvidenceSaved {
  return { type: 'DisputeEvidenceSaved', data: { evidence: evidence(overrides) } };
}

/** By default: the whole amount contested. */
export function disputeEvidenceSubmitted(
  overrides: Partial<Evidence> = {},
  submittedAt = LATER,
): DisputeEvidenceSubmitted {
  return {
    type: 'DisputeEvidenceSubmitted',
    data: { evidence: evidence({ amount: AMOUNT, ...overrides }), submittedAt },
  };
}

export function disputeLost(
  reason: DisputeLost['data']['reason'],
  decidedAt: number,
  amountDeducted = AMOUNT,
): DisputeLost {
  return { type: 'DisputeLost', data: { reason, amountDeducted, decidedAt } };
}

export function disputeWon(decidedAt = REVIEW_ENDS): DisputeWon {
  return { type: 'DisputeWon', data: { decidedAt } };
}

export function disputeClosed(closedAt = LATER): DisputeClosed {
  return { type: 'DisputeClosed', data: { closedAt } };
}

/** The scheduler at respond_by (or `now`): an open dispute nobody answered is lost. */
export function expireDispute(now = RESPOND_BY): ExpireDispute {
  return { type: 'ExpireDispute', data: {}, metadata: at(now) };
}

/** The simulated bank's decision on a submitted contest, at `now`. */
export function decideDispute(now = REVIEW_ENDS): DecideDispute {
  return { type: 'DecideDispute', data: {}, metadata: at(now) };
}
