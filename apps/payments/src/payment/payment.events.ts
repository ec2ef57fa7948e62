import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;
export type PaymentMethod = 'card' | 'upi' | 'netbanking' | 'wallet';

/** What the card entity shows: never the number or the CVV. */
export interface CardDetails {
  id: string;
  name: string | null;
  last4: string;
  network:
    'American Express' | 'Diners Club' | 'Maestro' | 'MasterCard' | 'RuPay' | 'Unknown' | 'Visa';
  type: 'credit' | 'debit' | 'prepaid' | 'unknown';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  subType: 'customer' | 'business';
}

/** Where and how the customer paid, as checkout reports it. */
export interface PaymentDetails {
  amount: number;
  currency: string;
  method: PaymentMethod;
  orderId: string | null;
  invoiceId: string | null;
  /** The QR code paid (absent in events written before QR codes existed). */
  qrCodeId?: string | null;
  /** The customer of what was paid: the QR code's or the invoice's (absent in events written before it was kept). */
  customerId?: string | null;
  card: CardDetails | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  description: string | null;
  notes: Notes;
  international: boolean;
  /** A test instrument whose payment is disputed after capture (the disputes come with their own module). */
  disputeAfterCapture: boolean;
}

export interface PaymentError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
}

/**
 * The acquirer that holds a payment's challenge: its name, where the customer answers it, and its
 * own data about it (opaque to the payment; never the card number or the CVV).
 */
export interface AcquirerChallenge {
  name: string;
  url: string;
  pending: Readonly<Record<string, string | number | boolean | null>>;
}

/** Every time in these events: milliseconds on the account's clock. */
/**
 * Checkout began the payment and the acquirer challenged the customer (an OTP, the bank's page): the
 * payment is `created` until the customer answers, and fails by itself if they never do.
 * `subscriptionId`: the subscription it authorizes (its order is the authorization order).
 */
export type PaymentCreated = Event<
  'PaymentCreated',
  {
    paymentId: string;
    details: PaymentDetails;
    acquirer: AcquirerChallenge;
    subscriptionId: string | null;
    createdAt: number;
  }
>;

/**
 * `createdAt`: when the payment was made (for one `created` first, when it was created).
 * `acquirerData`: the references the acquirer gave (`auth_code` for cards, `rrn` for UPI, …). */
export type PaymentAuthorized = Event<
  'PaymentAuthorized',
  {
    paymentId: string;
    details: PaymentDetails;
    acquirerData: Record<string, string>;
    createdAt: number;
  }
>;

/** The instrument was declined (or the customer never answered): the payment is `failed`. */
export type PaymentDeclined = Event<
  'PaymentDeclined',
  { paymentId: string; details: PaymentDetails; error: PaymentError; createdAt: number }
>;

/** `fee` includes GST; `tax` is the GST part of it. */
export type PaymentCaptured = Event<
  'PaymentCaptured',
  { amount: number; currency: string; fee: number; tax: number; capturedAt: number }
>;

export type PaymentNotesEdited = Event<'PaymentNotesEdited', { notes: Notes }>;

/** Money went back to the customer (the refund itself is its own stream); `automatic`: never captured. */
export type PaymentRefunded = Event<
  'PaymentRefunded',
  { refundId: string; amount: number; automatic: boolean; refundedAt: number }
>;

/** A dispute was raised on this amount of the payment (the dispute itself is its own stream). */
export type PaymentDisputed = Event<'PaymentDisputed', { disputeId: string; amount: number }>;

export type PaymentEvent =
  | PaymentCreated
  | PaymentAuthorized
  | PaymentDeclined
  | PaymentCaptured
  | PaymentNotesEdited
  | PaymentRefunded
  | PaymentDisputed;
