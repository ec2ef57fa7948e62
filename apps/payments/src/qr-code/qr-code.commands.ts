import type { Command } from '@platform/domain-kit';
import type { QrCodeTerms } from './qr-code.events';

/** `upiQrEnabled`: whether the account has the UPI QR feature in this mode (the gateway's settings). */
export type CreateQrCode = Command<
  'CreateQrCode',
  { qrCodeId: string; terms: QrCodeTerms; upiQrEnabled: boolean }
>;

export type CloseQrCode = Command<'CloseQrCode', Record<string, never>>;

/** A customer paid the code with this method and amount (checked before the payment is made). */
export type RecordQrPayment = Command<
  'RecordQrPayment',
  { paymentId: string; amount: number; method: string }
>;

/** Scheduled: the code's time ran out, if it has (close_by, or 45 days for single use without close_by). */
export type ExpireQrCode = Command<'ExpireQrCode', Record<string, never>>;

export type QrCodeCommand = CreateQrCode | CloseQrCode | RecordQrPayment | ExpireQrCode;
