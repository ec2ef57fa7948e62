import type { CommandMetadata } from '@platform/domain-kit';
import type {
  CreatePaymentLink,
  EditPaymentLink,
  RecordLinkPayment,
} from './payment-link.commands';
import type {
  PaymentLinkChanges,
  PaymentLinkCreated,
  PaymentLinkEvent,
  PaymentLinkTerms,
} from './payment-link.events';

export const LINK_ID = 'plink_AbCdEfGhIjKlMn';
export const ORDER_ID = 'order_AbCdEfGhIjKlMn';
export const KEY_ID = 'rzp_test_AbCdEfGhIjKlMn';
export const SHORT_URL = `https://api.example.com/l/${LINK_ID}`;
export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const SECOND_PAYMENT_ID = 'pay_BcDeFgHiJkLmNo';
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 3600 * 1000;
/** When the link is created (ms): 2023-11-14T22:13:20Z. */
export const NOW = 1_700_000_000_000;
/** When it is paid, edited or cancelled (ms): a minute later. */
export const LATER = NOW + MINUTE_MS;
/** Six calendar months after NOW (2024-05-14T22:13:20Z): the latest a link made at NOW may expire. */
export const SIX_MONTHS_ON = Date.UTC(2024, 4, 14, 22, 13, 20);
/** The earliest expire_by allowed at NOW: 15 minutes later, in Unix seconds. */
export const EARLIEST_EXPIRE_BY = NOW / 1000 + 15 * 60;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};
export const AMOUNT = 50_000;

export const at = (now: number, mode: 'test' | 'live' = 'test'): CommandMetadata => ({
  ...METADATA,
  mode,
  now,
});

/** By default: a link of 50,000 INR, paid in one payment, without expire_by. */
export function terms(overrides: Partial<PaymentLinkTerms> = {}): PaymentLinkTerms {
  return {
    amount: AMOUNT,
    currency: 'INR',
    acceptPartial: false,
    firstMinPartialAmount: null,
    description: 'Policy 23456',
    referenceId: 'TS1989',
    customer: { name: 'Gaurav Kumar', email: 'gaurav@example.com', contact: '+919000090000' },
    notify: { sms: false, email: false },
    reminderEnable: false,
    notes: {},
    callbackUrl: null,
    callbackMethod: null,
    upiLink: false,
    expireBy: null,
    ...overrides,
  };
}

export function createLink(
  overrides: Partial<PaymentLinkTerms> = {},
  metadata = METADATA,
): CreatePaymentLink {
  return {
    type: 'CreatePaymentLink',
    data: {
      paymentLinkId: LINK_ID,
      orderId: ORDER_ID,
      terms: terms(overrides),
      keyId: KEY_ID,
      shortUrl: SHORT_URL,
    },
    metadata,
  };
}

export function linkCreated(overrides: Partial<PaymentLinkTerms> = {}): PaymentLinkCreated {
  return {
    type: 'PaymentLinkCreated',
    data: {
      paymentLinkId: LINK_ID,
      orderId: ORDER_ID,
      terms: terms(overrides),
      keyId: KEY_ID,
      shortUrl: SHORT_URL,
      createdAt: NOW,
    },
  };
}

export function editLink(changes: PaymentLinkChanges, now = LATER): EditPaymentLink {
  return { type: 'EditPaymentLink', data: { changes }, metadata: at(now) };
}

export const linkEdited = (changes: PaymentLinkChanges): PaymentLinkEvent => ({
  type: 'PaymentLinkEdited',
  data: { changes, editedAt: LATER },
});

export function recordLinkPayment(
  amount = AMOUNT,
  paymentId = PAYMENT_ID,
  now = LATER,
): RecordLinkPayment {
  return {
    type: 'RecordLinkPayment',
    data: { paymentId, amount, method: 'card', paymentCreatedAt: NOW },
    metadata: at(now),
  };
}

export const linkPaymentCaptured = (
  amount = AMOUNT,
  paymentId = PAYMENT_ID,
  capturedAt = LATER,
): PaymentLinkEvent => ({
  type: 'PaymentLinkPaymentCaptured',
  data: { paymentId, amount, method: 'card', paymentCreatedAt: NOW, capturedAt },
});

export const linkPaid = (paymentId = PAYMENT_ID, paidAt = LATER): PaymentLinkEvent => ({
  type: 'PaymentLinkPaid',
  data: { paymentId, paidAt },
});

export const linkCancelled = (cancelledAt = LATER): PaymentLinkEvent => ({
  type: 'PaymentLinkCancelled',
  data: { cancelledAt },
});

export const linkExpired = (expiredAt = SIX_MONTHS_ON): PaymentLinkEvent => ({
  type: 'PaymentLinkExpired',
  data: { expiredAt },
});

export const linkNotified = (medium: 'sms' | 'email', to: string): PaymentLinkEvent => ({
  type: 'PaymentLinkNotified',
  data: { medium, to, notifiedAt: LATER },
});
