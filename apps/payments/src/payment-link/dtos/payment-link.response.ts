import type { PaymentLinkEntity, PaymentMethod } from '@platform/contracts';
import type { PaymentLinkDetailsRow } from '../payment-link-details/payment-link-details.entity';

/** The link's page, served by the gateway (no key needed: it is sent to the customer). */
export function paymentLinkUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/l/${id}`;
}

export function toPaymentLinkEntity(row: PaymentLinkDetailsRow): PaymentLinkEntity {
  const hasNotes = Object.keys(row.notes).length > 0;
  return {
    id: row.id,
    amount: row.amount,
    amount_paid: row.amountPaid,
    currency: row.currency,
    status: row.status,
    accept_partial: row.acceptPartial,
    first_min_partial_amount: row.firstMinPartialAmount ?? 0,
    description: row.description,
    reference_id: row.referenceId ?? '',
    customer: row.customer,
    notify: { sms: row.notifySms, email: row.notifyEmail, whatsapp: false },
    reminder_enable: row.reminderEnable,
    reminders: row.reminderEnable ? { status: 'failed' } : [],
    notes: hasNotes ? row.notes : null,
    callback_url: row.callbackUrl,
    callback_method: row.callbackMethod,
    upi_link: row.upiLink,
    whatsapp_link: false,
    short_url: row.shortUrl,
    order_id: row.orderId,
    payments:
      row.payments.length === 0
        ? null
        : row.payments.map((payment) => ({
            payment_id: payment.paymentId,
            plink_id: row.id,
            amount: payment.amount,
            method: payment.method as PaymentMethod,
            status: 'captured',
            created_at: payment.createdAt,
            updated_at: payment.capturedAt,
          })),
    expire_by: row.expireBy ?? 0,
    expired_at: row.expiredAt ?? 0,
    cancelled_at: row.cancelledAt ?? 0,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    user_id: '',
    source: '',
    source_id: '',
  };
}
