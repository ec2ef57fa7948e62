import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;

/** The customer a link is for, as given (only the fields given). */
export interface LinkCustomer {
  name?: string;
  email?: string;
  contact?: string;
}

/** What the link asks for and how, as created (and later edited). */
export interface PaymentLinkTerms {
  amount: number;
  currency: string;
  /** Several payments may add up to the amount. */
  acceptPartial: boolean;
  /** With partial payments: the least the first payment may be (null: 100, the smallest payment). */
  firstMinPartialAmount: number | null;
  description: string | null;
  /** Unique among the account's links in the mode (null: none given). */
  referenceId: string | null;
  customer: LinkCustomer;
  /** Whether the platform sends the link itself at creation. */
  notify: { sms: boolean; email: boolean };
  reminderEnable: boolean;
  notes: Notes;
  callbackUrl: string | null;
  callbackMethod: 'get' | null;
  upiLink: boolean;
  /** Unix seconds; null: six months after the link's creation. */
  expireBy: number | null;
}

/** What PATCH may change. */
export type PaymentLinkChanges = Partial<
  Pick<PaymentLinkTerms, 'referenceId' | 'expireBy' | 'notes' | 'reminderEnable' | 'acceptPartial'>
>;

/**
 * `createdAt` and every other time in these events but `expireBy`: milliseconds on the account's
 * clock. `keyId`: the API key that made the link (its secret will sign the link's callback).
 * `shortUrl`: the link's page, sent to customers, so it never changes.
 */
export type PaymentLinkCreated = Event<
  'PaymentLinkCreated',
  {
    paymentLinkId: string;
    orderId: string;
    terms: PaymentLinkTerms;
    keyId: string;
    shortUrl: string;
    createdAt: number;
  }
>;

export type PaymentLinkEdited = Event<
  'PaymentLinkEdited',
  { changes: PaymentLinkChanges; editedAt: number }
>;

/** A payment of the link's order was captured: it counts towards `amount_paid`. */
export type PaymentLinkPaymentCaptured = Event<
  'PaymentLinkPaymentCaptured',
  {
    paymentId: string;
    amount: number;
    method: string;
    paymentCreatedAt: number;
    capturedAt: number;
  }
>;

/** Captured payments cover the amount; `paymentId` is the payment that completed it. */
export type PaymentLinkPaid = Event<'PaymentLinkPaid', { paymentId: string; paidAt: number }>;

export type PaymentLinkCancelled = Event<'PaymentLinkCancelled', { cancelledAt: number }>;

/** Its `expire_by` (or six months, without one) passed before it was paid. */
export type PaymentLinkExpired = Event<'PaymentLinkExpired', { expiredAt: number }>;

/** The link was sent to its customer (at creation, as `notify` asked, or by notify_by). */
export type PaymentLinkNotified = Event<
  'PaymentLinkNotified',
  { medium: 'sms' | 'email'; to: string; notifiedAt: number }
>;

export type PaymentLinkEvent =
  | PaymentLinkCreated
  | PaymentLinkEdited
  | PaymentLinkPaymentCaptured
  | PaymentLinkPaid
  | PaymentLinkCancelled
  | PaymentLinkExpired
  | PaymentLinkNotified;
