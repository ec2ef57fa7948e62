import QRCode from 'qrcode';
import type { QrCodeDetailsRow } from './qr-code-details/qr-code-details.entity';

/** Minor units as a UPI amount: rupees with two decimals, in exact integer arithmetic. */
export function upiAmount(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * What the code encodes: a UPI intent URI (NPCI's `upi://pay`) that any UPI app can pay. The payee
 * address is the account's (`<account>@rzp`), the reference (`tr`) is the QR code id, so a payment
 * finds its code; the amount is set only for a fixed-amount code. Bharat QR codes carry the same
 * UPI intent.
 */
export function upiIntentUri(
  code: Pick<
    QrCodeDetailsRow,
    'id' | 'accountId' | 'name' | 'description' | 'fixedAmount' | 'paymentAmount'
  >,
): string {
  const params = new URLSearchParams({
    pa: `${code.accountId.toLowerCase()}@rzp`,
    pn: code.name ?? 'Merchant',
    tr: code.id,
  });
  if (code.fixedAmount && code.paymentAmount !== null)
    params.set('am', upiAmount(code.paymentAmount));
  params.set('cu', 'INR');
  if (code.description) params.set('tn', code.description);
  return `upi://pay?${params.toString()}`;
}

/** The code as a PNG (error correction M, a quiet zone of 4 modules, 480 px). */
export function qrCodePng(code: Parameters<typeof upiIntentUri>[0]): Promise<Buffer> {
  return QRCode.toBuffer(upiIntentUri(code), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 480,
  });
}
