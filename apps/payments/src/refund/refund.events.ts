import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;
export type RefundSpeed = 'normal' | 'optimum';

export interface RefundTerms {
  paymentId: string;
  amount: number;
  currency: string;
  speedRequested: RefundSpeed;
  notes: Notes;
  receipt: string | null;
  /** The capture window of an authorized payment ended (not asked for through the API). */
  automatic: boolean;
}

/** Every time in these events: milliseconds on the account's clock. */
export type RefundCreated = Event<
  'RefundCreated',
  { refundId: string; terms: RefundTerms; createdAt: number }
>;

/** The bank has the money: `arn` is the acquirer reference the customer can trace it with. */
export type RefundProcessed = Event<
  'RefundProcessed',
  { speedProcessed: 'normal' | 'instant'; arn: string; processedAt: number }
>;

export type RefundNotesEdited = Event<'RefundNotesEdited', { notes: Notes }>;

export type RefundEvent = RefundCreated | RefundProcessed | RefundNotesEdited;
