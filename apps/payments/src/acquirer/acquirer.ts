import type { CardDetails, PaymentError, PaymentMethod } from '../payment/payment.events';

/*
 * The acquirer port: how a payment method is authorized by whoever moves the money, and how its
 * money is later captured and refunded. The payment rules (the amount due, partial payments, the capture window)
 * are the payments service's and never depend on which acquirer serves a payment: an acquirer is
 * asked only once those rules allow the payment, and its answer is recorded by the same deciders.
 * Every call is keyed by the payment's (or refund's) id: a repeat after a crash or a lost race is the
 * same operation, and answers the same. docs/acquirers.md says how to add one.
 */

/** The card as the customer typed it. Its number and CVV live in memory, for this call only. */
export interface CardInput {
  number: string;
  name?: string | null;
  expiry_month: number;
  expiry_year: number;
  cvv: string;
}

/** The instrument as the customer gave it (the field of its method is required). */
export interface InstrumentInput {
  method: PaymentMethod;
  card?: CardInput;
  vpa?: string;
  bank?: string;
  wallet?: string;
}

/** One payment an acquirer is asked to authorize. */
export interface PaymentAttempt {
  paymentId: string;
  amount: number;
  currency: string;
  instrument: InstrumentInput;
  /**
   * Captured with its authorization (an order's payment_capture, a QR code, an invoice): the
   * acquirer captures it when it authorizes it, and is not asked to capture it again.
   */
  capture: boolean;
  /** Milliseconds on the account's clock (a card's expiry is checked against it). */
  now: number;
}

/**
 * A charge the customer is not there to answer: a subscription cycle's, with the instrument its
 * authorization saved. Keyed by `paymentId` like every call (attempt n of an invoice has one id).
 */
export interface SavedInstrumentCharge {
  paymentId: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** As the authorization payment recorded it (never the card number or the CVV). */
  instrument: InstrumentRecord;
  /** Captured with its authorization (the cycle's order captures at once). */
  capture: boolean;
  /** Milliseconds on the account's clock. */
  now: number;
}

/** What the payment records of the instrument: never the card number or the CVV. */
export interface InstrumentRecord {
  card: Omit<CardDetails, 'id'> | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  international: boolean;
  /** The test bank's dispute card: its bank disputes the payment once captured (false elsewhere). */
  disputeAfterCapture: boolean;
}

/** The acquirer's references of an operation (`auth_code`, `rrn`, `arn`…): shown in `acquirer_data`. */
export type AcquirerReferences = Record<string, string>;

/** The acquirer's decision: authorized with its references, or declined with the error the customer sees. */
export type Authorization =
  { authorized: true; references: AcquirerReferences } | { authorized: false; error: PaymentError };

/**
 * What the acquirer keeps about a challenge it set, opaque to the payment: recorded in the payment's
 * own event and handed back with the customer's answer. Never the card number or the CVV.
 */
export type AcquirerPending = Readonly<Record<string, string | number | boolean | null>>;

/** The customer's answer to a challenge: the fields of the form they submitted (`otp`, `outcome`…). */
export type CustomerResponse = Readonly<Record<string, unknown>>;

/**
 * How an attempt began: decided at once (a UPI collect the test bank answers itself), or a
 * challenge the customer must answer at `url` (an OTP page, the bank's or the wallet's page), which
 * a real acquirer may give as an absolute URL.
 */
export type Begun = { instrument: InstrumentRecord } & (
  { decided: Authorization } | { challenge: { url: string; pending: AcquirerPending } }
);

export interface Acquirer {
  /** Its name, recorded with each payment it holds a challenge for (`test_bank`). */
  readonly name: string;
  /**
   * Starts the authorization. An instrument it cannot take throws a ValidationFailed naming the
   * field (nothing is recorded then).
   */
  begin(attempt: PaymentAttempt): Promise<Begun>;
  /** The customer answered the challenge: authorized or declined. A malformed answer throws a ValidationFailed. */
  answer(
    paymentId: string,
    pending: AcquirerPending,
    response: CustomerResponse,
  ): Promise<Authorization>;
  /**
   * Charges a saved instrument with no customer present (a subscription's cycle): decided at once,
   * with no challenge.
   */
  chargeSaved(charge: SavedInstrumentCharge): Promise<Authorization>;
  /** Takes an authorized payment's money (POST /v1/payments/:id/capture, once the payment's rules allowed it). */
  capture(capture: {
    paymentId: string;
    amount: number;
    currency: string;
  }): Promise<AcquirerReferences>;
  /** Sends a refund's money back to the customer; its references (`arn`). */
  refund(refund: {
    refundId: string;
    paymentId: string;
    amount: number;
    currency: string;
  }): Promise<AcquirerReferences>;
}
