import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;

/** What a payment's recon rows show of it, as payments published it. Times in milliseconds. */
export interface PaymentFacts {
  createdAt: number;
  method: string;
  description: string | null;
  notes: Notes;
  orderId: string | null;
  orderReceipt: string | null;
  card: { network: string; issuer: string | null; type: string } | null;
}

/*
 * Facts payments published, recorded once each in a stream per source entity (the payment, the
 * refund, the dispute), so the ledger can always be rebuilt from this service's own store. Every
 * time: milliseconds on the account's clock.
 */

/** A payment was captured: it adds `amount − fee` to the balance. */
export type CapturePosted = Event<
  'CapturePosted',
  {
    paymentId: string;
    currency: string;
    amount: number;
    fee: number;
    tax: number;
    capturedAt: number;
    payment: PaymentFacts;
  }
>;

/** A refund of a captured payment was made: it takes `amount` from the balance. */
export type RefundPosted = Event<
  'RefundPosted',
  {
    refundId: string;
    paymentId: string;
    currency: string;
    amount: number;
    createdAt: number;
    notes: Notes;
    payment: PaymentFacts | null;
  }
>;

/** A dispute was opened: its amount goes from the balance on hold (`adjustmentId` names that move). */
export type DisputeHoldPosted = Event<
  'DisputeHoldPosted',
  {
    adjustmentId: string;
    disputeId: string;
    paymentId: string;
    currency: string;
    amount: number;
    openedAt: number;
  }
>;

/** The dispute ended (won, closed, or lost, which deducts separately): the hold goes back to the balance. */
export type DisputeHoldReleased = Event<
  'DisputeHoldReleased',
  {
    adjustmentId: string;
    disputeId: string;
    paymentId: string;
    currency: string;
    amount: number;
    outcome: 'won' | 'closed' | 'lost';
    releasedAt: number;
  }
>;

/** The dispute was lost: `amount` (its amount_deducted) leaves the balance for good. */
export type DisputeLossPosted = Event<
  'DisputeLossPosted',
  {
    adjustmentId: string;
    disputeId: string;
    paymentId: string;
    currency: string;
    amount: number;
    lostAt: number;
  }
>;

export type CapturePostingEvent = CapturePosted;
export type RefundPostingEvent = RefundPosted;
export type DisputePostingEvent = DisputeHoldPosted | DisputeHoldReleased | DisputeLossPosted;
