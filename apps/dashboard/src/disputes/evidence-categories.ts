/**
 * What a contest can attach evidence as: the contract's evidence categories (EVIDENCE_CATEGORIES in
 * libs/contracts, which the payments service validates with), then `others` (documents with a type
 * of their own). Written out because the contracts lib is Node code the browser bundle cannot take
 * whole; evidence-categories.spec.ts fails when the two lists drift apart.
 */
export const CONTEST_CATEGORIES = [
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
  'others',
] as const;
