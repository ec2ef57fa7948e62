import { createHash } from 'node:crypto';
import { ValidationFailed } from '@platform/domain-kit';
import type {
  Acquirer,
  AcquirerPending,
  AcquirerReferences,
  Authorization,
  Begun,
  CustomerResponse,
  PaymentAttempt,
  SavedInstrumentCharge,
} from '../acquirer/acquirer';
import type { PaymentError, PaymentMethod } from '../payment/payment.events';
import { CARD_ERRORS, checkoutOutcome, DECLINED } from './test-instruments';

/** The test bank's name, recorded with the payments whose challenge it holds. */
export const TEST_BANK = 'test_bank';

/** Where the customer answers the test bank's challenge: the gateway's public page, relative to it. */
export const testBankUrl = (paymentId: string): string => `/v1/checkout/test-bank/${paymentId}`;

/** An OTP that is not 4 to 10 digits (Razorpay's test mode: fewer than 4 fail). */
export const INCORRECT_OTP: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Authentication failed due to incorrect otp',
  source: 'customer',
  step: 'payment_authentication',
  reason: 'invalid_otp',
};

/** The customer pressed Failure on the netbanking or wallet page. */
export const PAGE_FAILED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment processing failed due to error at bank or wallet gateway.',
  source: 'gateway',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

/** A customer who says yes on every page: a valid OTP, Success. */
export const CUSTOMER_APPROVES: CustomerResponse = { otp: '123456', outcome: 'success' };

/** The page the customer answers: an OTP form for cards, Success and Failure for a bank or wallet. */
export type TestBankPage = 'otp' | 'bank' | 'wallet';

/** What the test bank keeps of a challenge: its page, and the error it will give after (never the number). */
export interface TestBankPending {
  page: TestBankPage;
  /** The reason of the decline the card gets once its OTP is answered; null: it is authorized. */
  decline: string | null;
}

const ERRORS_BY_REASON = new Map<string, PaymentError>(
  [DECLINED, ...Object.values(CARD_ERRORS)].map((error) => [error.reason, error]),
);

const PAGES: Record<Exclude<PaymentMethod, 'upi'>, TestBankPage> = {
  card: 'otp',
  netbanking: 'bank',
  wallet: 'wallet',
};

const OTP = /^\d{4,10}$/;

/**
 * Test mode's acquirer: the instrument decides the outcome (test-instruments.ts). A card is asked
 * for an OTP, a netbanking or wallet payment is sent to a page with Success and Failure; a UPI
 * collect is decided at once (`success@razorpay`, `failure@razorpay`). It moves no money; its
 * references are made from the payment's (or refund's) id, so a repeated call answers the same.
 */
export class TestBank implements Acquirer {
  readonly name = TEST_BANK;

  async begin(attempt: PaymentAttempt): Promise<Begun> {
    const { error, ...instrument } = checkoutOutcome(attempt.instrument, attempt.now);
    const { method } = attempt.instrument;
    if (method === 'upi')
      return {
        instrument,
        decided: error
          ? { authorized: false, error }
          : { authorized: true, references: testBankReferences(method, attempt.paymentId) },
      };
    const pending: TestBankPending = { page: PAGES[method], decline: error?.reason ?? null };
    return {
      instrument,
      challenge: { url: testBankUrl(attempt.paymentId), pending: { ...pending } },
    };
  }

  async answer(
    paymentId: string,
    pending: AcquirerPending,
    response: CustomerResponse,
  ): Promise<Authorization> {
    const { page, decline } = testBankPending(pending);
    const error = page === 'otp' ? otpError(response, decline) : pageError(response);
    if (error) return { authorized: false, error };
    const method = page === 'otp' ? 'card' : page === 'bank' ? 'netbanking' : 'wallet';
    return { authorized: true, references: testBankReferences(method, paymentId) };
  }

  /** A saved instrument's charge is authorized (test mode's switch to decline one is the simulator's). */
  async chargeSaved(charge: SavedInstrumentCharge): Promise<Authorization> {
    return { authorized: true, references: testBankReferences(charge.method, charge.paymentId) };
  }

  async capture({ paymentId }: { paymentId: string }): Promise<AcquirerReferences> {
    return { capture_reference: digitsFrom(paymentId, 'capture', 12) };
  }

  /** A 23-digit acquirer reference number, as card networks issue for refunds. */
  async refund({ refundId }: { refundId: string }): Promise<AcquirerReferences> {
    return { arn: digitsFrom(refundId, 'arn', 23) };
  }
}

/** The pending data of a test bank challenge, as begin wrote it. */
export function testBankPending(pending: AcquirerPending): TestBankPending {
  const { page, decline } = pending;
  if (
    (page !== 'otp' && page !== 'bank' && page !== 'wallet') ||
    (decline !== null && typeof decline !== 'string')
  )
    throw new Error('not a challenge of the test bank');
  return { page, decline };
}

function otpError(response: CustomerResponse, decline: string | null): PaymentError | null {
  const { otp } = response;
  if (typeof otp !== 'string') throw new ValidationFailed('The otp field is required.', 'otp');
  if (!OTP.test(otp.trim())) return INCORRECT_OTP;
  return decline === null ? null : (ERRORS_BY_REASON.get(decline) ?? DECLINED);
}

function pageError(response: CustomerResponse): PaymentError | null {
  const { outcome } = response;
  if (outcome !== 'success' && outcome !== 'failure')
    throw new ValidationFailed('The outcome must be success or failure.', 'outcome');
  return outcome === 'failure' ? PAGE_FAILED : null;
}

/** The references an acquirer returns for each method, the same for the same payment. */
export function testBankReferences(method: PaymentMethod, paymentId: string): AcquirerReferences {
  const digits = (label: string, length: number) => digitsFrom(paymentId, label, length);
  switch (method) {
    case 'card':
      return { auth_code: digits('auth_code', 6) };
    case 'upi':
      return { rrn: digits('rrn', 12), upi_transaction_id: digits('upi_transaction_id', 12) };
    case 'netbanking':
      return { bank_transaction_id: digits('bank_transaction_id', 10) };
    case 'wallet':
      return { transaction_id: digits('transaction_id', 12) };
  }
}

/** `length` decimal digits made from an id: a reference that is the same each time it is asked for. */
function digitsFrom(id: string, label: string, length: number): string {
  const hash = BigInt(`0x${createHash('sha256').update(`${label}:${id}`).digest('hex')}`);
  return (hash % 10n ** BigInt(length)).toString().padStart(length, '0');
}
