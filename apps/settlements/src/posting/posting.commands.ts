import type { Command } from '@platform/domain-kit';
import type { Notes, PaymentFacts } from './posting.events';

export type PostCapture = Command<
  'PostCapture',
  {
    paymentId: string;
    currency: string;
    amount: number;
    fee: number;
    tax: number;
    payment: PaymentFacts;
  }
>;

/** `captured`: whether the refunded payment was ever captured (an uncaptured one's refund moves no merchant money). */
export type PostRefund = Command<
  'PostRefund',
  {
    refundId: string;
    paymentId: string;
    currency: string;
    amount: number;
    notes: Notes;
    captured: boolean;
    payment: PaymentFacts | null;
  }
>;

export interface DisputeTerms {
  disputeId: string;
  paymentId: string;
  currency: string;
  amount: number;
}

/** Adjustment ids come from the edge (deterministic per dispute), so a replay names the same rows. */
export type OpenDisputeHold = Command<'OpenDisputeHold', { terms: DisputeTerms; holdId: string }>;
export type ResolveDispute = Command<
  'ResolveDispute',
  {
    terms: DisputeTerms;
    outcome: 'won' | 'closed' | 'lost';
    amountDeducted: number;
    releaseId: string;
    lossId: string;
  }
>;

export type CapturePostingCommand = PostCapture;
export type RefundPostingCommand = PostRefund;
export type DisputePostingCommand = OpenDisputeHold | ResolveDispute;
