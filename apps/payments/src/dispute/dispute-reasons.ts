/** Reason codes the simulator raises disputes with, and how the API describes them. */
export const DISPUTE_REASONS: Record<string, string> = {
  product_not_received: 'The customer says the goods or service they paid for were not received.',
  product_unacceptable:
    'The customer says the goods or service were damaged, defective or not as described.',
  duplicate_charge: 'The customer says they were charged more than once for the same purchase.',
  credit_not_processed: 'The customer says a refund they were promised has not reached them.',
  fraudulent: 'The cardholder says they did not make or authorise this payment.',
  subscription_canceled: 'The customer says they were charged after cancelling a subscription.',
  general: 'The customer questions this payment with their bank.',
};
