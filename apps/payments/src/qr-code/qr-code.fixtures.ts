import type { CommandMetadata } from '@platform/domain-kit';
import type { CloseQrCode, CreateQrCode, ExpireQrCode, RecordQrPayment } from './qr-code.commands';
import type {
  CloseReason,
  QrCodeClosed,
  QrCodeCreated,
  QrCodeCredited,
  QrCodeTerms,
} from './qr-code.events';

export const QR_CODE_ID = 'qr_AbCdEfGhIjKlMn';
export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const SECOND_PAYMENT_ID = 'pay_BcDeFgHiJkLmNo';
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 3600 * 1000;
/** When the code is created (ms). */
export const NOW = 1_700_000_000_000;
/** When it is paid or closed (ms): a minute later. */
export const LATER = NOW + MINUTE_MS;
/** The earliest close_by allowed at NOW: 15 minutes later, in Unix seconds. */
export const EARLIEST_CLOSE_BY = NOW / 1000 + 15 * 60;
/** The latest close_by allowed: the largest signed 32-bit Unix time. */
export const LATEST_CLOSE_BY = 2_147_483_647;
/** When a single-use code without close_by closes by itself: 45 days after its creation (ms). */
export const LIFETIME_ENDS = NOW + 45 * DAY_MS;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};
export const PAYMENT_AMOUNT = 50_000;

/** By default: a multiple-use UPI QR code that takes any amount. */
export function terms(overrides: Partial<QrCodeTerms> = {}): QrCodeTerms {
  return {
    type: 'upi_qr',
    name: 'Store Front',
    usage: 'multiple_use',
    fixedAmount: false,
    paymentAmount: null,
    description: null,
    customerId: null,
    closeBy: null,
    notes: {},
    taxInvoice: null,
    ...overrides,
  };
}

/** Terms of a code that takes one payment of PAYMENT_AMOUNT. */
export function singleUseTerms(overrides: Partial<QrCodeTerms> = {}): QrCodeTerms {
  return terms({
    usage: 'single_use',
    fixedAmount: true,
    paymentAmount: PAYMENT_AMOUNT,
    ...overrides,
  });
}

/** Terms of a multiple-use code that takes only payments of PAYMENT_AMOUNT. */
export function fixedAmountTerms(overrides: Partial<QrCodeTerms> = {}): QrCodeTerms {
  return terms({ fixedAmount: true, paymentAmount: PAYMENT_AMOUNT, ...overrides });
}

const at = (now: number): CommandMetadata => ({ ...METADATA, now });

/** `upiQrEnabled`: whether the account has the UPI QR feature (on by default). */
export function createQrCode(
  overrides: Partial<QrCodeTerms> = {},
  upiQrEnabled = true,
): CreateQrCode {
  return {
    type: 'CreateQrCode',
    data: { qrCodeId: QR_CODE_ID, terms: terms(overrides), upiQrEnabled },
    metadata: METADATA,
  };
}

export function qrCodeCreated(overrides: Partial<QrCodeTerms> = {}): QrCodeCreated {
  return {
    type: 'QrCodeCreated',
    data: { qrCodeId: QR_CODE_ID, terms: terms(overrides), createdAt: NOW },
  };
}

export function closeQrCode(now = LATER): CloseQrCode {
  return { type: 'CloseQrCode', data: {}, metadata: at(now) };
}

export function qrCodeClosed(reason: CloseReason = 'on_demand', closedAt = LATER): QrCodeClosed {
  return { type: 'QrCodeClosed', data: { reason, closedAt } };
}

export interface QrPayment {
  paymentId?: string;
  amount?: number;
  method?: string;
  now?: number;
}

/** By default: a UPI payment of PAYMENT_AMOUNT, a minute after the code was created. */
export function recordQrPayment({
  paymentId = PAYMENT_ID,
  amount = PAYMENT_AMOUNT,
  method = 'upi',
  now = LATER,
}: QrPayment = {}): RecordQrPayment {
  return { type: 'RecordQrPayment', data: { paymentId, amount, method }, metadata: at(now) };
}

export function qrCodeCredited(paymentId = PAYMENT_ID, amount = PAYMENT_AMOUNT): QrCodeCredited {
  return { type: 'QrCodeCredited', data: { paymentId, amount } };
}

/** The scheduler's close of the code at `now`, if its time ran out. */
export function expireQrCode(now: number): ExpireQrCode {
  return { type: 'ExpireQrCode', data: {}, metadata: at(now) };
}
