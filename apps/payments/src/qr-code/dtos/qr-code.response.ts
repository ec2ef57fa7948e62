import type { QrCodeEntity } from '@platform/contracts';
import type { QrCodeDetailsRow } from '../qr-code-details/qr-code-details.entity';

/** The image is served by the gateway, publicly, like Razorpay's: anyone holding the URL can print it. */
export function qrImageUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/qr/${id}.png`;
}

export function toQrCodeEntity(row: QrCodeDetailsRow, publicBaseUrl: string): QrCodeEntity {
  return {
    id: row.id,
    entity: 'qr_code',
    created_at: row.createdAt,
    name: row.name,
    usage: row.usage,
    type: row.type,
    image_url: qrImageUrl(publicBaseUrl, row.id),
    payment_amount: row.paymentAmount,
    status: row.status,
    description: row.description,
    fixed_amount: row.fixedAmount,
    payments_amount_received: row.paymentsAmountReceived,
    payments_count_received: row.paymentsCountReceived,
    notes: row.notes,
    customer_id: row.customerId,
    close_by: row.closeBy,
    closed_at: row.closedAt,
    close_reason: row.closeReason,
    tax_invoice: row.taxInvoice as QrCodeEntity['tax_invoice'],
  };
}
