import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { PaymentLinkEvent } from '../payment-link.events';
import { PaymentLinkDetailsRow } from './payment-link-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function evolvePaymentLinkDetails(
  row: PaymentLinkDetailsRow | null,
  stored: StoredEvent,
): PaymentLinkDetailsRow | null {
  const event = stored as StoredEvent<PaymentLinkEvent>;
  if (event.type === 'PaymentLinkCreated') {
    const { terms, orderId, keyId, shortUrl, createdAt } = event.data;
    return newRow(event, createdAt, {
      amount: terms.amount,
      amountPaid: 0,
      currency: terms.currency,
      status: 'created',
      acceptPartial: terms.acceptPartial,
      firstMinPartialAmount: terms.firstMinPartialAmount,
      description: terms.description,
      referenceId: terms.referenceId,
      customer: terms.customer,
      notifySms: terms.notify.sms,
      notifyEmail: terms.notify.email,
      reminderEnable: terms.reminderEnable,
      notes: terms.notes,
      callbackUrl: terms.callbackUrl,
      callbackMethod: terms.callbackMethod,
      upiLink: terms.upiLink,
      orderId,
      keyId,
      shortUrl,
      payments: [],
      expireBy: terms.expireBy,
      expiredAt: null,
      cancelledAt: null,
      updatedAt: seconds(createdAt),
    });
  }
  return row && evolveExisting(row, event);
}

function evolveExisting(
  row: PaymentLinkDetailsRow,
  event: StoredEvent<PaymentLinkEvent>,
): PaymentLinkDetailsRow {
  switch (event.type) {
    case 'PaymentLinkEdited':
      return { ...row, ...event.data.changes, updatedAt: seconds(event.data.editedAt) };
    case 'PaymentLinkPaymentCaptured': {
      const { paymentId, amount, method, paymentCreatedAt, capturedAt } = event.data;
      const payment = {
        paymentId,
        amount,
        method,
        createdAt: seconds(paymentCreatedAt),
        capturedAt: seconds(capturedAt),
      };
      return {
        ...row,
        status: 'partially_paid',
        amountPaid: row.amountPaid + amount,
        payments: [...row.payments, payment],
        updatedAt: seconds(capturedAt),
      };
    }
    case 'PaymentLinkPaid':
      return { ...row, status: 'paid', updatedAt: seconds(event.data.paidAt) };
    case 'PaymentLinkCancelled':
      return {
        ...row,
        status: 'cancelled',
        cancelledAt: seconds(event.data.cancelledAt),
        updatedAt: seconds(event.data.cancelledAt),
      };
    case 'PaymentLinkExpired':
      return {
        ...row,
        status: 'expired',
        expiredAt: seconds(event.data.expiredAt),
        updatedAt: seconds(event.data.expiredAt),
      };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after a payment or a cancel sees it. */
export const paymentLinkDetailsProjection = rowProjection<PaymentLinkDetailsRow>({
  name: 'payment-link-details',
  entity: PaymentLinkDetailsRow,
  canHandle: [
    'PaymentLinkCreated',
    'PaymentLinkEdited',
    'PaymentLinkPaymentCaptured',
    'PaymentLinkPaid',
    'PaymentLinkCancelled',
    'PaymentLinkExpired',
  ],
  evolve: evolvePaymentLinkDetails,
});
