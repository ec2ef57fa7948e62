import type { CommandMetadata } from '@platform/domain-kit';
import { DECLINED } from '../test-bank/test-instruments';
import type {
  AuthorizePayment,
  CapturePayment,
  CreatePayment,
  DeclinePayment,
  EditPaymentNotes,
  ExpirePayment,
  RecordDispute,
  RefundPayment,
} from './payment.commands';
import type {
  AcquirerChallenge,
  Notes,
  PaymentAuthorized,
  PaymentCreated,
  PaymentCaptured,
  PaymentDeclined,
  PaymentDetails,
  PaymentDisputed,
  PaymentNotesEdited,
  PaymentRefunded,
} from './payment.events';

export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const ORDER_ID = 'order_AbCdEfGhIjKlMn';
export const REFUND_ID = 'rfnd_AbCdEfGhIjKlMn';
export const SECOND_REFUND_ID = 'rfnd_BcDeFgHiJkLmNo';
export const THIRD_REFUND_ID = 'rfnd_CdEfGhIjKlMnOp';
export const AUTO_REFUND_ID = 'rfnd_ZyXwVuTsRqPoNm';
export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** When the payment is created (ms). */
export const NOW = 1_700_000_000_000;
/** When it is captured, edited and refunded (ms): an hour later. */
export const LATER = NOW + HOUR_MS;
/** The first moment its capture window of 3 days has ended. */
export const WINDOW_ENDS = NOW + 3 * DAY_MS;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};
export const AMOUNT = 50_000;
/** feeFor(50000): 2% commission (1000) plus 18% GST on it (180). */
export const FEE = { fee: 1180, tax: 180 };
export const ACQUIRER_DATA = { auth_code: '123456' };

/** The simulated bank's decline, the error a failed payment records. */
export { DECLINED };

export function details(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    amount: AMOUNT,
    currency: 'INR',
    method: 'card',
    orderId: ORDER_ID,
    invoiceId: null,
    card: {
      id: 'card_AbCdEfGhIjKlMn',
      name: 'Gaurav Kumar',
      last4: '1111',
      network: 'Visa',
      type: 'credit',
      issuer: 'HDFC',
      international: false,
      emi: true,
      subType: 'customer',
    },
    bank: null,
    wallet: null,
    vpa: null,
    email: 'gaurav.kumar@example.com',
    contact: '+919000090000',
    description: null,
    notes: {},
    international: false,
    disputeAfterCapture: false,
    ...overrides,
  };
}

export const at = (now: number): CommandMetadata => ({ ...METADATA, now });

/** The test bank's OTP challenge of a card that will be authorized. */
export const CHALLENGE: AcquirerChallenge = {
  name: 'test_bank',
  url: `/v1/checkout/test-bank/${PAYMENT_ID}`,
  pending: { page: 'otp', decline: null },
};
/** The first moment a created payment's 15 minutes to answer its challenge have passed. */
export const CHALLENGE_ENDS = NOW + 15 * 60 * 1000;

export function createPayment(overrides: Partial<PaymentDetails> = {}): CreatePayment {
  return {
    type: 'CreatePayment',
    data: {
      paymentId: PAYMENT_ID,
      details: details(overrides),
      acquirer: CHALLENGE,
      subscriptionId: null,
    },
    metadata: METADATA,
  };
}

export function paymentCreated(overrides: Partial<PaymentDetails> = {}): PaymentCreated {
  return {
    type: 'PaymentCreated',
    data: {
      paymentId: PAYMENT_ID,
      details: details(overrides),
      acquirer: CHALLENGE,
      subscriptionId: null,
      createdAt: NOW,
    },
  };
}

/** The scheduler's expiry of a created payment. */
export function expirePayment(now = CHALLENGE_ENDS): ExpirePayment {
  return { type: 'ExpirePayment', data: { paymentId: PAYMENT_ID }, metadata: at(now) };
}

export function authorizePayment(
  capture = false,
  overrides: Partial<PaymentDetails> = {},
): AuthorizePayment {
  return {
    type: 'AuthorizePayment',
    data: {
      paymentId: PAYMENT_ID,
      details: details(overrides),
      acquirerData: ACQUIRER_DATA,
      capture,
    },
    metadata: METADATA,
  };
}

export function paymentAuthorized(overrides: Partial<PaymentDetails> = {}): PaymentAuthorized {
  return {
    type: 'PaymentAuthorized',
    data: {
      paymentId: PAYMENT_ID,
      details: details(overrides),
      acquirerData: ACQUIRER_DATA,
      createdAt: NOW,
    },
  };
}

export function declinePayment(overrides: Partial<PaymentDetails> = {}): DeclinePayment {
  return {
    type: 'DeclinePayment',
    data: { paymentId: PAYMENT_ID, details: details(overrides), error: DECLINED },
    metadata: METADATA,
  };
}

export function paymentDeclined(overrides: Partial<PaymentDetails> = {}): PaymentDeclined {
  return {
    type: 'PaymentDeclined',
    data: { paymentId: PAYMENT_ID, details: details(overrides), error: DECLINED, createdAt: NOW },
  };
}

export function capturePayment({
  amount = AMOUNT,
  currency = 'INR',
  now = LATER,
}: { amount?: number; currency?: string; now?: number } = {}): CapturePayment {
  return { type: 'CapturePayment', data: { amount, currency }, metadata: at(now) };
}

export function paymentCaptured({
  amount = AMOUNT,
  currency = 'INR',
  fee = FEE,
  capturedAt = LATER,
}: {
  amount?: number;
  currency?: string;
  fee?: { fee: number; tax: number };
  capturedAt?: number;
} = {}): PaymentCaptured {
  return { type: 'PaymentCaptured', data: { amount, currency, ...fee, capturedAt } };
}

export function editPaymentNotes(notes: Notes): EditPaymentNotes {
  return { type: 'EditPaymentNotes', data: { notes }, metadata: at(LATER) };
}

export function paymentNotesEdited(notes: Notes): PaymentNotesEdited {
  return { type: 'PaymentNotesEdited', data: { notes } };
}

/** A refund asked for through the API; `amount` null: all that is left. */
export function refundPayment(
  amount: number | null,
  refundId = REFUND_ID,
  now = LATER,
): RefundPayment {
  return { type: 'RefundPayment', data: { refundId, amount, automatic: false }, metadata: at(now) };
}

export function paymentRefunded(
  amount: number,
  refundId = REFUND_ID,
  refundedAt = LATER,
): PaymentRefunded {
  return { type: 'PaymentRefunded', data: { refundId, amount, automatic: false, refundedAt } };
}

/** The scheduler's refund at the end of the capture window. */
export function refundAutomatically(now = WINDOW_ENDS): RefundPayment {
  return {
    type: 'RefundPayment',
    data: { refundId: AUTO_REFUND_ID, amount: null, automatic: true },
    metadata: at(now),
  };
}

export function paymentRefundedAutomatically(
  amount = AMOUNT,
  refundedAt = WINDOW_ENDS,
): PaymentRefunded {
  return {
    type: 'PaymentRefunded',
    data: { refundId: AUTO_REFUND_ID, amount, automatic: true, refundedAt },
  };
}

export const DISPUTE_ID = 'disp_AbCdEfGhIjKlMn';
export const SECOND_DISPUTE_ID = 'disp_BcDeFgHiJkLmNo';
export const THIRD_DISPUTE_ID = 'disp_CdEfGhIjKlMnOp';

/** A bank raised a dispute on the payment; `amount` null: all that can still be disputed. */
export function recordDispute(
  amount: number | null,
  disputeId = DISPUTE_ID,
  now = LATER,
): RecordDispute {
  return { type: 'RecordDispute', data: { disputeId, amount }, metadata: at(now) };
}

export function paymentDisputed(amount: number, disputeId = DISPUTE_ID): PaymentDisputed {
  return { type: 'PaymentDisputed', data: { disputeId, amount } };
}
